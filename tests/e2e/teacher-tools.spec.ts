// Teacher tools on the dashboard: the session's results as a CSV download, grading an errored answer
// again, and deleting one answer. Sessions and answers are made through the API (graded by the fake
// LLM at 80 %), then the teacher opens /sessions/{id}.
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { closeTestSql, createMember, testSql, type TestUser } from "../helpers/users.ts";
import { createSession, FIXTURE_ESSAY, FIXTURE_PROMPT, submitEssay } from "../helpers/grading.ts";
import { signIn, toast } from "./support.ts";

const ESSAY = FIXTURE_ESSAY;
const newSession = (user: TestUser, filename: string) => createSession(user, FIXTURE_PROMPT, filename);
const submit = (user: TestUser, sessionId: string, studentName: string, studentId: string, essay = ESSAY) =>
  submitEssay(user, sessionId, essay, { studentName, studentId });

async function waitCompleted(id: string) {
  await expect
    .poll(async () => (await testSql()`select status from public.essay_submissions where id = ${id}`)[0]?.status, {
      timeout: 30_000,
    })
    .toBe("completed");
}

test.afterAll(async () => {
  await closeTestSql();
});

test("downloads the session's results as a CSV with the student's name and score", async ({ page }) => {
  const teacher = await createMember();
  const sessionId = await newSession(teacher, "기후변화_논술문제.txt");
  await signIn(page, teacher, `/sessions/${sessionId}`);

  const exportButton = page.getByRole("button", { name: "결과 CSV 다운로드" });
  await expect(exportButton).toBeDisabled();

  const id = await submit(teacher, sessionId, "홍길동", "20240101");
  await waitCompleted(id);
  const row = page.getByTestId("submission-row").filter({ hasText: "홍길동" });
  await expect(row).toHaveAttribute("data-status", "completed", { timeout: 20_000 });
  await expect(row).toContainText("80점");
  await expect(exportButton).toBeEnabled();

  const [download] = await Promise.all([page.waitForEvent("download"), exportButton.click()]);
  expect(download.suggestedFilename()).toBe("채점결과_기후변화_논술문제.csv");
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .split("\r\n");
  expect(lines[0]).toContain("학생 이름,수험번호,상태,총점,만점");
  expect(lines[1]).toMatch(/^홍길동,20240101,완료,80,100,/);
  await expect(toast(page).filter({ hasText: "다운로드 완료" })).toBeVisible();
});

test("grades an errored answer again from the dashboard", async ({ page }) => {
  const teacher = await createMember();
  const sessionId = await newSession(teacher, "논술문제.txt");
  const id = await submit(teacher, sessionId, "이영희", "20240103", `${ESSAY}\n[[llm:slow:1500]]`);
  await waitCompleted(id);
  await testSql()`select private.release_usage(${id}::uuid)`;
  await testSql()`
    update public.essay_submissions
       set status = 'error', progress_message = 'AI 응답을 받지 못했습니다.', last_error = 'timeout'
     where id = ${id}`;
  await signIn(page, teacher, `/sessions/${sessionId}`);

  const row = page.getByTestId("submission-row").filter({ hasText: "이영희" });
  await expect(row).toHaveAttribute("data-status", "error");
  await expect(row).toContainText("AI 응답을 받지 못했습니다.");
  await row.getByRole("button", { name: "다시 채점" }).click();
  await expect(toast(page).filter({ hasText: "다시 채점 요청" })).toBeVisible();
  await expect(row).toHaveAttribute("data-status", "completed", { timeout: 30_000 });
  await expect(row).toContainText("80점");
  await expect(row.getByRole("button", { name: "다시 채점" })).toHaveCount(0);
});

test("deletes one answer after confirming and it leaves the list", async ({ page }) => {
  const teacher = await createMember();
  const sessionId = await newSession(teacher, "논술문제.txt");
  const keep = await submit(teacher, sessionId, "김철수", "20240102");
  const gone = await submit(teacher, sessionId, "박민수", "20240104");
  await waitCompleted(keep);
  await waitCompleted(gone);
  await signIn(page, teacher, `/sessions/${sessionId}`);

  const rows = page.getByTestId("submission-row");
  await expect(rows).toHaveCount(2);
  const target = rows.filter({ hasText: "박민수" });

  // Cancelling keeps it.
  await target.getByRole("button", { name: "답안 삭제" }).click();
  const dialog = page.getByRole("dialog", { name: "답안 삭제" });
  await expect(dialog).toContainText("이 답안과 분석 결과가 영구적으로 삭제됩니다.");
  await dialog.getByRole("button", { name: "취소" }).click();
  await expect(dialog).toBeHidden();
  await expect(rows).toHaveCount(2);

  await target.getByRole("button", { name: "답안 삭제" }).click();
  await dialog.getByRole("button", { name: "삭제", exact: true }).click();
  await expect(toast(page).filter({ hasText: "삭제 완료" })).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("김철수");
  await expect(page.getByLabel("전체 제출")).toHaveText("1");
  const [left] = await testSql()`select count(*)::int as n from public.essay_submissions where id = ${gone}`;
  expect(left.n).toBe(0);

  // Still gone after a reload.
  await page.reload();
  await expect(page.getByTestId("submission-row")).toHaveCount(1);
});
