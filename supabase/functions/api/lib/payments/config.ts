// Toss settings for the function (settings.payments: keys, API base, call timeout) and the
// payments mode (PAYMENTS_MODE = test | live) that decides which keys may be used.
import { settings } from "../settings.ts";
import {
  TOSS_TEST_BILLING_CLIENT_KEY,
  TOSS_TEST_BILLING_SECRET_KEY,
  TOSS_TEST_CLIENT_KEY,
  TOSS_TEST_SECRET_KEY,
} from "../../../_shared/toss.ts";
import type { TossConfig } from "./toss.ts";

export type PaymentsMode = "test" | "live";

/** `test` only when PAYMENTS_MODE=test (local/config.ts sets it for `npm start` and the tests); else `live`. */
export function paymentsMode(): PaymentsMode {
  return settings.payments.mode;
}

export interface PaymentsSetup {
  mode: PaymentsMode;
  /** Orders may be created and confirmed: the keys match the mode. */
  ready: boolean;
  /** The Toss client key for the browser widget (null when not ready). */
  clientKey: string | null;
  secretKey: string | null;
}

const isTestKey = (k: string) => k.startsWith("test_");

/**
 * Which keys the function uses. Test mode: the configured keys, else Toss's public docs test keys;
 * a live key in test mode is refused (the screen would say 테스트 결제 while charging). Live mode:
 * both keys must be set and be live keys (`live_…`); otherwise no order is created.
 */
export function paymentsSetup(): PaymentsSetup {
  const mode = paymentsMode();
  const { clientKey: client, secretKey: secret } = settings.payments;
  if (mode === "test") {
    const clientKey = client ?? TOSS_TEST_CLIENT_KEY;
    const secretKey = secret ?? TOSS_TEST_SECRET_KEY;
    const ready = isTestKey(clientKey) && isTestKey(secretKey);
    return { mode, ready, clientKey: ready ? clientKey : null, secretKey: ready ? secretKey : null };
  }
  const ready = !!client && !!secret && !isTestKey(client) && !isTestKey(secret);
  return { mode, ready, clientKey: ready ? client! : null, secretKey: ready ? secret! : null };
}

export function tossConfig(): TossConfig {
  return {
    apiBase: settings.payments.apiBase,
    secretKey: paymentsSetup().secretKey ?? "",
    timeoutMs: settings.payments.timeoutMs,
  };
}

export interface BillingSetup {
  mode: PaymentsMode;
  /** Cards may be registered and charged: billing keys match the mode and BILLING_KEY_SECRET is set. */
  ready: boolean;
  clientKey: string | null;
  secretKey: string | null;
}

/**
 * The billing (자동결제) keys: the same rule as paymentsSetup for TOSS_BILLING_* (test mode falls back to
 * Toss's public API-integration test keys), and a BILLING_KEY_SECRET to encrypt the stored keys.
 */
export function billingSetup(): BillingSetup {
  const mode = paymentsMode();
  const { clientKey: client, secretKey: secret, keySecret } = settings.billing;
  const clientKey = mode === "test" ? (client ?? TOSS_TEST_BILLING_CLIENT_KEY) : client;
  const secretKey = mode === "test" ? (secret ?? TOSS_TEST_BILLING_SECRET_KEY) : secret;
  const keysFit =
    !!clientKey &&
    !!secretKey &&
    (mode === "test" ? isTestKey(clientKey) && isTestKey(secretKey) : !isTestKey(clientKey) && !isTestKey(secretKey));
  const ready = keysFit && !!keySecret;
  return { mode, ready, clientKey: ready ? clientKey! : null, secretKey: ready ? secretKey! : null };
}

export function billingTossConfig(): TossConfig {
  return { apiBase: settings.payments.apiBase, secretKey: billingSetup().secretKey ?? "", timeoutMs: settings.payments.timeoutMs };
}

/** The keys a payment is cancelled with: the widget's for a 1개월 이용권, the billing contract's for card-subscription charges. */
export function cancelTossConfig(kind: string): TossConfig {
  return kind === "one_time" ? tossConfig() : billingTossConfig();
}
