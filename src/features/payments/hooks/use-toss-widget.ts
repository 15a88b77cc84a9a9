import { useEffect, useState } from "react";
import { loadTossPayments, type TossPaymentsWidgets } from "@tosspayments/tosspayments-sdk";
import { DEFAULT_CURRENCY } from "@shared/plans.ts";

export const WIDGET_POLL_INTERVAL_MS = 100;
export const WIDGET_POLL_MAX_TRIES = 50;
export const WIDGET_SETTLE_MS = 500;

export type WidgetStatus = "idle" | "loading" | "ready" | "error";

export interface UseTossWidgetOptions {
  /** Null until known (GET /payments/config); the widget loads once it is set. */
  clientKey: string | null;
  customerKey: string;
  /** KRW amount from the server's intent; the widget loads once it is known. */
  amount: number | null;
  methodsSelector: string;
  agreementSelector: string;
  /** Bump to load again after a failure (다시 시도). */
  attempt?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function rendered(selector: string) {
  const el = document.querySelector(selector);
  return Boolean(el && el.childElementCount > 0);
}

/** docs/product.md#limits: poll every 100 ms (at most 50 times) until both areas show content, then let them settle 500 ms. */
async function waitForRender(selectors: string[], isCancelled: () => boolean) {
  for (let i = 0; i < WIDGET_POLL_MAX_TRIES && !isCancelled(); i++) {
    if (selectors.every(rendered)) break;
    await sleep(WIDGET_POLL_INTERVAL_MS);
  }
  await sleep(WIDGET_SETTLE_MS);
}

/** Loads the Toss Payments v2 widget (payment methods + agreement) for a KRW amount in country KR. */
export function useTossWidget({ clientKey, customerKey, amount, methodsSelector, agreementSelector, attempt = 0 }: UseTossWidgetOptions) {
  const [state, setState] = useState<{ status: WidgetStatus; widgets: TossPaymentsWidgets | null; error: unknown }>({
    status: "idle",
    widgets: null,
    error: null,
  });

  useEffect(() => {
    if (amount === null || !clientKey) return;
    let cancelled = false;
    const destroyers: Array<() => Promise<void>> = [];
    setState({ status: "loading", widgets: null, error: null });

    (async () => {
      try {
        const tossPayments = await loadTossPayments(clientKey);
        if (cancelled) return;
        const widgets = tossPayments.widgets({ customerKey });
        await widgets.setAmount({ currency: DEFAULT_CURRENCY, value: amount });
        if (cancelled) return;
        const [methods, agreement] = await Promise.all([
          widgets.renderPaymentMethods({ selector: methodsSelector, variantKey: "DEFAULT" }),
          widgets.renderAgreement({ selector: agreementSelector, variantKey: "AGREEMENT" }),
        ]);
        destroyers.push(
          () => methods.destroy(),
          () => agreement.destroy(),
        );
        if (cancelled) {
          for (const destroy of destroyers) destroy().catch(() => undefined);
          return;
        }
        await waitForRender([methodsSelector, agreementSelector], () => cancelled);
        if (cancelled) return;
        setState({ status: "ready", widgets, error: null });
      } catch (error) {
        if (cancelled) return;
        console.error("결제 위젯 로드 실패", error);
        setState({ status: "error", widgets: null, error });
      }
    })();

    return () => {
      cancelled = true;
      for (const destroy of destroyers) destroy().catch(() => undefined);
    };
  }, [clientKey, customerKey, amount, methodsSelector, agreementSelector, attempt]);

  return state;
}
