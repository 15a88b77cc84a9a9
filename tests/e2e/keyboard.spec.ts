// Keyboard use of the main flows: signing in, the workspace's tabs (arrow keys, Home, End), the header's links,
// setting a question, submitting an answer and opening its report — by Tab, Enter, Space and arrows only
// (a file is given to the browser's file chooser, which a keyboard opens with Space). After every navigation
// focus sits on the new page's h1 (never on <body>).
import { expect, test, type Page } from "@playwright/test";
import { closeTestSql, createMember } from "../helpers/users.ts";
import { FIXTURE_ESSAY, FIXTURE_PROMPT } from "../helpers/grading.ts";
import { tabTo } from "./support.ts";

test.afterAll(async () => {
  await closeTestSql();
});

const focusedTag = (page: Page) => page.evaluate(() => document.activeElement?.tagName.toLowerCase() ?? "");

test("signing in, switching tabs with arrow keys and following the header's links by keyboard", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const teacher = await createMember();
  await page.goto("/login");

  // The sign-in / sign-up tabs follow the arrow keys too.
  const loginTab = page.getByRole("tab", { name: "로그인" });
  await tabTo(page, loginTab);
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("tab", { name: "회원가입" })).toBeFocused();
  await expect(page.getByRole("tab", { name: "회원가입" })).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Home");
  await expect(loginTab).toHaveAttribute("aria-selected", "true");

  await tabTo(page, page.getByLabel("사용자명"));
  await page.keyboard.type(teacher.username);
  await tabTo(page, page.getByLabel("비밀번호"));
  await page.keyboard.type(teacher.password);
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("usage-badge")).toBeVisible();

  // Signed in, the workspace opens with focus on its heading, not on <body>.
  await expect(page.locator("main h1")).toBeFocused();

  const tab = (name: string) => page.getByRole("tab", { name });
  await tabTo(page, tab("문제 및 기준 설정"));
  await page.keyboard.press("ArrowRight");
  await expect(tab("답안 작성")).toBeFocused();
  await expect(tab("답안 작성")).toHaveAttribute("aria-selected", "true");
  await expect(page).toHaveURL(/tab=essay/);
  await page.keyboard.press("End");
  await expect(tab("첨삭 현황")).toBeFocused();
  await expect(tab("첨삭 현황")).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowRight");
  await expect(tab("문제 및 기준 설정")).toBeFocused();
  await page.keyboard.press("ArrowLeft");
  await expect(tab("첨삭 현황")).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Home");
  await expect(tab("문제 및 기준 설정")).toHaveAttribute("aria-selected", "true");
  // Only the selected tab is in the Tab order: Tab leaves the list.
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => document.activeElement?.getAttribute("role"))).not.toBe("tab");

  // A header link by Enter: the new page's title has focus, and the page starts at its top.
  await page.mouse.wheel(0, 600);
  await tabTo(page, page.getByRole("link", { name: "내 작업" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/my-work$/);
  await expect(page.getByRole("heading", { level: 1, name: "내 작업 목록" })).toBeFocused();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  // Back to the workspace (history): focus again on its heading.
  await page.goBack();
  await expect(page.locator("main h1")).toBeFocused();
});

test("setting a question, grading an answer and opening its report by keyboard", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  const teacher = await createMember();
  await page.goto("/login");
  await tabTo(page, page.getByLabel("사용자명"));
  await page.keyboard.type(teacher.username);
  await tabTo(page, page.getByLabel("비밀번호"));
  await page.keyboard.type(teacher.password);
  await page.keyboard.press("Enter");
  await expect(page.locator("main h1")).toBeFocused();

  // The question file: Space on the file field opens the chooser.
  await tabTo(page, page.getByLabel("논술 문제(필수)"));
  const chooser = page.waitForEvent("filechooser");
  await page.keyboard.press("Space");
  await (await chooser).setFiles({ name: "논술문제.txt", mimeType: "text/plain", buffer: Buffer.from(FIXTURE_PROMPT, "utf8") });
  await tabTo(page, page.getByRole("button", { name: "다음 단계" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "답안 작성", level: 2 })).toBeVisible();
  // A new session's address: focus is not left on <body>.
  expect(await focusedTag(page)).not.toBe("body");

  await tabTo(page, page.getByLabel("학생 답안"));
  await page.keyboard.insertText(FIXTURE_ESSAY);
  await tabTo(page, page.getByLabel("학생 이름 (선택)"));
  await page.keyboard.type("키보드");
  await tabTo(page, page.getByRole("button", { name: "AI 첨삭 시작" }));
  await page.keyboard.press("Space");

  const row = page.getByTestId("submission-row");
  await expect(row).toHaveAttribute("data-status", "completed", { timeout: 30_000 });
  await expect(page.locator("main h1")).toBeFocused();
  await tabTo(page, row.getByRole("button", { name: "보기" }), 80);
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("report-view").getByTestId("annotated-essay")).toBeVisible();
  await expect(page.locator("main h1")).toBeFocused();
  expect(await focusedTag(page)).toBe("h1");
});
