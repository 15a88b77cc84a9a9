// Teacher review in the browser: the teacher changes a category score (the total follows), adds an
// annotation by selecting text of the answer, marks the report 검토 완료, sees the AI original,
// downloads the TXT with the new total, and makes a student link that opens signed out until revoked.
// The answer is made through the API (graded by the fake LLM: 80/100, 논리 구조 32/40).
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { api, closeTestSql, createMember } from "../helpers/users.ts";
import { createSession, FIXTURE_ESSAY as ESSAY, FIXTURE_PROMPT as QUESTION, submitEssay, waitForEnd } from "../helpers/grading.ts";
import { signIn } from "./support.ts";

test.afterAll(async () => {
  await closeTestSql();
});

test("a teacher reviews a report, downloads it, and shares a link that a signed-out student opens until it is revoked", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const teacher = await createMember();
  const sessionId = await createSession(teacher, QUESTION, "검토_문제.txt");
  const submissionId = await submitEssay(teacher, sessionId, ESSAY, { studentName: "김검토", studentId: "20240777" });
  expect((await waitForEnd(submissionId, 30_000)).status).toBe("completed");

  await signIn(page, teacher, `/sessions/${sessionId}`);
  const row = page.getByTestId("submission-row").filter({ hasText: "김검토" });
  await row.getByRole("button", { name: "보기" }).click();
  const report = page.getByTestId("report-view");
  await expect(report.getByTestId("report-total")).toContainText("80/100점");
  await expect(report.getByTestId("review-badge")).toHaveText("검토 전");

  // Edit: 논리 구조 32 → 36; the preview total follows, then the saved report.
  await report.getByTestId("review-edit").click();
  const panel = report.getByTestId("review-panel");
  await panel.getByLabel("논리 구조 점수").fill("36");
  await expect(panel.getByTestId("review-total")).toContainText("84/100점");

  // Add an annotation by selecting the first words of the answer.
  const quote = await panel.getByTestId("review-essay").evaluate((el) => {
    const text = [...el.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? "").trim().length > 10)!;
    const offset = (text.textContent ?? "").search(/\S/);
    const range = document.createRange();
    range.setStart(text, offset);
    range.setEnd(text, offset + 8);
    const sel = window.getSelection()!;
    sel.removeAllRanges();
    sel.addRange(range);
    return range.toString();
  });
  await panel.getByRole("button", { name: "첨삭 추가" }).click();
  const added = panel.locator("li[data-new]");
  await expect(added).toContainText(quote);
  await added.getByLabel(/첨삭 \d+ 첨삭 내용/).fill("첫 문장을 더 간결하게 써 보세요.");
  await panel.getByTestId("review-save").click();
  await expect(panel).toHaveCount(0);
  await expect(report.getByTestId("report-total")).toContainText("84/100점");
  await expect(report.getByTestId("report-categories")).toContainText("36/40");
  await expect(report.getByTestId("review-badge")).toHaveText("수정 저장됨 · 검토 완료 전");
  const saved = await api(`/submissions/${submissionId}/report`, { token: teacher.token });
  expect(saved.body.annotations.some((a: { quote: string; source: string }) => a.quote === quote && a.source === "teacher")).toBe(true);

  // 검토 완료
  await report.getByTestId("review-complete").click();
  await expect(report.getByTestId("review-badge")).toContainText("검토 완료");
  await expect(report.getByTestId("review-badge")).toHaveAttribute("data-reviewed", "true");

  // AI 원안 보기: the original score and the log.
  await report.getByTestId("ai-original-open").click();
  const original = page.getByTestId("ai-original");
  await expect(original.getByTestId("ai-original-total")).toContainText("80/100점");
  await expect(original.getByText("논리 구조", { exact: true })).toBeVisible();
  await expect(original).toContainText("논리 구조32/40");
  await expect(original.getByTestId("edit-log")).toContainText("논리 구조 점수·피드백: 32점 → 36점");
  await page.getByRole("button", { name: "닫기" }).first().click();
  await expect(original).toHaveCount(0);

  // TXT download with the new total and 검토 완료.
  const [download] = await Promise.all([page.waitForEvent("download"), report.getByRole("button", { name: "TXT 다운로드" }).click()]);
  const txt = (await readFile((await download.path())!)).toString("utf8");
  expect(txt).toContain("총점        : 84 / 100점");
  expect(txt).toMatch(/검토 {8}: 검토 완료 \(/);

  // The class CSV from the dashboard carries the reviewed total and says it was reviewed.
  await report.getByRole("button", { name: "← 대시보드로 돌아가기" }).click();
  const [csvDownload] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "결과 CSV 다운로드" }).click()]);
  const csvLines = (await readFile((await csvDownload.path())!))
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .split("\r\n");
  const header = csvLines[0].split(",");
  const studentLine = csvLines.find((l) => l.startsWith("김검토,"))!.split(",");
  expect(studentLine[header.indexOf("총점")]).toBe("84");
  expect(studentLine[header.indexOf("검토 완료")]).toBe("예");
  await page.getByTestId("submission-row").filter({ hasText: "김검토" }).getByRole("button", { name: "보기" }).click();
  await expect(report).toBeVisible();

  // Student link, opened in a signed-out browser context.
  await report.getByTestId("share-open").click();
  const dialog = page.getByTestId("share-dialog");
  await dialog.getByTestId("share-create").click();
  const url = await dialog.getByTestId("share-url").inputValue();
  expect(url).toMatch(/\/r\/[A-Za-z0-9_-]{43}$/);

  const student = await browser.newContext();
  const studentPage = await student.newPage();
  await studentPage.goto(url);
  const shared = studentPage.getByTestId("shared-report");
  await expect(shared.getByTestId("report-total")).toContainText("84/100점");
  await expect(shared).toContainText("김검토");
  await expect(shared.getByTestId("review-badge")).toContainText("검토 완료");
  await expect(shared.getByTestId("review-badge")).toHaveAttribute("data-reviewed", "true");
  await expect(shared.getByTestId("report-answer")).toContainText("첫 문장을 더 간결하게 써 보세요.");
  await expect(shared).not.toContainText("20240777");
  await expect(shared).not.toContainText(teacher.username);

  // Revoke → the same link shows the Korean 404.
  await dialog.getByTestId("share-revoke").click();
  await expect(dialog.getByTestId("share-list")).toContainText("취소됨");
  const again = await student.newPage();
  await again.goto(url);
  await expect(again.getByTestId("shared-report-error")).toContainText("링크가 만료되었거나 취소되었습니다.");
  await expect(again.getByTestId("shared-report-error")).toContainText("404");
  await student.close();
});
