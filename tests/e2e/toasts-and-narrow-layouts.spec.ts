// Rough edges in the browser at a laptop (1366×900) and a phone (390×844):
// toasts never cover the primary action or the fields, a refused sign-in marks the fields, an
// empty /dashboard leads back to setup, and the admin table keeps its actions in view on a phone.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { closeTestSql, createAdmin, createMember } from "../helpers/users.ts";
import { setQuestion, signIn } from "./support.ts";

const VIEWPORTS = [
  { name: "laptop", width: 1366, height: 900 },
  { name: "phone", width: 390, height: 844 },
] as const;

const toast = (page: Page) => page.locator("[data-sonner-toast]");

type Box = { x: number; y: number; width: number; height: number };

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Fails when the toast's box meets the box of any of `targets` that is on screen. */
async function expectUncovered(page: Page, targets: Locator) {
  const box = await toast(page).first().boundingBox();
  expect(box, "a toast is shown").not.toBeNull();
  const count = await targets.count();
  for (let i = 0; i < count; i++) {
    const target = targets.nth(i);
    if (!(await target.isVisible())) continue;
    const other = await target.boundingBox();
    if (!other) continue;
    const name = (await target.getAttribute("aria-label")) ?? (await target.getAttribute("id")) ?? (await target.textContent());
    expect(overlaps(box!, other), `the toast covers ${name?.trim()} (${JSON.stringify({ toast: box, other })})`).toBe(false);
  }
}

test.afterAll(async () => {
  await closeTestSql();
});

for (const vp of VIEWPORTS) {
  test.describe(`${vp.name} ${vp.width}×${vp.height}`, () => {
    test.use({ viewport: { width: vp.width, height: vp.height } });

    test("the toast after setup covers neither 'AI 첨삭 시작' nor the answer fields", async ({ page }) => {
      const user = await createMember();
      await signIn(page, user);
      await setQuestion(page, "인공지능 시대의 교육에 대해 논술하시오.");
      await expect(toast(page).filter({ hasText: "설정 완료" })).toBeVisible();
      const start = page.getByRole("button", { name: "AI 첨삭 시작" });
      await start.scrollIntoViewIfNeeded();
      await expect(toast(page).filter({ hasText: "설정 완료" })).toBeVisible();
      await expectUncovered(page, start);
      // The fields the teacher fills next, each focused in turn (a phone scrolls it into view).
      for (const field of [page.getByLabel("학생 답안"), page.getByLabel("학생 이름 (선택)"), page.getByLabel("수험번호 (선택)")]) {
        await field.focus();
        await expect(toast(page).filter({ hasText: "설정 완료" })).toBeVisible();
        await expectUncovered(page, field);
      }
      await expectUncovered(page, page.locator("main").locator("input:visible, textarea:visible, select:visible"));
    });

    test("a wrong password marks both fields, and its toast covers neither", async ({ page }) => {
      const user = await createMember();
      await page.goto("/login");
      const username = page.getByLabel("사용자명");
      const password = page.getByLabel("비밀번호");
      await username.fill(user.username);
      await password.fill(`${user.password}-wrong`);
      await page.getByRole("button", { name: "로그인", exact: true }).click();
      await expect(toast(page).filter({ hasText: "로그인 안내" })).toBeVisible();
      await expect(username).toHaveAttribute("aria-invalid", "true");
      await expect(password).toHaveAttribute("aria-invalid", "true");
      await expect(password).toBeFocused();
      await expect(page.locator("#login-password-error")).toHaveText(/아이디 또는 비밀번호|아이디와 비밀번호/);
      await expect(password).toHaveAttribute("aria-describedby", "login-password-error");
      await expectUncovered(page, page.locator("form[aria-label='로그인']").locator("input, button[type=submit]"));
      // Typing again clears the marks.
      await password.fill(user.password);
      await expect(password).not.toHaveAttribute("aria-invalid", "true");
    });

    test("an empty /dashboard leads back to setup", async ({ page }) => {
      const user = await createMember();
      await signIn(page, user, "/dashboard");
      await expect(page.getByRole("tab", { name: /첨삭 현황/ })).toHaveAttribute("aria-selected", "true");
      await expect(page.getByText("설정이 필요합니다")).toBeVisible();
      await page.getByRole("button", { name: "문제 설정하러 가기" }).click();
      await expect(page.getByRole("tab", { name: "문제 및 기준 설정" })).toHaveAttribute("aria-selected", "true");
      await expect(page.getByLabel("논술 문제(필수)")).toBeAttached();
    });
  });
}

test.describe("phone 390×844", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the admin table keeps its actions in view and says the table scrolls", async ({ page }) => {
    const [admin, member] = await Promise.all([createAdmin(), createMember()]);
    await signIn(page, admin, "/admin/users");
    const row = page.getByTestId(`user-row-${member.username}`);
    await expect(row).toBeVisible();
    await expect(page.getByTestId("users-table-hint")).toBeVisible();
    const action = row.getByRole("button", { name: "플랜 변경" });
    await action.scrollIntoViewIfNeeded();
    const box = (await action.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    // Hit-testable: nothing lies over it.
    await action.click({ trial: true });
  });
});
