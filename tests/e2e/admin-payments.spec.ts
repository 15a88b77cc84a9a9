// Admin billing in the browser: a member's 결제 내역, a partial then a full refund (Toss cancel through the
// fake Toss the harness starts), and a paid plan given with an explicit end date.
import { expect, test } from "@playwright/test";
import { api, closeTestSql, createAdmin, createMember, testSql, type TestUser } from "../helpers/users.ts";
import { signIn, toast } from "./support.ts";

/** The member pays for `planId` through the API against the fake Toss (approves `pk_ok_*`). */
async function pay(member: TestUser, planId: string) {
  const intent = await api("/payments/create-intent", { token: member.token, json: { planId } });
  expect(intent.status, JSON.stringify(intent.body)).toBe(201);
  const done = await api("/payments/toss-confirm", {
    token: member.token,
    json: { paymentKey: `pk_ok_${Math.random().toString(36).slice(2)}`, orderId: intent.body.intentId, amount: intent.body.amount },
  });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return intent.body.intentId as string;
}

test.afterAll(async () => {
  await closeTestSql();
});

test("an admin refunds part, then the rest, of a member's payment; the member is back on the trial", async ({ page }) => {
  const [admin, member] = await Promise.all([createAdmin(), createMember()]);
  const orderId = await pay(member, "educator");

  await signIn(page, admin, "/admin/users");
  const row = page.getByTestId(`user-row-${member.username}`);
  await expect(row.getByTestId("user-plan")).toContainText("교육자");
  await row.getByRole("button", { name: "결제 내역" }).click();

  const dialog = page.getByRole("dialog", { name: "결제 내역" });
  const payment = dialog.locator(`[data-order-id="${orderId}"]`);
  await expect(payment).toContainText("교육자");
  await expect(payment).toContainText("29,900원");
  await expect(payment.getByTestId("member-payment-status")).toHaveText("결제 완료");

  // Partial refund: the reason is required before anything is sent.
  await payment.getByRole("button", { name: "환불" }).click();
  const confirmDialog = page.getByRole("dialog", { name: "환불 확인" });
  const refund = confirmDialog.getByRole("button", { name: "환불하기" });
  await expect(refund).toBeDisabled();
  await confirmDialog.getByLabel("환불 금액 (원, 비우면 남은 금액 전액)").fill("40000");
  await confirmDialog.getByLabel("환불 사유 (필수)").fill("일부 기간 미사용");
  await expect(refund).toBeDisabled(); // more than was paid
  await confirmDialog.getByLabel("환불 금액 (원, 비우면 남은 금액 전액)").fill("10000");
  await expect(confirmDialog.getByTestId("refund-summary")).toContainText("29,900원 결제 중 10,000원을 환불합니다.");
  await refund.click();
  await expect(toast(page).filter({ hasText: "환불 완료" }).filter({ hasText: "10,000원을 환불했습니다." })).toBeVisible();
  await expect(payment.getByTestId("member-payment-status")).toHaveText("부분 환불됨");
  await expect(payment).toContainText("10,000원");
  await expect(row.getByTestId("user-plan")).toContainText("교육자");

  // The rest (amount left empty): the payment is refunded and the paid month ends.
  await payment.getByRole("button", { name: "환불" }).click();
  await expect(confirmDialog).toContainText("19,900원");
  await confirmDialog.getByLabel("환불 사유 (필수)").fill("고객 요청으로 전액 환불");
  await confirmDialog.getByRole("button", { name: "환불하기" }).click();
  await expect(toast(page).filter({ hasText: "환불 완료" }).filter({ hasText: "19,900원을 환불했습니다." })).toBeVisible();
  await expect(payment.getByTestId("member-payment-status")).toHaveText("환불됨");
  await expect(payment).toContainText("29,900원");
  await expect(payment.getByRole("button", { name: "환불" })).toHaveCount(0);

  const [stored] = await testSql()<{ status: string; refunded_amount: number; refund_reason: string; refunded_at: Date | null }[]>`
    select status, refunded_amount, refund_reason, refunded_at from public.payments where id = ${orderId}`;
  expect(stored).toMatchObject({ status: "refunded", refunded_amount: 29900, refund_reason: "고객 요청으로 전액 환불" });
  expect(stored.refunded_at).not.toBeNull();

  await dialog.getByRole("button", { name: "닫기" }).first().click();
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId("user-plan")).toContainText("체험");
});

test("an admin gives a paid plan with an end date; the member's month ends that day", async ({ page }) => {
  const [admin, member] = await Promise.all([createAdmin(), createMember()]);
  await signIn(page, admin, "/admin/users");
  const row = page.getByTestId(`user-row-${member.username}`);
  await row.getByRole("button", { name: "결제 내역" }).click();
  await expect(page.getByTestId("member-payments-empty")).toHaveText("결제 내역이 없습니다.");
  await page.getByRole("dialog", { name: "결제 내역" }).getByRole("button", { name: "닫기" }).first().click();

  await row.getByRole("button", { name: "플랜 변경" }).click();
  const dialog = page.getByRole("dialog", { name: "구독 플랜 변경" });
  await dialog.getByLabel("새 플랜").selectOption("trial");
  await expect(dialog.getByLabel("이용 종료일 (선택)")).toHaveCount(0); // the trial has no end
  await dialog.getByLabel("새 플랜").selectOption("educator");
  const end = new Date(Date.now() + 45 * 86_400_000);
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Seoul" }).format(end);
  await dialog.getByLabel("이용 종료일 (선택)").fill(day);
  await dialog.getByRole("button", { name: "변경하기" }).click();
  await expect(toast(page).filter({ hasText: "구독 플랜 변경 완료" })).toBeVisible();
  await expect(row.getByTestId("user-plan")).toContainText("교육자");

  const [sub] = await testSql()<{ plan_id: string; end_date: Date }[]>`
    select plan_id, end_date from public.subscriptions where user_id = ${member.user.id}`;
  expect(sub.plan_id).toBe("educator");
  expect(sub.end_date.toISOString()).toBe(new Date(`${day}T23:59:59+09:00`).toISOString());
});
