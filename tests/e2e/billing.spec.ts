// 결제 관리 in the browser: a member starts a subscription that renews on a card (Toss's card
// registration replaced by a local script that redirects as Toss does, through route interception),
// the first month is charged by the function against the fake Toss billing API, and 구독 해지 is one
// confirmation away and can be undone; 플랜 변경 quotes an upgrade's amount before one confirmation
// charges it.
import { expect, test, type Page } from "@playwright/test";
import { closeTestSql } from "../helpers/users.ts";
import { fillSignUp, toast, uniqueName } from "./support.ts";

/** A stand-in for TossPayments v2's payment().requestBillingAuth(): back to successUrl with an authKey. */
const FAKE_TOSS_BILLING_SCRIPT = `
(function () {
  window.TossPayments = function (clientKey) {
    return {
      payment: function (init) {
        return {
          requestBillingAuth: function (req) {
            sessionStorage.setItem("fakeTossBilling", JSON.stringify({ clientKey: clientKey, customerKey: init.customerKey, request: req }));
            var url = new URL(req.successUrl);
            url.searchParams.set("customerKey", init.customerKey);
            url.searchParams.set("authKey", "auth_ok_" + Math.random().toString(36).slice(2));
            setTimeout(function () { window.location.href = url.toString(); }, 50);
            return new Promise(function () {});
          },
        };
      },
    };
  };
})();
`;

async function fakeTossScript(page: Page) {
  await page.route("https://js.tosspayments.com/**", (route) =>
    route.fulfill({ status: 200, contentType: "application/javascript", body: FAKE_TOSS_BILLING_SCRIPT }),
  );
}

test.afterAll(async () => {
  await closeTestSql();
});

test("a member subscribes with a card, sees the next charge, cancels in one confirmation and undoes it", async ({ page }) => {
  await fakeTossScript(page);
  await page.goto("/login");
  await fillSignUp(page, uniqueName("subscriber"), "secret123");
  await expect(page.getByTestId("usage-badge")).toContainText("0/10");

  await page.goto("/account");
  await page.getByTestId("billing-manage-link").click();
  await expect(page).toHaveURL(/\/billing\/manage$/);
  await expect(page.getByRole("heading", { name: "결제 관리", level: 1 })).toBeVisible();
  await expect(page.getByTestId("billing-status")).toHaveText("구독 없음");

  await page.getByTestId("subscribe-plan").selectOption("educator");
  await page.getByTestId("subscribe-quote").click();
  // what is charged now and when it renews, before any card is asked for
  await expect(page.getByTestId("subscribe-quote-box")).toContainText("지금 29,900원이 결제되고");
  await expect(page.getByTestId("subscribe-quote-box")).toContainText("매월");
  await page.getByTestId("subscribe-register-card").click();

  await expect(page).toHaveURL(/\/billing\/manage$/);
  await expect(toast(page).first()).toContainText("구독이 시작되었습니다");
  const request = JSON.parse((await page.evaluate(() => sessionStorage.getItem("fakeTossBilling"))) ?? "{}");
  expect(request.clientKey).toMatch(/^test_ck_/);
  expect(request.request).toMatchObject({ method: "CARD" });
  expect(request.request.successUrl).toMatch(/\/billing\/card\/success$/);

  await expect(page.getByTestId("billing-status")).toHaveText("정기 구독 중");
  await expect(page.getByTestId("billing-plan")).toContainText("교육자 · 월간");
  await expect(page.getByTestId("billing-next-charge")).toContainText("29,900원");
  await expect(page.getByTestId("billing-card")).toContainText("4330-1234-****-123*");
  await expect(page.getByTestId("billing-payment-row")).toHaveCount(1);
  await expect(page.getByTestId("billing-payment-row")).toContainText("구독 시작");
  await expect(page.getByTestId("usage-badge")).toContainText("0/500");

  await page.getByTestId("billing-cancel").click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("자동 결제되지 않습니다");
  await dialog.getByRole("button", { name: "구독 해지" }).click();
  await expect(page.getByTestId("billing-status")).toHaveText("해지 예약됨");
  await expect(page.getByTestId("billing-ends-at")).toBeVisible();
  await expect(page.getByTestId("billing-next-charge")).toHaveCount(0);

  await page.getByTestId("billing-resume").click();
  await expect(page.getByTestId("billing-status")).toHaveText("정기 구독 중");
  await expect(page.getByTestId("billing-next-charge")).toContainText("29,900원");
});

test("a subscriber sees an upgrade's amount before confirming it, and the plan changes at once", async ({ page }) => {
  await fakeTossScript(page);
  await page.goto("/login");
  await fillSignUp(page, uniqueName("upgrader"), "secret123");
  await expect(page.getByTestId("usage-badge")).toContainText("0/10");
  await page.goto("/billing/manage");
  await page.getByTestId("subscribe-plan").selectOption("educator");
  await page.getByTestId("subscribe-quote").click();
  await page.getByTestId("subscribe-register-card").click();
  await expect(page.getByTestId("billing-status")).toHaveText("정기 구독 중");

  const form = page.getByTestId("plan-change-form");
  await form.getByTestId("plan-change-plan").selectOption("business");
  await form.getByTestId("plan-change-quote").click();
  const quote = page.getByTestId("plan-change-quote-box");
  await expect(quote).toContainText("지금 결제:");
  await expect(quote).toContainText("기업 플랜으로 바뀌고");
  const amount = (await quote.locator("strong").first().textContent()) ?? "";
  expect(amount).toMatch(/^[\d,]+원$/);
  // nothing changes until the confirmation
  await expect(page.getByTestId("billing-plan")).toContainText("교육자");
  await quote.getByTestId("plan-change-confirm").click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText(amount);
  await dialog.getByRole("button", { name: `${amount} 결제` }).click();

  await expect(toast(page).first()).toContainText("기업 플랜으로 변경되었습니다");
  await expect(page.getByTestId("billing-plan")).toContainText("기업 · 월간");
  await expect(page.getByTestId("billing-next-charge")).toContainText("99,000원");
  await expect(page.getByTestId("billing-payment-row")).toHaveCount(2);
  await expect(page.getByTestId("billing-payment-row").first()).toContainText("플랜 변경 차액");
  await expect(page.getByTestId("billing-payment-row").first()).toContainText(amount);
});
