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
  // One retry in CI only (Playwright lists such a test as flaky): the live-progress spec
  // (grading.spec.ts, five answers) races a list refetch against the completion broadcast now and then.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 15_000 },
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
