// Toss settings for the function: keys and API base from lib/env.ts, plus the call timeout.
import { env } from "../lib/env.ts";
import type { TossConfig } from "./toss.ts";

const DEFAULT_TIMEOUT_MS = 10_000;

export function tossConfig(): TossConfig {
  const raw = Number(Deno.env.get("TOSS_TIMEOUT_MS") ?? "");
  return {
    apiBase: env.tossApiBase,
    secretKey: env.tossSecretKey,
    timeoutMs: Number.isFinite(raw) && raw > 0 ? Math.floor(raw) : DEFAULT_TIMEOUT_MS,
  };
}
