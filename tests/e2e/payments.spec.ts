// Plans and payments in the browser. The Toss SDK loads its script from https://js.tosspayments.com at
// runtime; here that script is a local fake served through route interception, and the function confirms
// against the fake Toss API (tests/fakes/toss.ts) the harness starts.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { closeTestSql, testSql } from "../helpers/users.ts";
import { fillSignUp, toast, uniqueName } from "./support.ts";

/** A stand-in for the TossPayments v2 global: renders simple DOM and redirects like the real widget. */
const FAKE_TOSS_SCRIPT = `
(function () {
  window.TossPayments = function (clientKey) {
    return {
      widgets: function (init) {
        var amount = null;
        function area(selector, html) {
          var el = document.querySelector(selector);
          if (!el) return Promise.reject({ code: "INVALID_SELECTOR", message: "no " + selector });
          el.innerHTML = html;
          return Promise.resolve({ destroy: function () { el.innerHTML = ""; return Promise.resolve(); }, on: function () {} });
        }
        return {
          setAmount: function (a) { amount = a; return Promise.resolve(); },
          renderPaymentMethods: function (p) {
            return area(p.selector, '<div data-fake-toss="methods"><label><input type="radio" name="m" checked> 신용·체크카드</label></div>');
          },
          renderAgreement: function (p) {
            return area(p.selector, '<div data-fake-toss="agreement"><label><input type="checkbox" checked> [필수] 결제 서비스 이용 약관 동의</label></div>');
          },
          requestPayment: function (req) {
            sessionStorage.setItem("fakeTossRequest", JSON.stringify({ clientKey: clientKey, customerKey: init.customerKey, amount: amount, request: req }));
            if (sessionStorage.getItem("fakeTossMode") === "cancel") {
              return Promise.reject({ code: "USER_CANCEL", message: "사용자가 결제를 취소하였습니다" });
            }
            var url = new URL(req.successUrl);
            url.searchParams.set("paymentType", "NORMAL");
            url.searchParams.set("orderId", req.orderId);
            url.searchParams.set("paymentKey", "pk_ok_" + Math.random().toString(36).slice(2));
            url.searchParams.set("amount", String(amount.value));
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
    route.fulfill({ status: 200, contentType: "application/javascript", body: FAKE_TOSS_SCRIPT }),
  );
}

async function registerMember(page: Page) {
  const username = uniqueName("payer");
  await page.goto("/login"); // `/` signed out is the landing
  await fillSignUp(page, username, "secret123");
  await expect(page.getByTestId("usage-badge")).toContainText("0/10");
  return username;
}

/** Puts `username` on `planId`, active, with the paid period ending (and renewing) `period` from now. */
async function setPaidPeriod(username: string, planId: string, period: string) {
  await testSql()`
    update public.subscriptions s set plan_id = ${planId}, status = 'active',
           end_date = now() + ${period}::interval, renews_at = now() + ${period}::interval
      from public.profiles p where p.id = s.user_id and p.username = ${username}`;
}

test.afterAll(async () => {
  await closeTestSql();
});

test("the plans page lists plans by price on one baseline, recommends one plan and shows the current plan as a state", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await registerMember(page);
  await page.goto("/plans?upgrade=educator");

  const cards = page.locator('[data-testid^="plan-card-"]');
  await expect(cards).toHaveCount(4);
  await expect(cards.nth(0)).toHaveAttribute("data-testid", "plan-card-trial");
  await expect(cards.nth(3)).toHaveAttribute("data-testid", "plan-card-business");
  await expect(page.getByTestId("launch-banner")).toContainText("50%");
  await expect(page.getByTestId("current-plan-line")).toContainText("0/10");
  await expect(page.getByTestId("current-plan-line")).toContainText("체험판");
  await expect(page.getByTestId("current-plan-line").getByTestId("subscription-status")).toHaveCount(0);

  // The current plan is a state (one badge, a sentence), not a faint disabled button.
  const trial = page.getByTestId("plan-card-trial");
  await expect(trial.getByTestId("plan-price")).toHaveText("무료");
  await expect(trial.getByTestId("plan-badge")).toHaveText("현재 이용 중");
  await expect(trial.getByTestId("plan-current")).toHaveText("이용 중인 플랜입니다");
  await expect(trial.getByRole("button")).toHaveCount(0);

  // One recommended plan: its badge and the page's only primary button.
  const educator = page.getByTestId("plan-card-educator");
  await expect(educator).toHaveAttribute("data-recommended", "true");
  await expect(page.locator('[data-recommended="true"]')).toHaveCount(1);
  await expect(educator.getByTestId("plan-badge")).toHaveText("추천");
  await expect(page.getByTestId("plan-grid").locator(".btn-primary")).toHaveCount(1);
  await expect(educator.getByRole("button", { name: "선택하기" })).toHaveClass(/btn-primary/);
  await expect(page.getByTestId("plan-card-individual").getByTestId("plan-badge")).toHaveCount(0);
  await expect(educator).toHaveAttribute("data-highlighted", "true");

  // Prices, terms and limits: one wording, one unit, one baseline.
  await expect(educator.getByTestId("plan-price")).toHaveText("29,900원");
  await expect(educator.getByTestId("plan-list-price")).toHaveText("59,800원");
  await expect(educator.getByTestId("plan-term")).toHaveText("1개월 이용권 · 자동 갱신 없음");
  await expect(educator.getByTestId("plan-limits")).toHaveText(/월 500회 첨삭\s*한 번에 최대 10개 답안/);
  await expect(page.getByTestId("plan-card-business").getByTestId("plan-limits")).toContainText("한 번에 최대 50개 답안");
  await expect(trial.getByTestId("plan-limits")).toContainText("한 번에 답안 1개");
  await expect(educator.getByRole("listitem").first()).toBeVisible();
  await expect(page.getByTestId("plan-grid")).not.toContainText("정기 구독");
  await expect(page.getByTestId("plan-grid")).not.toContainText("명 학생");
  const priceBottoms = await page
    .getByTestId("plan-price")
    .evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().bottom)));
  expect(new Set(priceBottoms).size, String(priceBottoms)).toBe(1);
  const buttonTops = await cards.evaluateAll((els) => els.map((el) => Math.round(el.lastElementChild!.getBoundingClientRect().top)));
  expect(new Set(buttonTops).size, String(buttonTops)).toBe(1);

  await expect(page.getByText("100% 환불")).toBeVisible();
  await expect(page.getByText("이월되지 않습니다")).toBeVisible();
  await expect(page.getByText("현재 이용 기간이 끝난 다음부터")).toBeVisible();
  await expect(page.getByText(/@/).last()).toBeVisible();
  await expect(page.getByTestId("guest-notice")).toHaveCount(0);
});

test("a member picks the educator plan, pays through the widget and lands on the success summary", async ({ page }) => {
  test.setTimeout(120_000); // many pages and two axe runs on a shared machine
  await fakeTossScript(page);
  const username = await registerMember(page);
  await page.goto("/plans");

  await page.getByTestId("plan-card-educator").getByRole("button", { name: "선택하기" }).click();
  const screen = page.getByTestId("payment-screen");
  await expect(screen).toBeVisible();
  await expect(screen.getByTestId("test-mode-notice")).toBeVisible();
  await expect(screen.getByTestId("payment-amount")).toHaveText("29,900원");
  await expect(screen.getByTestId("payment-product")).toHaveText("상품명: 교육자 1개월 이용권 · 자동 갱신 없음");
  await expect(page.locator('[data-fake-toss="methods"]')).toBeVisible();
  await expect(page.locator('[data-fake-toss="agreement"]')).toBeVisible();
  await expect(screen).toHaveAttribute("data-phase", "ready");
  // The 테스트 결제 banner reads at 4.5:1 or more in both themes.
  for (const theme of ["light", "dark"]) {
    await page.evaluate((t) => document.documentElement.setAttribute("data-theme", t), theme);
    const { violations } = await new AxeBuilder({ page })
      .include('[data-testid="test-mode-notice"]')
      .withRules(["color-contrast"])
      .analyze();
    expect(violations.flatMap((v) => v.nodes.map((n) => `${theme}: ${n.target.join(" ")} ${n.failureSummary}`))).toEqual([]);
  }

  await page.getByTestId("pay-button").click();
  await page.waitForURL(/\/payment\/success\?/);

  const sent = await page.evaluate(() => JSON.parse(sessionStorage.getItem("fakeTossRequest") ?? "null"));
  const origin = new URL(page.url()).origin;
  expect(sent.clientKey).toMatch(/^test_gck_/);
  expect(sent.customerKey).toMatch(/^[A-Za-z0-9_=.@-]{2,300}$/);
  expect(sent.amount).toEqual({ currency: "KRW", value: 29900 });
  expect(sent.request).toMatchObject({
    orderName: "교육자 1개월 이용권",
    customerName: "구독자",
    customerEmail: `${username}@example.com`,
    successUrl: `${origin}/payment/success`,
    failUrl: `${origin}/payment/fail`,
  });
  expect(sent.request.orderId).toMatch(/^[A-Za-z0-9_-]{6,64}$/);

  const summary = page.getByTestId("payment-confirmed");
  await expect(summary.getByRole("heading", { name: "결제가 완료되었습니다!" })).toBeVisible();
  await expect(summary.getByTestId("summary-order-id")).toHaveText(sent.request.orderId);
  await expect(summary.getByTestId("summary-order-name")).toHaveText("교육자 1개월 이용권");
  await expect(summary.getByTestId("summary-method")).toHaveText("카드");
  await expect(summary.getByTestId("summary-amount")).toHaveText("29,900원");
  await expect(toast(page).getByText("결제 완료")).toBeVisible();

  await expect(summary.getByTestId("payment-state")).toContainText("교육자 1개월 이용권이 시작되었습니다");
  await expect(summary.getByRole("link", { name: "영수증 보기" })).toHaveAttribute(
    "href",
    /^https:\/\/dashboard\.tosspayments\.com\/receipt\//,
  );

  const badge = page.getByTestId("usage-badge");
  await expect(badge).toContainText("0/500");
  await expect(badge).toContainText("교육자");

  // Behaviour changed: the success page stays on its receipt until the user leaves.
  const successUrl = page.url();
  await page.clock.install();
  await page.goto(successUrl); // the used success URL, opened again
  await expect(page.getByTestId("payment-confirmed")).toHaveAttribute("data-state", "active");
  await page.clock.runFor(10_000);
  expect(new URL(page.url()).pathname).toBe("/payment/success");
  await expect(page.getByTestId("payment-confirmed")).toBeVisible();

  // 결제 내역 lists the payment
  await page.getByRole("link", { name: "결제 내역" }).click();
  await expect(page).toHaveURL(/\/billing$/);
  const row = page.getByTestId("billing-row").filter({ hasText: "교육자" });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId("billing-amount")).toHaveText("29,900원");
  await expect(row).toContainText("카드");
  await expect(row.getByTestId("billing-status")).toHaveText("결제 완료");
  await expect(row.getByRole("link", { name: "보기" })).toHaveAttribute("href", /tosspayments\.com\/receipt/);

  await page.goto("/plans");
  const current = page.getByTestId("plan-card-educator");
  await expect(current.getByTestId("plan-badge")).toHaveText("현재 이용 중");
  await expect(current.getByTestId("plan-current")).toContainText("이용 중인 플랜입니다");
  await expect(current.getByRole("link", { name: "결제 내역" })).toHaveAttribute("href", "/billing");
  await expect(page.getByTestId("plan-card-trial").getByTestId("plan-badge")).toHaveCount(0);
  await expect(page.getByTestId("current-plan-line")).toContainText("교육자");
  await expect(page.getByTestId("plan-period-note")).toContainText("까지 이용할 수 있습니다");
  await expect(page.getByTestId("plan-period-note")).toContainText("체험판으로 돌아갑니다");

  // after a refund, the used success URL shows the order's real state, not 시작되었습니다
  await testSql()`update public.payments set status = 'refunded', refunded_amount = amount where id = ${sent.request.orderId}`;
  await testSql()`
    update public.subscriptions s set plan_id = 'trial', status = 'expired', end_date = now()
      from public.profiles p where p.id = s.user_id and p.username = ${username}`;
  await page.goto(successUrl);
  await expect(page.getByRole("heading", { name: "환불된 결제입니다" })).toBeVisible();
  await expect(page.getByTestId("payment-state")).not.toContainText("시작되었습니다");
  await expect(page.getByTestId("summary-status")).toHaveText("환불 완료");
});

test("test mode shows the 테스트 결제 banner; a widget that cannot load says why, disables paying and offers 다시 시도", async ({
  page,
}) => {
  await registerMember(page);
  await page.route("https://js.tosspayments.com/**", (route) => route.abort("internetdisconnected"));
  await page.goto("/plans");
  await page.getByTestId("plan-card-individual").getByRole("button", { name: "선택하기" }).click();
  const screen = page.getByTestId("payment-screen");
  await expect(screen.getByTestId("test-mode-notice")).toContainText("테스트 결제");
  const error = screen.getByTestId("payment-prepare-error");
  await expect(error).toContainText("결제 위젯을 불러오지 못했습니다");
  await expect(error).toContainText("인터넷 연결");
  await expect(page.getByTestId("pay-button")).toBeDisabled();

  await page.unroute("https://js.tosspayments.com/**");
  await fakeTossScript(page);
  await error.getByRole("button", { name: "다시 시도" }).click();
  await expect(screen).toHaveAttribute("data-phase", "ready");
  await expect(page.getByTestId("payment-prepare-error")).toHaveCount(0);
  await expect(page.getByTestId("pay-button")).toBeEnabled();
});

test("during a paid month a higher plan says it starts now before payment", async ({ page }) => {
  await fakeTossScript(page);
  const username = await registerMember(page);
  await setPaidPeriod(username, "individual", "10 days");
  await page.goto("/plans");
  await page.getByTestId("plan-card-educator").getByRole("button", { name: "선택하기" }).click();
  await expect(page.getByTestId("plan-change-dialog")).toContainText("결제하는 즉시 교육자 플랜이 시작");
  await expect(page.getByTestId("plan-change-dialog")).toContainText("남은 기간");
  await page.getByRole("button", { name: "결제로 이동" }).click();
  await expect(page.getByTestId("payment-effect")).toHaveAttribute("data-kind", "upgrade");
});

test("cancelling in the payment window toasts 결제 취소 and re-enables the button; cancel returns to the list", async ({ page }) => {
  await fakeTossScript(page);
  await registerMember(page);
  await page.goto("/plans");
  await page.evaluate(() => sessionStorage.setItem("fakeTossMode", "cancel"));
  await page.getByTestId("plan-card-individual").getByRole("button", { name: "선택하기" }).click();
  await expect(page.getByTestId("payment-screen")).toHaveAttribute("data-phase", "ready");
  await page.getByTestId("pay-button").click();
  await expect(toast(page).getByText("결제 취소")).toBeVisible();
  await expect(page.getByTestId("pay-button")).toBeEnabled();
  await expect(page).toHaveURL(/\/plans$/);

  await page.getByRole("button", { name: "취소", exact: true }).click();
  await expect(page.getByTestId("plan-card-individual")).toBeVisible();
});

test("/payment/fail after the buyer's own cancel says so, with no checklist and no code, and leads back to the plans", async ({ page }) => {
  await registerMember(page);
  for (const code of ["PAY_PROCESS_CANCELED", "USER_CANCEL"]) {
    await page.goto(`/payment/fail?code=${code}&message=${encodeURIComponent("사용자에 의해 결제가 취소되었습니다.")}`);
    await expect(page.getByRole("heading", { name: "결제를 취소하셨습니다" })).toBeVisible();
    await expect(page.getByTestId("payment-canceled")).toContainText("청구된 금액은 없습니다");
    await expect(page.getByRole("heading", { name: "결제에 실패했습니다" })).toHaveCount(0);
    await expect(page.getByText("카드 한도가 초과되지 않았는지")).toHaveCount(0);
    await expect(page.getByText("오류 코드")).toHaveCount(0);
    await expect(page.getByText(code)).toHaveCount(0);
  }
  await page.getByRole("link", { name: "플랜으로 돌아가기" }).click();
  await expect(page).toHaveURL(/\/plans$/);
});

test("/payment/fail after a real failure shows the reason, the checklist, the code as a detail and the two buttons", async ({ page }) => {
  await registerMember(page);
  await page.goto(
    `/payment/fail?code=REJECT_CARD_PAYMENT&message=${encodeURIComponent("한도초과 혹은 잔액부족으로 결제에 실패하였습니다.")}`,
  );
  await expect(page.getByRole("heading", { name: "결제에 실패했습니다" })).toBeVisible();
  await expect(page.getByTestId("fail-message")).toHaveText("한도초과 혹은 잔액부족으로 결제에 실패하였습니다.");
  await expect(page.getByText("카드 한도가 초과되지 않았는지")).toBeVisible();
  await expect(page.getByText("오류 코드")).toBeVisible();
  await expect(page.getByTestId("fail-code")).toHaveText("REJECT_CARD_PAYMENT");
  await expect(page.getByRole("link", { name: "내 작업으로" })).toHaveAttribute("href", "/my-work");
  await page.getByRole("link", { name: "다시 시도하기" }).click();
  await expect(page).toHaveURL(/\/plans$/);
});

test("/payment/success without the query says the payment information is missing", async ({ page }) => {
  await registerMember(page);
  await page.goto("/payment/success?orderId=ord_only");
  await expect(page.getByRole("heading", { name: "결제 승인 실패" })).toBeVisible();
  await expect(page.getByText("결제 정보가 누락되었습니다.")).toBeVisible();
});

test("/payment/success with a tampered amount says the payment was not approved and nothing was charged", async ({ page }) => {
  await registerMember(page);
  await page.goto("/plans");
  const intent = await page.evaluate(async () => {
    const key = Object.keys(localStorage).find((k) => k.endsWith("-auth-token"))!;
    const token = JSON.parse(localStorage.getItem(key)!).access_token as string;
    const res = await fetch("/api/payments/create-intent", {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify({ planId: "individual" }),
    });
    return res.json();
  });
  await page.goto(`/payment/success?paymentKey=pk_ok_tampered&orderId=${intent.intentId}&amount=100`);
  await expect(page.getByRole("heading", { name: "결제가 승인되지 않았습니다" })).toBeVisible();
  const failed = page.getByTestId("payment-confirm-failed");
  await expect(failed).toContainText("결제가 승인되지 않았습니다. 청구된 금액은 없습니다.");
  await expect(failed).not.toContainText("결제는 처리되었지만");
  await expect(failed).not.toContainText("고객센터");
  await expect(page.getByTestId("usage-badge")).toContainText("0/10");
});

test("choosing the trial plan during a paid month asks first, schedules it for the end, and the schedule can be cancelled", async ({
  page,
}) => {
  // Behaviour changed: the trial plan is scheduled for the paid month's end.
  const username = await registerMember(page);
  await setPaidPeriod(username, "educator", "1 month");
  await page.goto("/plans");
  await expect(page.getByTestId("plan-card-educator").getByTestId("plan-current")).toBeVisible();
  await expect(page.getByTestId("usage-badge-until")).toBeVisible();

  await page.getByTestId("plan-card-trial").getByRole("button", { name: "무료로 시작하기" }).click();
  const dialog = page.getByTestId("plan-change-dialog");
  await expect(dialog).toContainText("까지 그대로 이용할 수 있고, 그 후 체험판으로 변경됩니다");
  await page.getByRole("button", { name: "변경 예약" }).click();
  await expect(toast(page).getByText("플랜 변경 완료")).toBeVisible();
  const note = page.getByTestId("plan-period-note");
  await expect(note).toContainText("체험판으로 변경됩니다(예약됨)");
  await expect(page.getByTestId("plan-card-educator").getByTestId("plan-current")).toBeVisible();
  await expect(page.getByTestId("usage-badge")).toContainText("0/500");

  await page.getByTestId("cancel-schedule").click();
  await expect(toast(page).getByText("예약 취소", { exact: true })).toBeVisible();
  await expect(note).toContainText("체험판으로 돌아갑니다");
  await expect(page.getByTestId("cancel-schedule")).toHaveCount(0);

  // the paid month ends (time moved in SQL): the account is back on trial
  await testSql()`
    update public.subscriptions s set end_date = now() - interval '1 second'
      from public.profiles p where p.id = s.user_id and p.username = ${username}`;
  await page.reload();
  await expect(page.getByTestId("usage-badge")).toContainText("0/10");
  await expect(page.getByTestId("plan-period-note")).toContainText("체험판으로 돌아왔습니다");
  await expect(page.getByTestId("plan-card-trial").getByTestId("plan-current")).toBeVisible();
});

test("a guest sees the guest notice and guest usage, and is offered 회원가입하고 계속하기 instead of buying", async ({ page }) => {
  await page.goto("/plans");
  await page.getByRole("button", { name: "게스트로 시작하기" }).click();
  await expect(page.getByTestId("usage-badge")).toBeVisible();
  await page.goto("/plans");
  await expect(page.getByTestId("guest-notice")).toBeVisible();
  await expect(page.getByTestId("guest-notice")).not.toContainText("로그아웃");
  await expect(page.getByTestId("current-plan-line")).toContainText("게스트 무료 사용");
  await expect(page.getByTestId("current-plan-line")).toContainText("0/3");
  await expect(page.getByTestId("plan-card-trial").getByTestId("plan-note")).toContainText("게스트는 총 3회 무료");
  await expect(page.getByTestId("plan-card-trial").getByTestId("plan-current")).toHaveCount(0);
  await page.getByTestId("plan-card-educator").getByRole("button", { name: "회원가입하고 계속하기" }).click();
  await expect(page.getByRole("dialog", { name: "회원가입하고 계속하기" })).toBeVisible();
  await expect(page).toHaveURL(/\/plans$/);
});
