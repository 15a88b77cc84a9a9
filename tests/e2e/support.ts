// What the browser specs share: signing in through the login card, the toast locator, unique names,
// waiting for a grading job, and the two viewport sizes the workspace is checked at.
import { expect, type Page } from "@playwright/test";
import { testSql, type TestUser } from "../helpers/users.ts";

/** A laptop and a phone (issue 15's done-when sizes). */
export const WORKSPACE_VIEWPORTS = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
] as const;

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

/** Polls the answer's row until its status is `completed`. */
export async function waitUntilCompleted(id: string) {
  await expect
    .poll(async () => (await testSql()`select status from public.essay_submissions where id = ${id}`)[0]?.status, {
      timeout: 30_000,
    })
    .toBe("completed");
}
