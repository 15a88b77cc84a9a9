// Accounts through the browser: 비밀번호 찾기 (mail in the local mailbox, the link, a new password that
// works), password change and 회원 탈퇴 from 계정 설정 (nothing of the account left behind).
import { expect, test, type Page } from "@playwright/test";
import postgres from "postgres";
import { fillSignUp, uniqueName } from "./support.ts";

const header = (page: Page) => page.getByRole("banner");
const supabaseUrl = () => process.env.TEST_SUPABASE_URL!;

async function registerAccount(page: Page, username: string, password = "secret123") {
  await page.goto("/login"); // `/` signed out is the landing
  await fillSignUp(page, username, password);
  await expect(header(page).getByTestId("user-label")).toContainText(username);
}

/** Signed out (the landing and the login card both offer the guest start); on `/` (the landing) the card is at /login. */
async function openLoginCard(page: Page) {
  await expect(page.getByRole("button", { name: "게스트로 시작하기" })).toBeVisible();
  if (!(await page.getByRole("tab", { name: "로그인" }).isVisible())) await page.goto("/login");
  await page.getByRole("tab", { name: "로그인" }).click();
}

async function loginAs(page: Page, username: string, password: string) {
  await openLoginCard(page);
  await page.getByLabel("사용자명").fill(username);
  await page.getByLabel("비밀번호", { exact: true }).fill(password);
  await page.getByRole("button", { name: "로그인", exact: true }).click();
}

test("비밀번호 찾기: the mail arrives in the local mailbox and its link sets a new password that works", async ({ page }) => {
  const username = uniqueName("rcv");
  const email = `${username}@example.com`.toLowerCase();
  await registerAccount(page, username, "old-secret1");
  await header(page).getByRole("button", { name: "로그아웃" }).click();

  await openLoginCard(page);
  await page.getByRole("link", { name: /비밀번호 찾기/ }).click();
  await page.getByLabel("이메일").fill(email);
  await page.getByRole("button", { name: "재설정 링크 보내기" }).click();
  await expect(page.getByRole("status")).toContainText("재설정 링크를 보냈습니다");

  await page.goto(`${supabaseUrl()}/mailbox`);
  const mail = page.locator("article", { has: page.getByText(email, { exact: true }) });
  await expect(mail.getByRole("heading", { name: "비밀번호 재설정 안내" })).toBeVisible();
  await mail.getByRole("link").first().click();

  await expect(page).toHaveURL(/\/reset-password$/);
  await page.getByLabel("새 비밀번호", { exact: true }).fill("new-secret2");
  await page.getByLabel("새 비밀번호 확인").fill("new-secret2");
  await page.getByRole("button", { name: "비밀번호 변경" }).click();
  await expect(header(page).getByTestId("user-label")).toContainText(username);
  await header(page).getByRole("button", { name: "로그아웃" }).click();

  await loginAs(page, username, "old-secret1");
  await expect(page.getByText("아이디 또는 비밀번호가 올바르지 않습니다.").first()).toBeVisible();
  await loginAs(page, username, "new-secret2");
  await expect(header(page).getByTestId("user-label")).toContainText(username);
});

test("회원 탈퇴 from 계정 설정: a wrong password is refused, then nothing of the account is left", async ({ page }) => {
  const username = uniqueName("bye");
  await registerAccount(page, username, "secret123");
  const sql = postgres(process.env.TEST_DB_URL!, { max: 1 });
  try {
    const [profile] = await sql`select id from public.profiles where username = ${username}`;
    const id = profile.id as string;
    await sql`insert into public.analysis_sessions (user_id, prompt_content) values (${id}, '문제')`;

    await header(page).getByTestId("user-label").click();
    await expect(page.getByRole("heading", { name: "계정 설정" })).toBeVisible();
    const form = page.getByRole("form", { name: "회원 탈퇴" });
    await form.getByLabel("비밀번호 확인").fill("wrong-pass");
    await form.getByRole("checkbox").check();
    await form.getByRole("button", { name: "회원 탈퇴" }).click();
    await expect(form.getByText("비밀번호가 올바르지 않습니다.")).toBeVisible();

    await form.getByLabel("비밀번호 확인").fill("secret123");
    await form.getByRole("button", { name: "회원 탈퇴" }).click();
    await expect(page.getByRole("button", { name: "게스트로 시작하기" })).toBeVisible();

    const [left] = await sql`
      select (select count(*) from auth.users where id = ${id})::int as auth_users,
             (select count(*) from public.profiles where id = ${id})::int as profiles,
             (select count(*) from public.analysis_sessions where user_id = ${id})::int as sessions,
             (select count(*) from storage.objects where name like ${id + "/%"})::int as files`;
    expect(left).toEqual({ auth_users: 0, profiles: 0, sessions: 0, files: 0 });

    await loginAs(page, username, "secret123");
    await expect(page.getByText("아이디 또는 비밀번호가 올바르지 않습니다.").first()).toBeVisible();
  } finally {
    await sql.end();
  }
});

test("a guest who used the 3 free uses signs up from the plans page and keeps the work", async ({ page }) => {
  await page.goto("/my-work");
  await page.getByRole("button", { name: "게스트로 시작하기" }).click();
  await expect(page.getByTestId("usage-badge")).toBeVisible();
  const id = await page.evaluate(() => {
    const entry = Object.entries(localStorage).find(([key]) => key.endsWith("-auth-token"));
    return (JSON.parse(entry![1]) as { user: { id: string } }).user.id;
  });
  const sql = postgres(process.env.TEST_DB_URL!, { max: 1 });
  try {
    await sql`insert into public.analysis_sessions (user_id, prompt_content, prompt_filename) values (${id}, '문제', '게스트_문제.txt')`;
    await sql`update public.profiles set guest_usage_count = 3 where id = ${id}`;
    await page.goto("/my-work");
    await expect(page.getByTestId("session-card")).toContainText("게스트_문제.txt");

    await page.goto("/plans");
    await expect(page.getByTestId("current-plan-line")).toContainText("3/3");
    await page.getByTestId("guest-notice").getByRole("button", { name: "회원가입하고 계속하기" }).click();
    const dialog = page.getByRole("dialog", { name: "회원가입하고 계속하기" });
    const username = uniqueName("conv");
    await dialog.getByLabel("사용자명").fill(username);
    await dialog.getByLabel("이메일").fill(`${username}@example.com`);
    await dialog.getByLabel("비밀번호", { exact: true }).fill("convert123");
    await dialog.getByLabel("비밀번호 확인").fill("convert123");
    await dialog.getByRole("button", { name: "회원가입하고 계속하기" }).click();

    await expect(header(page).getByTestId("user-label")).toContainText(username);
    await expect(page.getByTestId("guest-notice")).toHaveCount(0);
    await expect(page.getByTestId("current-plan-line")).toContainText("체험판");
    await page.goto("/my-work");
    await expect(page.getByTestId("session-card")).toContainText("게스트_문제.txt");
    const [profile] = await sql`select id, is_guest from public.profiles where username = ${username}`;
    expect(profile).toEqual({ id, is_guest: false });

    await header(page).getByRole("button", { name: "로그아웃" }).click();
    await loginAs(page, username, "convert123");
    await expect(header(page).getByTestId("user-label")).toContainText(username);
  } finally {
    await sql.end();
  }
});

test("계정 설정: display name, email and password changed; the new password signs in by username", async ({ page }) => {
  const username = uniqueName("set");
  await registerAccount(page, username, "secret123");
  // The sign-in toast sits over the header's right end for its 5 s (and pauses while the pointer is on it).
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 10_000 });
  await header(page).getByTestId("user-label").click();
  await expect(page.getByRole("heading", { name: "계정 설정" })).toBeVisible();

  const nameForm = page.getByRole("form", { name: "표시 이름 변경" });
  await nameForm.getByLabel("표시 이름").fill("박 선생님");
  await nameForm.getByRole("button", { name: "저장" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "표시 이름이 저장되었습니다." })).toBeVisible();

  const emailForm = page.getByRole("form", { name: "이메일 변경" });
  const fresh = `new_${username}@example.com`.toLowerCase();
  await emailForm.getByLabel("이메일").fill(fresh);
  await emailForm.getByRole("button", { name: "변경" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "이메일이 변경되었습니다." })).toBeVisible();
  await expect(emailForm.getByLabel("이메일")).toHaveValue(fresh);

  const passwordForm = page.getByRole("form", { name: "비밀번호 변경" });
  await passwordForm.getByLabel("현재 비밀번호").fill("wrong-one1");
  await passwordForm.getByLabel("새 비밀번호", { exact: true }).fill("changed456");
  await passwordForm.getByLabel("새 비밀번호 확인").fill("changed456");
  await passwordForm.getByRole("button", { name: "비밀번호 변경" }).click();
  await expect(passwordForm.getByText("현재 비밀번호가 올바르지 않습니다.")).toBeVisible();
  await passwordForm.getByLabel("현재 비밀번호").fill("secret123");
  await passwordForm.getByLabel("새 비밀번호", { exact: true }).fill("changed456");
  await passwordForm.getByLabel("새 비밀번호 확인").fill("changed456");
  await passwordForm.getByRole("button", { name: "비밀번호 변경" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "비밀번호가 변경되었습니다." })).toBeVisible();
  // the new password ended every session; the fresh one from the answer keeps this tab signed in
  await page.reload();
  await expect(header(page).getByTestId("user-label")).toContainText("박 선생님");

  await header(page).getByRole("button", { name: "로그아웃" }).click();
  await loginAs(page, username, "secret123");
  await expect(page.getByText("아이디 또는 비밀번호가 올바르지 않습니다.").first()).toBeVisible();
  await loginAs(page, username, "changed456");
  // the sign-in toast covers the header's right end for its 5 s (paused while the pointer is on it)
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 10_000 });
  await header(page).getByTestId("user-label").click();
  await expect(page.getByRole("textbox", { name: "표시 이름" })).toHaveValue("박 선생님");
  await expect(page.getByRole("form", { name: "이메일 변경" }).getByLabel("이메일")).toHaveValue(fresh);
});
