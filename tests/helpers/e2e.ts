// Browser-test helpers: signing in through the login form, and the toasts.
import { expect, type Page } from "@playwright/test";
import type { TestUser } from "./users.ts";

/** The sonner toasts on the page. */
export const toast = (page: Page) => page.locator("[data-sonner-toast]");

/** Signs `user` in through the home page's login form and waits for the usage badge. */
export async function signIn(page: Page, user: TestUser): Promise<void> {
  await page.goto("/");
  await page.getByLabel("사용자명").fill(user.username);
  await page.getByLabel("비밀번호").fill(user.password);
  await page.getByRole("button", { name: "로그인", exact: true }).click();
  await expect(page.getByTestId("usage-badge")).toBeVisible();
}
