import { expect, test, type Page } from "@playwright/test";
import { fillSignUp, toast, uniqueName } from "./support.ts";

const header = (page: Page) => page.getByRole("banner");

/** The login card: /login (signed out, `/` is the landing), or any app route. */
async function openAuthScreen(page: Page, path = "/login") {
  await page.goto(path);
  await expect(page.getByRole("heading", { name: "AI 논술 첨삭", level: 1 })).toBeVisible();
}

const registerAccount = (page: Page, username: string, password = "secret123") => fillSignUp(page, username, password);

test.describe("signed-out visitor", () => {
  test("sees the login card with a guest button and hidden marketing copy on app routes", async ({ page }) => {
    await openAuthScreen(page, "/my-work");
    await expect(page.getByLabel("사용자명")).toBeVisible();
    await expect(page.getByLabel("비밀번호")).toBeVisible();
    await expect(page.getByRole("button", { name: "로그인", exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "게스트로 시작하기" })).toBeVisible();
    await expect(page.getByRole("region", { name: "서비스 소개" })).toHaveClass(/sr-only/);
    await expect(header(page).getByText("AI와 함께하는 논술 첨삭의 새로운 경험")).toBeVisible();
    await expect(page.getByTestId("usage-badge")).toHaveCount(0);
  });

  test("loads only the landing code: no workspace or admin route chunk is fetched", async ({ page }) => {
    const fetched: string[] = [];
    page.on("request", (request) => fetched.push(new URL(request.url()).pathname));
    // Signed out, `/` is the landing (static), not the login card: neither its forms nor the app routes load.
    await page.goto("/");
    await expect(page.getByRole("button", { name: "게스트로 시작하기" })).toBeVisible();
    expect(fetched.some((path) => /landing-page/.test(path))).toBe(true);
    expect(fetched.filter((path) => /auth-screen|login-form|register-form/.test(path))).toEqual([]);
    const appRoutes = fetched.filter((path) =>
      /(\/src\/app\/routes\/|\/assets\/)(workspace|my-work|plans|admin-users|admin-blog)[-.]/.test(path),
    );
    expect(appRoutes).toEqual([]);
  });

  test("gets the register messages under the fields and re-validation on change", async ({ page }) => {
    await openAuthScreen(page);
    await page.getByRole("tab", { name: "회원가입" }).click();
    await page.getByLabel("사용자명").fill("ab");
    await page.getByLabel("이메일").fill("not-an-email");
    await page.getByLabel("비밀번호", { exact: true }).fill("12345");
    await page.getByLabel("비밀번호 확인").fill("54321");
    await page.getByRole("button", { name: "회원가입", exact: true }).click();
    await expect(page.getByText("사용자명은 최소 3자 이상이어야 합니다")).toBeVisible();
    await expect(page.getByText("올바른 이메일 주소를 입력해주세요")).toBeVisible();
    await expect(page.getByText("비밀번호는 최소 6자 이상이어야 합니다")).toBeVisible();
    await expect(page.getByText("비밀번호가 일치하지 않습니다")).toBeVisible();

    await page.getByLabel("사용자명").fill("bad name!");
    await expect(page.getByText("사용자명은 영문, 숫자, 언더스코어만 사용 가능합니다")).toBeVisible();
    await page.getByLabel("사용자명").fill("good_name");
    await expect(page.getByText("사용자명은 영문, 숫자, 언더스코어만 사용 가능합니다")).toHaveCount(0);
  });

  test("gets the login messages for empty fields", async ({ page }) => {
    await openAuthScreen(page);
    await page.getByRole("button", { name: "로그인", exact: true }).click();
    await expect(page.getByText("사용자명을 입력해주세요")).toBeVisible();
    await expect(page.getByText("비밀번호를 입력해주세요")).toBeVisible();
  });

  test("sees the 로그인 안내 toast after a wrong password", async ({ page }) => {
    await openAuthScreen(page);
    await page.getByLabel("사용자명").fill(uniqueName("nobody"));
    await page.getByLabel("비밀번호").fill("wrong-password");
    await page.getByRole("button", { name: "로그인", exact: true }).click();
    await expect(toast(page).getByText("로그인 안내")).toBeVisible();
    await expect(page.getByRole("button", { name: "로그인", exact: true })).toBeEnabled();
    await expect(page.getByTestId("usage-badge")).toHaveCount(0);
  });
});

test("a new member registers, sees their name and 0/10 usage, logs out and logs back in", async ({ page }) => {
  const username = uniqueName("member");
  await openAuthScreen(page);
  await registerAccount(page, username);

  await expect(toast(page).getByText("회원가입 성공")).toBeVisible();
  await expect(header(page).getByText(username)).toBeVisible();
  const badge = page.getByTestId("usage-badge");
  await expect(badge).toContainText("0/10");
  await expect(badge).not.toHaveClass(/badge-error/);
  await expect(header(page).getByRole("link", { name: "내 작업" })).toBeVisible();
  await expect(header(page).getByRole("link", { name: "구독 플랜" })).toBeVisible();
  await expect(header(page).getByRole("link", { name: "회원 관리" })).toHaveCount(0);

  await page.reload();
  await expect(header(page).getByText(username)).toBeVisible();

  await header(page).getByRole("button", { name: "로그아웃" }).click();
  await expect(toast(page).getByText("로그아웃", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "게스트로 시작하기" })).toBeVisible();
  await expect(header(page).getByText(username)).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole("button", { name: "게스트로 시작하기" })).toBeVisible();

  // Signed out on `/`: the landing; login is one click away.
  await page.getByRole("main").getByRole("link", { name: "로그인", exact: true }).click();
  await page.getByLabel("사용자명").fill(username);
  await page.getByLabel("비밀번호").fill("wrong-password");
  await page.getByRole("button", { name: "로그인", exact: true }).click();
  await expect(toast(page).getByText("로그인 안내")).toBeVisible();

  await page.getByLabel("비밀번호").fill("secret123");
  await page.getByRole("button", { name: "로그인", exact: true }).click();
  await expect(toast(page).getByText("로그인 성공")).toBeVisible();
  await expect(header(page).getByText(username)).toBeVisible();
});

test("a guest starts with one click and is labelled 게스트 사용자 with 0/3 uses", async ({ page }) => {
  await openAuthScreen(page);
  await page.getByRole("button", { name: "게스트로 시작하기" }).click();
  await expect(toast(page).getByText("게스트 로그인 성공")).toBeVisible();
  await expect(header(page).getByText("게스트 사용자")).toBeVisible();
  await expect(page.getByTestId("usage-badge")).toContainText("0/3");
});

test("the theme toggle flips light/dark and survives a reload", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/privacy");
  const html = page.locator("html");
  await expect(html).toHaveAttribute("data-theme", "light");
  await page.getByRole("button", { name: "테마 전환" }).click();
  await expect(html).toHaveAttribute("data-theme", "dark");
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
  await page.reload();
  await expect(html).toHaveAttribute("data-theme", "dark");
  await page.getByRole("button", { name: "테마 전환" }).click();
  await expect(html).toHaveAttribute("data-theme", "light");
  await page.reload();
  await expect(html).toHaveAttribute("data-theme", "light");
});

test("the theme defaults to the system preference", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/terms");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
});

test("an unknown path shows 404 Page Not Found with a way home", async ({ page }) => {
  await page.goto("/nope");
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  await expect(page.getByText("요청하신 페이지를 찾을 수 없습니다")).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "홈으로 돌아가기" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("the privacy policy renders signed out with every required section", async ({ page }) => {
  await page.goto("/privacy");
  await expect(page.getByRole("heading", { name: "개인정보처리방침", level: 1 })).toBeVisible();
  const main = page.getByRole("main");
  await expect(main.getByText("최종 개정일: 2024년 10월 24일")).toBeVisible();
  for (const text of ["부정 이용 기록", "회원 탈퇴 시까지", "5년", "3년", "3개월", "토스페이먼츠", "개인정보 보호책임자", "7일 전"]) {
    await expect(main.getByText(text).first()).toBeVisible();
  }
  await expect(page.getByRole("button", { name: "게스트로 시작하기" })).toHaveCount(0);
  await expect(main.getByRole("link", { name: "홈으로 돌아가기" }).first()).toBeVisible();
});

test("the terms of use render signed out with the refund rules", async ({ page }) => {
  await page.goto("/terms");
  await expect(page.getByRole("heading", { name: "이용약관", level: 1 })).toBeVisible();
  const main = page.getByRole("main");
  await expect(main.getByText("최종 개정일: 2024년 10월 24일")).toBeVisible();
  for (const text of ["제10조 (환불 규정)", "(구독 요금 ÷ 30) × 잔여 일수", "3~5일", "3~7일", "만 14세 미만", "대한민국 법"]) {
    await expect(main.getByText(text, { exact: false }).first()).toBeVisible();
  }
});

test("the footer links to the blog, company info, privacy and terms and shows the business details", async ({ page }) => {
  await page.goto("/terms");
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: "블로그" })).toHaveAttribute("href", "/blog");
  await expect(footer.getByRole("link", { name: "회사 소개" })).toHaveAttribute("href", /^https?:\/\//);
  await expect(footer.getByRole("link", { name: "개인정보처리방침" })).toHaveAttribute("href", "/privacy");
  await expect(footer.getByRole("link", { name: "이용약관" })).toHaveAttribute("href", "/terms");
  await expect(footer.getByText("사업자등록번호")).toBeVisible();
});
