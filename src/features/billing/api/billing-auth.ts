import { loadTossPayments } from "@tosspayments/tosspayments-sdk";
import { paths } from "@/config/paths";

/**
 * Opens Toss's card registration (자동결제 billing auth) for `customerKey`; Toss redirects to
 * /billing/card/success?customerKey&authKey or /billing/card/fail?code&message.
 */
export async function requestCardRegistration(clientKey: string, customerKey: string): Promise<void> {
  const toss = await loadTossPayments(clientKey);
  await toss.payment({ customerKey }).requestBillingAuth({
    method: "CARD",
    successUrl: new URL(paths.billingCardSuccess.getHref(), window.location.origin).toString(),
    failUrl: new URL(paths.billingCardFail.getHref(), window.location.origin).toString(),
  });
}
