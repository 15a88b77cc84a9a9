// Accessibility (axe-core) at a laptop (1366×900) and a phone (390×844): the workspace flow (setup and essay
// tabs, a graded report) under axe's defaults, and every main screen of screens.ts (landing, student link, setup,
// dashboard list / table / summary, teacher report, review panel, plans, 회원 관리, the report's print version) in
// light and dark under the design system's rules (defaults + color-contrast + label-content-name-mismatch):
// no serious or critical violations.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { closeTestSql, createMember } from "../helpers/users.ts";
import { designSystemViolations, setQuestion, signIn, seriousViolations } from "./support.ts";
import { openReportForPrint, preparePage, SCREENS, seedClass, signInTeacher, SIZES, THEMES, type ClassData } from "./screens.ts";

const fixtures = join(import.meta.dirname, "../fixtures/essays");
const ESSAY = readFileSync(join(fixtures, "strong.txt"), "utf8");
const QUESTION = readFileSync(join(fixtures, "prompt.txt"), "utf8");

const VIEWPORTS = [
  { name: "laptop", width: 1366, height: 900 },
  { name: "phone", width: 390, height: 844 },
] as const;

let data: ClassData;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  data = await seedClass();
});

test.afterAll(async () => {
  await closeTestSql();
});

for (const size of SIZES) {
  for (const theme of THEMES) {
    test(`main screens have no serious axe violations at ${size.name} ${size.width}×${size.height}, ${theme}`, async ({ page }) => {
      test.setTimeout(480_000);
      await preparePage(page, size, theme);
      const found: Record<string, string[]> = {};
      for (const screen of SCREENS.filter((s) => !s.signedIn)) {
        await screen.open(page, data);
        found[screen.name] = await designSystemViolations(page);
      }
      await signInTeacher(page, data);
      for (const screen of SCREENS.filter((s) => s.signedIn)) {
        await screen.open(page, data);
        found[screen.name] = await designSystemViolations(page);
      }
      await openReportForPrint(page, data);
      found["report-print"] = await designSystemViolations(page);
      const none = Object.fromEntries(Object.keys(found).map((name) => [name, []]));
      expect(found).toEqual(none);
    });
  }
}

for (const vp of VIEWPORTS) {
  test(`workspace and a graded report have no serious axe violations at ${vp.name} ${vp.width}×${vp.height}`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: vp.width, height: vp.height });
    const teacher = await createMember();
    await signIn(page, teacher);

    // Setup tab.
    await expect(page.getByRole("tab", { name: "문제 및 기준 설정" })).toHaveAttribute("aria-selected", "true");
    expect(await seriousViolations(page), "setup tab").toEqual([]);

    // Essay tab.
    await setQuestion(page, QUESTION);
    await page.getByLabel("학생 답안").fill(ESSAY);
    await page.getByLabel("학생 이름 (선택)").fill("접근성");
    expect(await seriousViolations(page), "essay tab").toEqual([]);

    // A graded report.
    await page.getByRole("button", { name: "AI 첨삭 시작" }).click();
    const row = page.getByTestId("submission-row");
    await expect(row).toHaveAttribute("data-status", "completed", { timeout: 30_000 });
    expect(await seriousViolations(page), "dashboard").toEqual([]);
    await row.getByRole("button", { name: "보기" }).click();
    await expect(page.getByTestId("report-view").getByTestId("annotated-essay")).toBeVisible();
    expect(await seriousViolations(page), "report").toEqual([]);
  });
}
