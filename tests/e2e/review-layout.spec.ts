// The review panel and the share dialog at a laptop and a phone size: a score input is as wide as a
// 2–3 digit number with "/ 40점" on its line, the answer stands beside the form on a wide screen (not
// in a short scroll box above it), and the share dialog's 유효 기간 input sits on one line with "일".
import { expect, test, type Locator, type Page } from "@playwright/test";
import { closeTestSql, createMember } from "../helpers/users.ts";
import { createSession, FIXTURE_ESSAY, FIXTURE_PROMPT, submitEssay, waitForEnd } from "../helpers/grading.ts";
import { signIn, WORKSPACE_VIEWPORTS } from "./support.ts";

test.afterAll(async () => {
  await closeTestSql();
});

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  expect(b, "the element is laid out").not.toBeNull();
  return b!;
}

/** `unit` is on the input's line: its vertical middle lies within the input's height, and it starts after it. */
async function expectOnOneLine(input: Locator, unit: Locator) {
  const i = await box(input);
  const u = await box(unit);
  expect(i.width).toBeLessThanOrEqual(96);
  expect(u.y + u.height / 2).toBeGreaterThan(i.y);
  expect(u.y + u.height / 2).toBeLessThan(i.y + i.height);
  expect(u.x).toBeGreaterThanOrEqual(i.x + i.width);
}

async function openReview(page: Page) {
  const teacher = await createMember();
  const sessionId = await createSession(teacher, FIXTURE_PROMPT, "배치_문제.txt");
  const submissionId = await submitEssay(teacher, sessionId, FIXTURE_ESSAY, { studentName: "김배치" });
  expect((await waitForEnd(submissionId, 30_000)).status).toBe("completed");
  await signIn(page, teacher, `/sessions/${sessionId}`);
  await page.getByTestId("submission-row").filter({ hasText: "김배치" }).getByRole("button", { name: "보기" }).click();
  await page.getByTestId("review-edit").click();
  return page.getByTestId("review-panel");
}

for (const viewport of WORKSPACE_VIEWPORTS) {
  test(`review panel and share dialog at ${viewport.width}×${viewport.height}`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    const panel = await openReview(page);
    // the fake grader's first category is 논리 구조, out of 40
    const score = panel.getByLabel("논리 구조 점수");
    await expectOnOneLine(score, panel.getByText("/ 40점", { exact: true }));

    const essay = await box(panel.getByTestId("review-essay"));
    const total = await box(panel.getByTestId("review-total"));
    if (viewport.width >= 1024) {
      // beside the form (which opens with the total), and not cut to a short scroll box
      const input = await box(score);
      expect(essay.x + essay.width).toBeLessThanOrEqual(total.x);
      expect(essay.y).toBeLessThan(input.y);
      expect(essay.y + essay.height).toBeGreaterThan(input.y + input.height);
      expect(essay.height).toBeGreaterThan(500);
    }
    // nothing runs off a phone's screen
    expect(total.x + total.width).toBeLessThanOrEqual(viewport.width);

    await panel.getByRole("button", { name: "취소" }).click();
    await page.getByTestId("review-complete").click();
    await expect(page.getByTestId("review-badge")).toHaveAttribute("data-reviewed", "true");
    await page.getByTestId("share-open").click();
    const dialog = page.getByTestId("share-dialog");
    await expectOnOneLine(dialog.getByLabel("유효 기간(일)"), dialog.getByText("일", { exact: true }));
  });
}
