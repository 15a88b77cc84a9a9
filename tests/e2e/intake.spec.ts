// The revision loop: a teacher (1366×900) issues student codes from the class page and opens 학생 제출 받기
// on the class's assignment (the class, its two students and the assignment are made through the API); on a
// phone (390×844) each student opens the link, enters their code and hands in a first draft; the teacher
// completes the review on the report opened from the student's page; each student reads the released report and hands in a revision
// started from the last draft with its marks beside; the teacher's student page shows 수정본 비교 with the
// added sentence, the marks and the score change (the fake LLM scores the drafts 50 % then 90 %).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type Browser } from "@playwright/test";
import { classWithAssignment } from "../helpers/intake.ts";
import { api, closeTestSql, createMember, setPlan } from "../helpers/users.ts";
import { signIn, waitUntilCompleted } from "./support.ts";

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test.afterAll(async () => {
  await closeTestSql();
});

const ESSAY = readFileSync(join(import.meta.dirname, "../fixtures/essays/strong.txt"), "utf8").trim();
const ADDED = "구체적인 통계를 근거로 덧붙여 주장을 보강하였다.";
const shots = process.env.INTAKE_SHOTS_DIR;

async function studentTab(browser: Browser, url: string) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: "ko-KR" });
  const page = await context.newPage();
  await page.goto(url);
  return { context, page };
}

test("two students hand in a draft, read the reviewed report and hand in a revision; the teacher sees what changed", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const teacher = await createMember();
  await setPlan(teacher, "educator");
  const c = await classWithAssignment(teacher, ["김민수", "이서연"]);

  const desk = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: "ko-KR" });
  const tp = await desk.newPage();
  await signIn(tp, teacher, `/classes/${c.classId}`);
  await tp.getByTestId("issue-codes").click();
  await expect(tp.getByTestId("issued-codes").locator("li")).toHaveCount(2);
  const codes: Record<string, string> = {};
  for (const st of c.students) {
    const row = tp.getByTestId("issued-codes").locator("li", { hasText: st.name });
    codes[st.id] = ((await row.locator(".font-mono").textContent()) ?? "").replace("-", "");
    expect(codes[st.id]).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
  }
  if (shots) await tp.screenshot({ path: `${shots}/codes.png` });
  await tp.keyboard.press("Escape");
  await tp.getByTestId("intake-open").click();
  await tp.getByRole("button", { name: "링크 만들기" }).click();
  await expect(tp.getByTestId("intake-qr")).toBeVisible();
  const url = (await tp.getByTestId("intake-url").textContent()) ?? "";
  if (shots) await tp.screenshot({ path: `${shots}/intake-link.png` });
  await tp.keyboard.press("Escape");
  const path = new URL(url, "http://x").pathname;
  const link = { token: path.split("/").at(-1)! };

  const firstDrafts: string[] = [];
  for (const [i, st] of c.students.entries()) {
    const { context, page } = await studentTab(browser, path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.getByLabel("학생 코드").fill(codes[st.id].toLowerCase());
    await page.getByRole("button", { name: "확인" }).click();
    await expect(page.getByTestId("intake-student")).toHaveText(`${st.name} 학생`);
    await page.getByLabel("답안").fill(`${ESSAY}\n[[llm:score:0.5]]`);
    if (shots && i === 0) await page.screenshot({ path: `${shots}/intake-form.png`, fullPage: true });
    await page.getByRole("button", { name: "제출하기" }).click();
    await expect(page.getByTestId("intake-done")).toContainText("1번째 글이 제출되었습니다");
    await expect(page.getByTestId("intake-draft")).toHaveCount(1);
    const own = await api(`/intake/${link.token}/drafts`, { headers: { "X-Student-Code": codes[st.id] } });
    firstDrafts.push(own.body.drafts[0].id);
    await context.close();
  }

  // The teacher reviews each first draft from the student's page: 결과 보기 opens the report, 검토 완료 releases it.
  for (const [i, st] of c.students.entries()) {
    await waitUntilCompleted(firstDrafts[i]);
    await tp.goto(`/students/${st.id}`);
    const first = tp.getByTestId("draft-list").getByTestId("draft-1");
    await expect(first).toContainText("1번째 글");
    await first.getByRole("link", { name: "결과 보기" }).click();
    await expect(tp).toHaveURL(new RegExp(`/submissions/${firstDrafts[i]}$`));
    await tp.getByTestId("review-complete").click();
    await expect(tp.getByText("검토 완료로 표시했습니다.")).toBeVisible();
    await tp.goto(`/students/${st.id}`);
    await expect(tp.getByTestId("draft-list").getByTestId("draft-1")).toContainText("검토 완료");
  }

  for (const [i, st] of c.students.entries()) {
    const { context, page } = await studentTab(browser, path);
    await page.getByLabel("학생 코드").fill(codes[st.id]);
    await page.getByRole("button", { name: "확인" }).click();
    const draft = page.getByTestId("intake-draft");
    await expect(draft).toContainText("결과 공개");
    await expect(draft.getByRole("button", { name: "첨삭 결과 닫기" })).toBeVisible();
    if (shots && i === 0) await page.screenshot({ path: `${shots}/intake-report.png`, fullPage: true });
    await page.getByTestId("intake-revise").click();
    await expect(page.getByTestId("intake-marks")).toBeVisible();
    const essay = page.getByLabel("답안");
    await expect(essay).toHaveValue(/\S/);
    const revised = (await essay.inputValue()).replace("[[llm:score:0.5]]", "").trim();
    await essay.fill(`${revised}\n${ADDED}\n[[llm:score:0.9]]`);
    if (shots && i === 0) await page.screenshot({ path: `${shots}/intake-revise.png`, fullPage: true });
    await page.getByRole("button", { name: "제출하기" }).click();
    await expect(page.getByTestId("intake-done")).toContainText("2번째 글이 제출되었습니다");
    await expect(page.getByTestId("intake-draft")).toHaveCount(2);
    await context.close();
  }

  for (const st of c.students) {
    const own = await api(`/intake/${link.token}/drafts`, { headers: { "X-Student-Code": codes[st.id] } });
    await waitUntilCompleted(own.body.drafts[1].id);
  }
  await tp.goto(`/students/${c.students[0].id}`);
  const cmp = tp.getByTestId("drafts-comparison");
  await expect(cmp).toContainText("1번째 → 2번째 글");
  await expect(cmp.getByTestId("drafts-diff").locator('[data-kind="added"]', { hasText: ADDED })).toHaveCount(1);
  await expect(cmp.getByTestId("drafts-scores").locator("tr", { hasText: "총점" })).toContainText("+");
  await expect(cmp.getByTestId("drafts-marks")).toBeVisible();
  if (shots) await tp.screenshot({ path: `${shots}/teacher-diff.png`, fullPage: true });
  // The class page: drafts per student and the average gain from draft 1 to draft 2 (50 % → 90 %).
  await tp.goto(`/classes/${c.classId}`);
  await expect(tp.getByTestId("class-drafts-improvement")).toHaveText("1번째 → 2번째 글 평균 +40%p (2건)");
  await expect(tp.getByTestId("class-drafts-summary").locator("tbody tr")).toHaveText([/김민수\s*2편/, /이서연\s*2편/]);
  if (shots) await tp.screenshot({ path: `${shots}/class-summary.png`, fullPage: true });
  await desk.close();
});
