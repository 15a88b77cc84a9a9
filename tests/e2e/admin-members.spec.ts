// The admin member list: members only by default (guests behind the 게스트 / 전체 filter), a server-side
// search, counts that agree (the 회원 stat and the list's count; 이번 달 채점한 답안 and the cost section's
// 채점한 답안 for this month), 삭제 as a quiet in-row action that opens the confirmation, and amounts in 원
// with Korean grading-mode names.
import { expect, test } from "@playwright/test";
import { closeTestSql, createAdmin, createGuest, createMember } from "../helpers/users.ts";
import { signIn } from "./support.ts";

test.afterAll(async () => {
  await closeTestSql();
});

test("an admin filters and searches the member list, and the counts agree", async ({ page }) => {
  const [admin, member, guest] = await Promise.all([createAdmin(), createMember({ displayName: "검색될 선생님" }), createGuest()]);
  await signIn(page, admin, "/admin/users");
  const table = page.getByTestId("users-table");
  await expect(table.getByTestId(`user-row-${member.username}`)).toBeVisible();
  // guests are not in the default list
  await expect(table.getByTestId(`user-row-${guest.username}`)).toHaveCount(0);
  await expect(table.getByText("게스트", { exact: true })).toHaveCount(0);

  // the 회원 stat counts what the default list counts
  const members = (await page.getByTestId("stat-members").textContent())!;
  await expect(page.getByTestId("users-total")).toHaveText(`회원 ${members}명`);

  await page.getByRole("group", { name: "회원 구분" }).getByRole("button", { name: "게스트" }).click();
  await expect(table.getByTestId(`user-row-${guest.username}`)).toBeVisible();
  await expect(table.getByTestId(`user-row-${member.username}`)).toHaveCount(0);
  await expect(page.getByTestId("users-total")).toHaveText(`게스트 ${(await page.getByTestId("stat-guests").textContent())!}명`);

  await page.getByRole("group", { name: "회원 구분" }).getByRole("button", { name: "전체" }).click();
  await page.getByLabel("회원 검색 (사용자명, 이메일, 이름)").fill("검색될 선생님");
  await page.getByRole("button", { name: "검색", exact: true }).click();
  await expect(page.getByTestId("users-total")).toHaveText(/^검색 결과 \d+명$/);
  await expect(table.getByTestId(`user-row-${member.username}`)).toBeVisible();
  await expect(table.getByTestId(`user-row-${admin.username}`)).toHaveCount(0);

  // 삭제 is a quiet in-row action (not a solid red button) that asks first
  const remove = table.getByTestId(`user-row-${member.username}`).getByRole("button", { name: "삭제" });
  await expect(remove).not.toHaveClass(/btn-error/);
  await remove.click();
  const confirm = page.getByRole("dialog", { name: "계정 삭제" });
  await expect(confirm).toContainText(member.username);
  await confirm.getByRole("button", { name: "취소" }).click();
  await expect(confirm).toBeHidden();

  // one count of this month's graded answers: the stat and the cost section (this month by default)
  const cost = page.getByTestId("grading-cost");
  await expect(cost.getByLabel("조회 기간")).toHaveValue("month");
  const essays = (await cost.getByTestId("cost-essays").textContent())!;
  await expect(page.getByTestId("stat-graded")).toHaveText(essays.replace(/건$/, ""));
  // amounts in 원, modes in Korean
  await expect(cost.getByTestId("cost-total")).toHaveText(/^[\d,.]+원$/);
  await expect(cost).not.toContainText("$");
  await expect(cost).not.toContainText("USD");
  await expect(cost).not.toContainText("holistic");
});
