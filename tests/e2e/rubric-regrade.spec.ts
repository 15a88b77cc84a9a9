// Results keep their rubric, in the browser: after the rubric changes, the dashboard says how many
// results were graded under an older one, 전체 재채점 asks once naming the uses it charges (the
// reviewed answers only when ticked), shows its progress and its result; and the teacher–AI agreement
// panel shows its figures once three answers are reviewed. Graded by the fake LLM.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { api, closeTestSql, createMember, setPlan, testSql } from "../helpers/users.ts";
import { fileOf, utf8 } from "../helpers/files.ts";
import { signIn, waitUntilCompleted } from "./support.ts";

const fixtures = join(import.meta.dirname, "../fixtures/essays");
const QUESTION = readFileSync(join(fixtures, "prompt.txt"), "utf8");
const ESSAYS = ["strong.txt", "medium.txt", "offtopic.txt"].map((f) => readFileSync(join(fixtures, f), "utf8"));

test.afterAll(async () => {
  await closeTestSql();
});

test("전체 재채점 after a rubric change, and the agreement panel", async ({ page }) => {
  test.setTimeout(120_000);
  const teacher = await createMember();
  await setPlan(teacher, "educator");
  const form = new FormData();
  form.append("promptFile", fileOf(utf8(QUESTION), "논술문제.txt", "text/plain"));
  const sessionId = (await api("/sessions", { token: teacher.token, form })).body.id as string;
  const ids: string[] = [];
  // Three answers the teacher reviews; a fourth (slow at the fake model, so the progress shows) left unreviewed.
  for (const [i, essay] of [...ESSAYS, `${ESSAYS[1]}\n[[llm:slow:1800]]`].entries()) {
    const res = await api(`/sessions/${sessionId}/submissions`, {
      token: teacher.token,
      json: { essayContent: essay, studentName: `학생${i + 1}`, studentId: `2024000${i + 1}` },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    ids.push(res.body.id);
  }
  for (const id of ids) await waitUntilCompleted(id);
  for (const id of ids.slice(0, 3)) {
    expect((await api(`/submissions/${id}/review/complete`, { method: "POST", token: teacher.token })).status).toBe(200);
  }
  const rubric = [
    { name: "논리 구조", maxScore: 30 },
    { name: "근거의 타당성", maxScore: 30 },
    { name: "언어 표현", maxScore: 30 },
    { name: "창의성", maxScore: 10 },
  ];
  expect((await api(`/sessions/${sessionId}`, { method: "PATCH", token: teacher.token, json: { rubric } })).status).toBe(200);

  await signIn(page, teacher, `/sessions/${sessionId}`);

  // The agreement panel: three reviewed answers → its figures.
  const panel = page.getByTestId("agreement-panel");
  await expect(panel).toContainText("검토 완료 3개");
  await expect(panel.getByTestId("agreement-qwk")).toBeVisible();
  await expect(panel.getByRole("row", { name: /논리 구조/ })).toBeVisible();

  // The banner: four results under the older rubric, three of them reviewed.
  const banner = page.getByTestId("rubric-outdated-banner");
  await expect(banner.getByTestId("rubric-outdated-count")).toContainText("이전 기준으로 채점된 답안이 4개");
  await expect(banner).toContainText("검토한 답안 3개 포함");
  await banner.getByRole("button", { name: "전체 재채점" }).click();

  const dialog = page.getByRole("dialog");
  await expect(dialog.getByTestId("regrade-all-uses")).toContainText("사용 횟수 1회");
  await dialog.getByRole("checkbox", { name: /검토한 답안도 재채점/ }).check();
  await expect(dialog.getByTestId("regrade-all-uses")).toContainText("사용 횟수 4회");
  await expect(dialog).toContainText("새 채점 결과로 바뀝니다");
  await dialog.getByRole("checkbox", { name: /검토한 답안도 재채점/ }).uncheck();
  const [{ before }] = await testSql()`
    select coalesce(sum(essay_count), 0)::int as before from public.usage_tracking where user_id = ${teacher.user.id}`;
  await dialog.getByRole("button", { name: "1개 재채점 (1회 사용)" }).click();

  // Progress like a batch, then the result; the reviewed answers stay on the older rubric.
  await expect(banner.getByTestId("regrade-all-progress")).toContainText("0 / 1개 완료");
  await expect(banner.getByTestId("regrade-all-done")).toContainText("답안 1개를 현재 평가 기준으로 채점했습니다", { timeout: 30_000 });
  await expect(banner.getByTestId("regrade-all-done")).toContainText("이전 기준으로 남은 답안 3개");
  const [{ after }] = await testSql()`
    select coalesce(sum(essay_count), 0)::int as after from public.usage_tracking where user_id = ${teacher.user.id}`;
  expect(after).toBe(before + 1);
  const [row] = await testSql()`select rubric from public.analysis_results where submission_id = ${ids[3]}`;
  expect(row.rubric.map((c: { maxScore: number }) => c.maxScore)).toEqual([30, 30, 30, 10]);
  await page.screenshot({ path: "/tmp/t-rubric-regrade.png", fullPage: true });
});
