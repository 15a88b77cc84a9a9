import { defineConfig, devices } from "@playwright/test";

const chromiumArgs = [
  "--no-sandbox",
  "--headless=new",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: false,
  workers: process.env.CI ? 1 : 2,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 15_000, toHaveScreenshot: { maxDiffPixelRatio: 0.01, animations: "disabled", caret: "hide" } },
  // Screenshot baselines (visual.spec.ts) sit next to their spec without a platform suffix: CI and every
  // developer machine are Linux with Debian's Chromium and fonts-noto-cjk, and compare against the same files.
  snapshotPathTemplate: "{testDir}/{testFileName}-snapshots/{arg}{ext}",
  reporter: "list",
  use: {
    ...devices["Desktop Chrome"],
    baseURL: process.env.TEST_APP_URL,
    locale: "ko-KR",
    timezoneId: "Asia/Seoul",
    trace: "off",
    screenshot: "only-on-failure",
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    launchOptions: { executablePath: "/usr/bin/chromium", args: chromiumArgs },
  },
  projects: [{ name: "chromium" }],
});
