// Visual regression of the main screens (screens.ts) at 1366×900 and 390×844, light and dark, against the
// baselines in visual.spec.ts-snapshots/ (no platform suffix: playwright.config.ts snapshotPathTemplate).
// Deterministic: a fixed class (names, scores of the fake grader, times pinned with SQL), the page's clock frozen,
// reduced motion, animations off, caret hidden, full-page shots, at most 1 % of pixels may differ. What stays
// variable whatever the data (the admins' grading cost over every account of the database, the live-updates
// indicator) is masked. Regenerate after a deliberate change: `npm run test:visual:update`, then look at the
// images and commit them on their own.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { closeTestSql } from "../helpers/users.ts";
import { openReportForPrint, preparePage, SCREENS, seedClass, signInTeacher, SIZES, THEMES, type ClassData } from "./screens.ts";

let data: ClassData;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  data = await seedClass();
});

test.afterAll(async () => {
  await closeTestSql();
});

const masked = (page: Page): Locator[] => [page.getByTestId("grading-cost"), page.getByTestId("live-indicator")];

async function shot(page: Page, name: string) {
  // Fonts loaded and the page settled (no request in flight) before the picture.
  await page.evaluate(() => document.fonts.ready);
  await page.waitForLoadState("networkidle").catch(() => {});
  await expect(page).toHaveScreenshot(`${name}.png`, {
    fullPage: true,
    animations: "disabled",
    caret: "hide",
    scale: "css",
    maxDiffPixelRatio: 0.01,
    mask: masked(page),
    timeout: 30_000,
  });
}

for (const size of SIZES) {
  for (const theme of THEMES) {
    test(`main screens look as their baselines at ${size.name} ${size.width}×${size.height}, ${theme}`, async ({ page }) => {
      test.setTimeout(480_000);
      await preparePage(page, size, theme);
      const suffix = `${size.name}-${theme}`;
      for (const screen of SCREENS.filter((s) => !s.signedIn)) {
        await screen.open(page, data);
        await shot(page, `${screen.name}-${suffix}`);
      }
      await signInTeacher(page, data);
      for (const screen of SCREENS.filter((s) => s.signedIn)) {
        await screen.open(page, data);
        await shot(page, `${screen.name}-${suffix}`);
      }
      await openReportForPrint(page, data);
      await shot(page, `report-print-${suffix}`);
    });
  }
}
