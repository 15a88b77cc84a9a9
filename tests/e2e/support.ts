// What the browser specs share: signing in or up through the login card, the toast locator, unique names,
// the question step, typing an answer and opening its graded report, waiting for a grading job, and the two
// viewport sizes the workspace is checked at.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page } from "@playwright/test";
import { createMember, setPlan, testSql, type TestUser } from "../helpers/users.ts";

/** A laptop and a phone. */
export const WORKSPACE_VIEWPORTS = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
] as const;

/** Sonner's toasts (every toast of the app goes through it). */
export const toast = (page: Page) => page.locator("[data-sonner-toast]");

/** A username no other run of the suite uses. */
export const uniqueName = (prefix: string) => `${prefix}_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/**
 * Opens `path` signed out, signs in with the login card and waits for the signed-in header.
 * Signed out, `/` is the landing, so the card is then opened at /login (which returns to `/`).
 */
export async function signIn(page: Page, user: TestUser, path = "/") {
  await page.goto(path === "/" ? "/login" : path);
  await page.getByLabel("사용자명").fill(user.username);
  await page.getByLabel("비밀번호").fill(user.password);
  await page.getByRole("button", { name: "로그인", exact: true }).click();
  await expect(page.getByTestId("usage-badge")).toBeVisible();
}

/** A new member on plan `planId` (active), signed in at `path` as signIn does; the member. */
export async function signInOnPlan(page: Page, planId: string, path = "/"): Promise<TestUser> {
  const user = await createMember();
  await setPlan(user, planId);
  await signIn(page, user, path);
  return user;
}

/** Polls the answer's row until its status is `completed`. */
export async function waitUntilCompleted(id: string) {
  await expect
    .poll(async () => (await testSql()`select status from public.essay_submissions where id = ${id}`)[0]?.status, {
      timeout: 30_000,
    })
    .toBe("completed");
}

/** Step 1 of the workspace: uploads `question` as the .txt question file and goes on to 답안 작성. */
export async function setQuestion(page: Page, question = "인공지능 시대의 교육에 대해 논술하시오.", filename = "논술문제.txt") {
  await page.getByLabel("논술 문제(필수)").setInputFiles({ name: filename, mimeType: "text/plain", buffer: Buffer.from(question, "utf8") });
  await page.getByRole("button", { name: "다음 단계" }).click();
  await expect(page.getByRole("heading", { name: "답안 작성" })).toBeVisible();
}

/** The 답안 작성 step: types `essay` under `studentName` and starts grading it (AI 첨삭 시작). */
export async function startGrading(page: Page, essay: string, studentName: string) {
  await page.getByLabel("학생 답안").fill(essay);
  await page.getByLabel("학생 이름 (선택)").fill(studentName);
  await page.getByRole("button", { name: "AI 첨삭 시작" }).click();
}

/** Waits up to `timeout` ms for the (only) answer's row to be graded and opens its report (보기). */
export async function openReportWhenGraded(page: Page, timeout: number) {
  const row = page.getByTestId("submission-row");
  await expect(row).toHaveAttribute("data-status", "completed", { timeout });
  await row.getByRole("button", { name: "보기" }).click();
}

/** The sign-up tab of the login card, filled in and sent (email `<username>@example.com`). */
export async function fillSignUp(page: Page, username: string, password: string) {
  await page.getByRole("tab", { name: "회원가입" }).click();
  await page.getByLabel("사용자명").fill(username);
  await page.getByLabel("이메일").fill(`${username}@example.com`);
  await page.getByLabel("비밀번호", { exact: true }).fill(password);
  await page.getByLabel("비밀번호 확인").fill(password);
  await page.getByRole("button", { name: "회원가입", exact: true }).click();
}

/**
 * axe's serious and critical violations on the page as it is (or inside `include`), one line each
 * (rule, impact, targets), under axe's default rules (WCAG 2.0–2.2 A/AA and best practices).
 */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  return axeSerious(page, new AxeBuilder({ page }), include);
}

/**
 * As seriousViolations, with the design system's rules on top of axe's defaults: `color-contrast` (on by default, named
 * so it stays on) and `label-content-name-mismatch` (an accessible name must contain the visible text; off by default).
 */
export async function designSystemViolations(page: Page, include?: string): Promise<string[]> {
  const axe = new AxeBuilder({ page }).options({
    rules: { "color-contrast": { enabled: true }, "label-content-name-mismatch": { enabled: true } },
  });
  return axeSerious(page, axe, include);
}

async function axeSerious(page: Page, axe: AxeBuilder, include?: string): Promise<string[]> {
  // Let toasts and transitions settle: a toast fading in is measured at partial opacity.
  await expect(toast(page)).toHaveCount(0, { timeout: 10_000 });
  if (include) axe.include(include);
  const { violations } = await axe.analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(" ")} — ${n.failureSummary?.split("\n").slice(1).join(" ").trim()}`).join(" | ")}`,
    );
}

/**
 * Presses Tab (up to `max` times) until `target` has focus, as a keyboard user reaches it; fails when it is never
 * reached (not focusable, or out of the Tab order).
 */
export async function tabTo(page: Page, target: Locator, max = 60) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target, `not reached by ${max} presses of Tab`).toBeFocused({ timeout: 1 });
}
