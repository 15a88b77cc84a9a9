// Admin and blog in the browser: writing and publishing a post with an attachment, the public blog,
// changing a member's plan, and the access-denied card for members.
import { expect, test, type Browser } from "@playwright/test";
import { closeTestSql, createAdmin, createMember } from "../helpers/users.ts";
import { signIn, toast } from "./support.ts";

async function newPage(browser: Browser) {
  const context = await browser.newContext();
  return context.newPage();
}

test.afterAll(async () => {
  await closeTestSql();
});

test("an admin writes a post with an attachment, publishes it, and it is readable on /blog", async ({ page }) => {
  const admin = await createAdmin();
  await signIn(page, admin, "/admin/blog");
  await expect(page.getByRole("heading", { name: "블로그 관리" })).toBeVisible();

  const title = `입시 논술 대비 전략 ${Date.now().toString(36)}`;
  await page.getByRole("textbox", { name: "제목", exact: true }).fill(title);
  await page.getByRole("button", { name: "자동 생성" }).click();
  const slug = await page.getByLabel("슬러그 (URL)").inputValue();
  expect(slug).toMatch(/^입시-논술-대비-전략-[a-z0-9]+-[a-z0-9]{6}$/);

  // Required fields are checked before anything is sent.
  await page.getByRole("button", { name: "작성하기" }).click();
  await expect(toast(page).filter({ hasText: "입력 오류" })).toContainText("제목, 슬러그, 발췌, 내용은 필수 항목입니다.");

  await page.getByLabel("발췌").fill("수시 논술을 준비하는 학생을 위한 핵심 전략을 정리했습니다.");
  await page
    .getByLabel("내용")
    .fill(
      "## 준비 순서\n\n기출 분석부터 시작하세요.\n둘째 줄입니다.\n\n[안전한 링크](https://example.com/guide) [위험한 링크](javascript:alert(1))",
    );
  await page.getByLabel("카테고리").selectOption("admission-info");
  await page.getByLabel("태그 (쉼표로 구분)").fill(" 입시, 논술 ,, ");
  await page.getByLabel("SEO 제목").fill(`${title} | SEO`);
  await page.getByLabel("SEO 설명").fill("논술 전형 대비 전략 요약");
  const form = page.getByTestId("blog-post-form");
  await expect(form.getByText("비공개", { exact: true })).toBeVisible();
  await form.getByRole("switch").check();
  await expect(form.getByText("공개", { exact: true })).toBeVisible();

  await page.getByTestId("attachment-input").setInputFiles({
    name: "모집요강.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("2026학년도 논술 전형 모집 요강 요약\n".repeat(60)),
  });
  await expect(toast(page).filter({ hasText: "파일 업로드 완료" })).toBeVisible();
  await expect(page.getByTestId("admin-attachments")).toContainText("모집요강.txt");

  await page.getByRole("button", { name: "작성하기" }).click();
  await expect(toast(page).filter({ hasText: "블로그 글 작성 완료" })).toBeVisible();
  const row = page.getByTestId("admin-post-row").filter({ hasText: title });
  await expect(row).toContainText("공개");
  await expect(row).toContainText("입시 정보");
  // Back in create mode with an empty form.
  await expect(page.getByRole("textbox", { name: "제목", exact: true })).toHaveValue("");
  await expect(page.getByRole("button", { name: "작성하기" })).toBeVisible();

  // The public list, filtered by its category.
  await page.goto("/blog");
  await page.getByRole("button", { name: "입시 정보" }).click();
  const card = page.getByTestId("blog-card").filter({ hasText: title });
  await expect(card).toBeVisible();
  await expect(card).toContainText("#입시");
  await expect(card).toContainText("#논술");
  await page.getByRole("button", { name: "플랫폼 가이드" }).click();
  await expect(page.getByTestId("blog-card").filter({ hasText: title })).toHaveCount(0);
  await page.getByRole("button", { name: "입시 정보" }).click();
  await page.getByTestId("blog-card").filter({ hasText: title }).click();

  await expect(page).toHaveURL(new RegExp(`/blog/${encodeURIComponent(slug).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByTestId("view-count")).toHaveText("1회");
  await expect(page).toHaveTitle(`${title} | SEO`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", "논술 전형 대비 전략 요약");
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", `${title} | SEO`);
  // No ad placeholder for the public: the slot exists only with VITE_ADSENSE_CLIENT (unset here).
  await expect(page.getByText("광고 영역", { exact: false })).toHaveCount(0);
  await expect(page.getByRole("complementary", { name: "광고" })).toHaveCount(0);

  const body = page.getByTestId("markdown-body");
  await expect(body.getByRole("link", { name: "안전한 링크" })).toHaveAttribute("rel", "noopener noreferrer");
  await expect(body.getByRole("link", { name: "위험한 링크" })).toHaveCount(0);
  await expect(body).toContainText("[위험한 링크](javascript:alert(1))");

  const attachments = page.getByTestId("attachment-list");
  await expect(attachments).toContainText("모집요강.txt");
  await expect(attachments).toContainText(/\d+\.\d KB/);
  const href = await attachments.getByRole("link").first().getAttribute("href");
  expect(href).toMatch(new RegExp(`/storage/v1/object/public/blog/.+\\?download=${encodeURIComponent("모집요강.txt")}$`));
  const file = await page.request.get(href!);
  expect(file.status()).toBe(200);
  const savedAs = encodeURIComponent("모집요강.txt");
  expect(file.headers()["content-disposition"]).toBe(`attachment; filename=${savedAs}; filename*=UTF-8''${savedAs}`);
  expect(await file.text()).toContain("2026학년도 논술 전형 모집 요강 요약");

  // A reload in the same tab session does not count another view.
  await page.reload();
  await expect(page.getByTestId("view-count")).toHaveText("1회");
});

test("an admin changes a member's plan and the member's badge shows it", async ({ page, browser }) => {
  const [admin, member] = await Promise.all([createAdmin(), createMember()]);
  await signIn(page, admin, "/admin/users");
  await expect(page.getByRole("heading", { name: "회원 관리" })).toBeVisible();
  for (const [label, id] of [
    ["회원 (관리자 포함)", "stat-members"],
    ["게스트", "stat-guests"],
    ["유료 구독 회원", "stat-paid"],
    ["이번 달 채점한 답안", "stat-graded"],
  ]) {
    await expect(page.getByText(label, { exact: true }).first()).toBeVisible();
    await expect(page.getByTestId(id)).toHaveText(/^\d[\d,]*$/);
  }

  // An admin cannot delete themselves.
  await expect(page.getByTestId(`user-row-${admin.username}`).getByRole("button", { name: "삭제" })).toBeDisabled();

  const row = page.getByTestId(`user-row-${member.username}`);
  await expect(row).toContainText("체험");
  await row.getByRole("button", { name: "플랜 변경" }).click();
  const dialog = page.getByRole("dialog", { name: "구독 플랜 변경" });
  const confirm = dialog.getByRole("button", { name: "변경하기" });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel("새 플랜").selectOption("educator");
  await expect(confirm).toBeEnabled();
  await confirm.click();
  await expect(toast(page).filter({ hasText: "구독 플랜 변경 완료" })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId("user-plan")).toContainText("교육자");
  await expect(row.getByTestId("user-plan")).toContainText("활성");

  const memberPage = await newPage(browser);
  await signIn(memberPage, member, "/");
  await expect(memberPage.getByTestId("usage-badge")).toContainText("0/500");
  await expect(memberPage.getByTestId("usage-badge")).toContainText("교육자");
  await memberPage.context().close();
});

test("a member visiting the admin pages sees the access-denied card", async ({ page }) => {
  const member = await createMember();
  await signIn(page, member, "/admin/users");
  const denied = page.getByTestId("access-denied");
  await expect(denied).toContainText("접근 권한이 없습니다");
  await expect(page.getByTestId("users-table")).toHaveCount(0);
  await page.goto("/admin/blog");
  await expect(page.getByTestId("access-denied")).toBeVisible();
  await expect(page.getByTestId("blog-post-form")).toHaveCount(0);
  await page.getByRole("link", { name: "홈으로 돌아가기" }).click();
  await expect(page).toHaveURL(/\/$/);
});
