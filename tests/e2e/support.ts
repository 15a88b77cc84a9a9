// What the browser specs share: signing in through the login card, the toast locator, unique names.
import { expect, type Page } from "@playwright/test";
import type { TestUser } from "../helpers/users.ts";

/** Sonner's toasts (every toast of the app goes through it). */
export const toast = (page: Page) => page.locator("[data-sonner-toast]");

/** A username no other run of the suite uses. */
export const uniqueName = (prefix: string) => `${prefix}_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Opens `path` signed out, signs in with the login card and waits for the signed-in header. */
export async function signIn(page: Page, user: TestUser, path = "/") {
  await page.goto(path);
  await page.getByLabel("사용자명").fill(user.username);
  await page.getByLabel("비밀번호").fill(user.password);
  await page.getByRole("button", { name: "로그인", exact: true }).click();
  await expect(page.getByTestId("usage-badge")).toBeVisible();
}
