// Browser steps the e2e specs share: sign in through the form, set up a session from a typed question.
import { expect, type Page } from "@playwright/test";
import type { TestUser } from "./users.ts";

/** Signs in with the login form on `path` and waits for the header's usage badge. */
export async function signIn(page: Page, user: TestUser, path = "/") {
  await page.goto(path);
  await page.getByLabel("사용자명").fill(user.username);
  await page.getByLabel("비밀번호").fill(user.password);
  await page.getByRole("button", { name: "로그인", exact: true }).click();
  await expect(page.getByTestId("usage-badge")).toBeVisible();
}

/** Sets up a session from a .txt question (setup tab → 다음 단계) and waits for the essay tab. */
export async function setUpSession(page: Page, question: string, filename = "논술문제.txt") {
  await page.getByLabel("논술 문제(필수)").setInputFiles({ name: filename, mimeType: "text/plain", buffer: Buffer.from(question, "utf8") });
  await page.getByRole("button", { name: "다음 단계" }).click();
  await expect(page.getByRole("heading", { name: "답안 작성" })).toBeVisible();
}
