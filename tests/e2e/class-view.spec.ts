// Every workspace screen has a URL (class-view): after 다음 단계 the address is /sessions/<id>, a typed
// draft and the tab survive a reload, a report is /sessions/<id>/submissions/<sid> with 이전 학생 /
// 다음 학생, and Back returns to the dashboard. Run at a laptop and a phone size.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { closeTestSql } from "../helpers/users.ts";
import { utf8 } from "../helpers/files.ts";
import { setQuestion, signInOnPlan, startGrading } from "./support.ts";

const ESSAY = readFileSync(join(import.meta.dirname, "../fixtures/essays/strong.txt"), "utf8");

async function submitTyped(page: Page, name: string) {
  await page.getByRole("tab", { name: "답안 작성" }).click();
  await startGrading(page, ESSAY, name);
  await expect(page.getByTestId("submission-row").filter({ hasText: name })).toHaveAttribute("data-status", "completed");
}

test.afterAll(async () => {
  await closeTestSql();
});

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test("the session, the tab, a typed draft and a report all live in the URL", async ({ page }) => {
      await signInOnPlan(page, "educator");

      await setQuestion(page);
      await expect(page).toHaveURL(/\/sessions\/[0-9a-f-]{36}\?tab=essay$/);
      const sessionPath = new URL(page.url()).pathname;

      // A typed, unsent answer and the tab survive a reload.
      await page.getByLabel("학생 답안").fill("아직 보내지 않은 초안입니다.");
      await page.getByLabel("학생 이름 (선택)").fill("초안학생");
      await page.reload();
      await expect(page.getByRole("tab", { name: "답안 작성" })).toHaveAttribute("aria-selected", "true");
      await expect(page.getByLabel("학생 답안")).toHaveValue("아직 보내지 않은 초안입니다.");
      await expect(page.getByLabel("학생 이름 (선택)")).toHaveValue("초안학생");

      // Two graded answers; a successful submit forgets the draft.
      await submitTyped(page, "홍길동");
      await expect(page).toHaveURL(new RegExp(`${sessionPath}$`));
      await submitTyped(page, "김철수");
      await page.getByRole("tab", { name: "답안 작성" }).click();
      await expect(page.getByLabel("학생 답안")).toHaveValue("");
      await page.getByRole("tab", { name: /첨삭 현황/ }).click();
      await expect(page).toHaveURL(new RegExp(`${sessionPath}$`));

      // The list's order decides 이전 / 다음.
      const rows = page.getByTestId("submission-row");
      await expect(rows).toHaveCount(2);
      const ids = await rows.evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.submissionId ?? ""));
      const names = await rows.evaluateAll((els) => els.map((el) => el.querySelector("span")?.textContent ?? ""));

      await rows.nth(0).getByRole("button", { name: "보기" }).click();
      const report = page.getByTestId("report-view");
      await expect(report.getByRole("heading", { name: "AI 논술 첨삭 리포트" })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${sessionPath}/submissions/${ids[0]}$`));
      await expect(report.getByRole("button", { name: "이전 학생" })).toBeDisabled();

      // Reload → the same report.
      await page.reload();
      await expect(page).toHaveURL(new RegExp(`${sessionPath}/submissions/${ids[0]}$`));
      await expect(report.getByTestId("report-summary")).toContainText(names[0]);

      // 다음 학생 → the next row's report; Back → the dashboard.
      await report.getByRole("button", { name: "다음 학생" }).click();
      await expect(page).toHaveURL(new RegExp(`${sessionPath}/submissions/${ids[1]}$`));
      await expect(report.getByTestId("report-summary")).toContainText(names[1]);
      await expect(report.getByRole("button", { name: "다음 학생" })).toBeDisabled();
      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`${sessionPath}$`));
      await expect(page.getByTestId("report-view")).toHaveCount(0);
      await expect(rows).toHaveCount(2);

      // The in-page back button also lands on the dashboard.
      await rows.nth(1).getByRole("button", { name: "보기" }).click();
      await report.getByRole("button", { name: "← 대시보드로 돌아가기" }).click();
      await expect(page).toHaveURL(new RegExp(`${sessionPath}$`));
      await expect(rows).toHaveCount(2);
    });
  });
}

test("every problem of a chosen batch is listed at once, and digits of a non-Korean name are no 수험번호", async ({ page }) => {
  await signInOnPlan(page, "educator");
  await setQuestion(page);
  await page.getByRole("tab", { name: "파일 업로드" }).click();
  await page.getByLabel("답안 파일 선택").setInputFiles([
    { name: "essay-utf8-bom.txt", mimeType: "text/plain", buffer: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8(ESSAY)]) },
    { name: "빈답안.txt", mimeType: "text/plain", buffer: Buffer.alloc(0) },
    { name: "짧은답안.txt", mimeType: "text/plain", buffer: utf8("너무 짧습니다.") },
    { name: "메모.hwp", mimeType: "application/octet-stream", buffer: utf8("x") },
  ]);
  const problems = page.getByTestId("file-problems");
  // A short answer is not refused in the browser: the server records it with its student (refused answers).
  await expect(problems).toContainText("확인이 필요한 파일 2개");
  await expect(problems.getByRole("listitem")).toHaveCount(2);
  await expect(problems).toContainText("빈답안.txt: 빈 파일입니다.");
  await expect(problems).not.toContainText("짧은답안.txt");
  await expect(problems).toContainText("메모.hwp");
  await expect(page.getByTestId("essay-count-badge")).toHaveText("파일 2개");
  const panel = page.getByRole("region", { name: "학생 정보 확인 및 수정" });
  await expect(panel.getByLabel("essay-utf8-bom.txt 학생 이름")).toHaveValue("");
  await expect(panel.getByLabel("essay-utf8-bom.txt 수험번호")).toHaveValue("");
});
