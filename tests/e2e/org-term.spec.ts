// An academy's term in the browser: an owner on the business plan creates an organisation and invites two
// teachers, who sign in on their links and join; the owner makes a class in the organisation's space and assigns
// both teachers to it; each teacher grades an answer of the class from the pooled quota until it runs out (the
// next one is refused with the organisation's message); the owner sees each teacher's use on 기관 현황, removes one
// teacher, and that teacher's assignment stays with the organisation's class.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { api, closeTestSql, createMember, testSql, type TestUser } from "../helpers/users.ts";
import { setUsed } from "../helpers/org-quota.ts";
import { FIXTURE_ESSAY } from "../helpers/grading.ts";
import { setQuestion, signIn, signInOnPlan, startGrading, toast } from "./support.ts";

test.afterAll(async () => {
  await closeTestSql();
});

/** Makes an invitation link on the 기관 page and reads it from the field that shows it once. */
async function inviteLink(page: Page, previous = ""): Promise<string> {
  await page.getByRole("button", { name: "초대 링크 만들기" }).click();
  const link = page.getByLabel("초대 링크");
  await expect(link).toHaveValue(/\/invite\/[A-Za-z0-9_-]{43}$/);
  if (previous) await expect(link).not.toHaveValue(previous);
  return link.inputValue();
}

/** `teacher` opens the link in a browser of their own, signs in there and joins; their page, in the organisation. */
async function join(browser: Browser, teacher: TestUser, url: string, orgName: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: "ko-KR" });
  const page = await context.newPage();
  await signIn(page, teacher, new URL(url).pathname);
  await page.getByRole("button", { name: "참여하기" }).click();
  await expect(page.getByRole("heading", { level: 1, name: orgName })).toBeVisible();
  return page;
}

/** The teacher starts an assignment of the class from its page and grades one typed answer; the workspace page. */
async function gradeInClass(page: Page, classId: string, student: string) {
  await page.goto(`/classes/${classId}`);
  await page.getByRole("link", { name: "새 과제 만들기" }).click();
  await setQuestion(page, "청소년의 스마트폰 사용을 제한해야 하는가?");
  await startGrading(page, FIXTURE_ESSAY, student);
}

test("an academy: two teachers join, grade a class from the pool until it runs out; a removed teacher's class stays", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  const owner = await signInOnPlan(page, "business", "/org");
  const orgName = `바른 논술학원 ${Date.now().toString(36)}`;
  await page.getByLabel("기관 이름").fill(orgName);
  await page.getByRole("button", { name: "기관 만들기" }).click();
  await expect(page.getByRole("heading", { level: 1, name: orgName })).toBeVisible();
  const orgId = (await page.evaluate(() => localStorage.getItem("activeOrgId"))) ?? "";
  expect(orgId).toMatch(/^[0-9a-f-]{36}$/);

  const [kim, lee] = [await createMember(), await createMember()];
  await testSql()`update public.profiles set display_name = '김하늘' where id = ${kim.user.id}`;
  await testSql()`update public.profiles set display_name = '이바다' where id = ${lee.user.id}`;
  const kimLink = await inviteLink(page);
  const leeLink = await inviteLink(page, kimLink);
  const kimPage = await join(browser, kim, kimLink, orgName);
  const leePage = await join(browser, lee, leeLink, orgName);

  // The owner makes the class in the organisation's space and assigns both teachers on its page.
  const made = await api("/classes", { token: owner.token, headers: { "X-Org-Id": orgId }, json: { name: "고3 논술 A반" } });
  expect(made.status).toBe(201);
  const classId: string = made.body.id;
  await page.goto(`/classes/${classId}`);
  const teachers = page.getByTestId("class-teachers");
  await teachers.getByRole("button", { name: "담당 교사 정하기" }).click();
  await teachers.getByRole("checkbox", { name: /김하늘/ }).check();
  await teachers.getByRole("checkbox", { name: /이바다/ }).check();
  await teachers.getByRole("button", { name: "저장" }).click();
  await expect(teachers.getByRole("list", { name: "담당 교사" })).toContainText("김하늘");
  await expect(teachers.getByRole("list", { name: "담당 교사" })).toContainText("이바다");

  // Two uses left in the organisation's month (business: 3,000): one answer each, then the pool is spent.
  await setUsed(owner, 2998);
  await gradeInClass(kimPage, classId, "김민수");
  await expect(kimPage.getByTestId("submission-row")).toHaveAttribute("data-status", "completed", { timeout: 60_000 });
  await gradeInClass(leePage, classId, "이서연");
  await expect(leePage.getByTestId("submission-row")).toHaveAttribute("data-status", "completed", { timeout: 60_000 });

  // Kim's next answer finds the pool spent: the organisation's message, nothing graded.
  await kimPage.getByRole("tab", { name: "답안 작성" }).click();
  await kimPage.getByLabel("학생 답안").fill(FIXTURE_ESSAY);
  await kimPage.getByLabel("학생 이름 (선택)").fill("박지훈");
  await kimPage.getByRole("button", { name: "AI 첨삭 시작" }).click();
  const refused = kimPage.getByRole("dialog");
  await expect(refused).toContainText("기관의 이번 달 공동 분석 한도(3,000회)를 모두 사용했습니다");
  const [{ n }] = await testSql()`
    select count(*)::int as n from public.essay_submissions e join public.analysis_sessions s on s.id = e.session_id
     where s.org_id = ${orgId}`;
  expect(n).toBe(2);

  // The owner's 기관 현황: the pool is spent, one grading per teacher, both in the class.
  await page.goto("/org");
  await page.getByTestId("org-dashboard-link").click();
  await expect(page.getByRole("heading", { level: 1, name: "기관 현황" })).toBeVisible();
  await expect(page.getByTestId("org-pool")).toContainText("3,000");
  const perTeacher = page.getByTestId("org-teachers");
  await expect(perTeacher.getByRole("row", { name: /김하늘/ })).toContainText("1회");
  await expect(perTeacher.getByRole("row", { name: /이바다/ })).toContainText("1회");
  await expect(page.getByTestId("org-classes").getByRole("row", { name: /고3 논술 A반/ })).toContainText("2");

  // Kim is removed; the class and Kim's assignment of it stay with the organisation.
  await page.goto("/org");
  const rows = page.getByTestId("org-member-row");
  await expect(rows).toHaveCount(3);
  await rows.filter({ hasText: "김하늘" }).getByRole("button", { name: "내보내기" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "내보내기" }).click();
  await expect(rows).toHaveCount(2);
  await expect(toast(page).first()).toBeVisible();
  await page.goto(`/classes/${classId}`);
  await expect(page.getByRole("heading", { level: 1, name: "고3 논술 A반" })).toBeVisible();
  await expect(page.getByTestId("class-teachers")).not.toContainText("김하늘");
  const held = await testSql()`select user_id from public.analysis_sessions where class_id = ${classId} order by created_at`;
  expect(held.map((r) => r.user_id)).toEqual([owner.user.id, lee.user.id]);
  await kimPage.context().close();
  await leePage.context().close();
});
