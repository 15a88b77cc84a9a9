// Fakes for the world we do not run (the LLM provider, Toss, the function's SMTP relay), started by the test harness
// before the stack; their URLs go to the function's env and to TEST_FAKE_*_URL.
import { startFakeLlm } from "./llm.ts";
import { startFakeToss } from "./toss.ts";
import { startFakeSmtp } from "./smtp.ts";

export async function startFakes() {
  const llm = await startFakeLlm();
  const toss = await startFakeToss();
  const mail = await startFakeSmtp();
  return {
    env: {
      LLM_BASE_URL: llm.url,
      LLM_API_KEY: "test-key",
      LLM_MODEL: "fake-grader",
      LLM_TIMEOUT_MS: "2500",
      LLM_MAX_ATTEMPTS: "3",
      LLM_BACKOFF_MS: "100",
      GRADING_LEASE_SECONDS: "20",
      // Short worker runs, so every test also exercises the hand-over to a new invocation.
      GRADING_RUN_BUDGET_MS: "4000",
      // Every test signs up from 127.0.0.1; tests/integration/rate-limits.test.ts checks the limits.
      RATE_LIMIT_GUESTS_PER_HOUR: "1000",
      RATE_LIMIT_REGISTRATIONS_PER_HOUR: "1000",
      RATE_LIMIT_LOGINS_PER_15_MIN: "1000",
      RATE_LIMIT_SESSIONS_PER_HOUR: "1000",
      // The test client plays the outer proxy (a CDN appending the caller's address) in front of the
      // local gateway, which appends the socket peer: two trusted hops. Tests send the "caller" as the
      // rightmost X-Forwarded-For entry; requests without one count as 127.0.0.1.
      TRUSTED_PROXY_HOPS: "2",
      // Every test grades from 127.0.0.1; tests/integration/security-abuse.test.ts fills the budgets.
      FREE_USES_PER_ADDRESS_PER_DAY: "100000",
      FREE_USES_PER_DEVICE_PER_DAY: "100000",
      TOSS_API_BASE: toss.url,
      TOSS_TIMEOUT_MS: "2000",
      BILLING_KEY_SECRET: "test-billing-key-secret-0123456789abcdef",
      ...mail.env,
    },
    urls: { llm: llm.url, toss: toss.url, mail: mail.url },
    async stop() {
      await Promise.all([llm.stop(), toss.stop(), mail.stop()]);
    },
  };
}
