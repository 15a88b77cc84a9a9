// Browser-test helpers shared by specs: signing in on the page, waiting for a grading job, the
// toasts, and the two viewport sizes the workspace is checked at.
import { expect, type Page } from "@playwright/test";
import { testSql, type TestUser } from "./users.ts";

/** A laptop and a phone (issue 15's done-when sizes). */
export const WORKSPACE_VIEWPORTS = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
] as const;

export const toasts = (page: Page) => page.locator("[data-sonner-toast]");

/** Opens `path` (which asks to sign in) and signs `user` in there. */
export async function signInAt(page: Page, user: TestUser, path: string) {
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
