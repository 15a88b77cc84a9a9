// Organisations in the browser: an owner on the business plan creates one on the 기관 page, invites two
// teachers by link (shown once), both open their link signed out, sign up there and join (참여하기), the
// owner sees three members and removes one after confirming; the header's switch keeps the active space, and signing out forgets it.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { designSystemViolations, fillSignUp, signInOnPlan, toast, uniqueName } from "./support.ts";

/** Makes an invitation link and reads it from the field that shows it once (`previous`: the link shown before). */
async function newInviteLink(page: Page, previous = ""): Promise<string> {
  await page.getByRole("button", { name: "초대 링크 만들기" }).click();
  const link = page.getByLabel("초대 링크");
  await expect(link).toHaveValue(/\/invite\/[A-Za-z0-9_-]{43}$/);
  if (previous) await expect(link).not.toHaveValue(previous);
  await expect(toast(page).first()).toBeVisible();
  return link.inputValue();
}

/** A new browser opens `url` signed out, signs up under the invitation's banner and joins; the teacher's username. */
async function acceptAsNewTeacher(browser: Browser, url: string, orgName: string): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const username = uniqueName("orgt");
  await page.goto(new URL(url).pathname);
  await expect(page.getByTestId("invite-banner")).toContainText(`${orgName}에서 교사(으)로 초대했습니다`);
  expect(await designSystemViolations(page, '[data-testid="invite-banner"]')).toEqual([]);
  await fillSignUp(page, username, "secret123");
  await expect(page.getByTestId("invite-page")).toContainText(`${orgName}에서 교사(으)로 초대했습니다.`);
  await page.getByRole("button", { name: "참여하기" }).click();
  await expect(page).toHaveURL(/\/org$/);
  await expect(page.getByRole("heading", { level: 1, name: orgName })).toBeVisible();
  await expect(page.getByTestId("org-switch").first()).toHaveValue(/[0-9a-f-]{36}/);
  expect(await page.evaluate(() => localStorage.getItem("activeOrgId"))).toMatch(/^[0-9a-f-]{36}$/);
  await context.close();
  return username;
}

test("an owner creates an organisation, two teachers join by link, the owner sees three members and removes one", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInOnPlan(page, "business", "/org");
  const orgName = `해오름 논술학원 ${Date.now().toString(36)}`;
  await expect(page.getByRole("heading", { name: "기관 만들기" })).toBeVisible();
  await page.getByLabel("기관 이름").fill(orgName);
  await page.getByRole("button", { name: "기관 만들기" }).click();
  await expect(page.getByRole("heading", { level: 1, name: orgName })).toBeVisible();
  await expect(page.getByTestId("org-facts")).toContainText("좌석 1 / 10");
  await expect(page.getByTestId("org-switch").first()).toHaveValue(/[0-9a-f-]{36}/);

  const first = await newInviteLink(page);
  const second = await newInviteLink(page, first);
  await expect(page.getByTestId("pending-invitations").getByRole("listitem")).toHaveCount(2);

  const teacherA = await acceptAsNewTeacher(browser, first, orgName);
  const teacherB = await acceptAsNewTeacher(browser, second, orgName);

  await page.reload();
  const rows = page.getByTestId("org-member-row");
  await expect(rows).toHaveCount(3);
  await expect(page.getByTestId("org-facts")).toContainText("좌석 3 / 10");
  await expect(page.getByText("대기 중인 초대가 없습니다.")).toBeVisible();
  expect(await designSystemViolations(page)).toEqual([]);

  const rowA = rows.filter({ hasText: teacherA });
  await rowA.getByRole("button", { name: "내보내기" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("이 선생님의 반과 과제는 기관에 남습니다");
  await dialog.getByRole("button", { name: "내보내기" }).click();
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: teacherB })).toHaveCount(1);
  await expect(page.getByTestId("org-facts")).toContainText("좌석 2 / 10");

  // the header's switch: back to the personal space, kept across a reload
  await page.getByTestId("org-switch").first().selectOption("");
  await page.reload();
  await expect(page.getByTestId("org-switch").first()).toHaveValue("");
  expect(await page.evaluate(() => localStorage.getItem("activeOrgId"))).toBeNull();

  // signing out forgets the chosen organisation: the next account starts in the personal space
  await page.getByTestId("org-switch").first().selectOption({ label: orgName });
  await expect.poll(() => page.evaluate(() => localStorage.getItem("activeOrgId"))).toMatch(/^[0-9a-f-]{36}$/);
  await page.getByRole("banner").getByRole("button", { name: "로그아웃" }).click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem("activeOrgId"))).toBeNull();
});
