// The rubric library and the comment bank in a browser: a teacher loads a built-in template into the setup's rubric,
// saves it on the session and into the library as their own, ★s a mark's comment while reviewing and puts a saved
// comment into another mark, then finds both on 평가 기준 보관함.
import { expect, test } from "@playwright/test";
import { createMember, setPlan } from "../helpers/users.ts";
import { createSession, FIXTURE_ESSAY, FIXTURE_PROMPT, submitEssay, waitForEnd } from "../helpers/grading.ts";
import { signIn, toast } from "./support.ts";

test("a template becomes the session's rubric and my saved rubric; a starred comment is offered again and listed", async ({ page }) => {
  test.setTimeout(180_000);
  const teacher = await createMember();
  await setPlan(teacher, "educator");
  const sessionId = await createSession(teacher, FIXTURE_PROMPT, "논술문제.txt");
  const answer = await submitEssay(teacher, sessionId, FIXTURE_ESSAY, { studentName: "김하늘", studentId: "20260201" });
  expect((await waitForEnd(answer)).status).toBe("completed");
  await signIn(page, teacher);

  await page.goto(`/sessions/${sessionId}?tab=setup`);
  const editor = page.getByTestId("rubric-editor");
  await editor.getByRole("button", { name: "평가 기준 불러오기" }).click();
  await page.getByRole("button", { name: "찬반 논증 불러오기" }).click();
  await expect(editor.getByTestId("rubric-row")).toHaveCount(5);
  await expect(editor.getByLabel("3번 항목 이름")).toHaveValue("반론 고려와 재반박");
  await editor.getByRole("button", { name: "기준표 저장" }).click();
  await expect(toast(page).filter({ hasText: "채점 기준표를 저장했습니다." })).toBeVisible();

  await editor.getByRole("button", { name: "이 기준 저장" }).click();
  const dialog = page.getByRole("dialog", { name: "평가 기준 저장" });
  await dialog.getByLabel("이름").fill("우리 반 찬반 논증");
  await dialog.getByRole("button", { name: "저장", exact: true }).click();
  await expect(dialog).toBeHidden();

  await page.goto(`/sessions/${sessionId}/submissions/${answer}`);
  await page.getByTestId("review-edit").click();
  const marks = page.getByTestId("review-annotations").getByRole("listitem");
  await expect(marks.first()).toBeVisible();
  const first = (await marks.first().getByLabel("첨삭 1 첨삭 내용").inputValue()).trim();
  await marks.first().getByRole("button", { name: "첨삭 1 코멘트 은행에 저장" }).click();
  await expect(marks.first().getByRole("button", { name: "첨삭 1 코멘트 은행에 저장됨" })).toBeDisabled();
  // the fake grader marks the fixture answer more than once
  expect(await marks.count()).toBeGreaterThan(1);
  await marks.nth(1).getByRole("combobox", { name: "첨삭 2 저장된 코멘트 넣기" }).selectOption({ index: 1 });
  await expect(marks.nth(1).getByLabel("첨삭 2 첨삭 내용")).toHaveValue(first);

  await page.goto("/library");
  await expect(page.getByRole("heading", { level: 1, name: "평가 기준 보관함" })).toBeVisible();
  await expect(page.getByRole("region", { name: "내 평가 기준" })).toContainText("우리 반 찬반 논증");
  await expect(page.getByTestId("comment-library")).toContainText(first);
});
