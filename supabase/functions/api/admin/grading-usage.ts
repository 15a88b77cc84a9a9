// GET /api/admin/usage?from=YYYY-MM-DD&to=YYYY-MM-DD — what AI grading cost, per day (Asia/Seoul),
// per teacher and per purpose (grading, transcription of photographed pages), from
// public.grading_usage (one row per model call, written by the worker) and
// the configured prices per 1M tokens (USD, as providers bill): LLM_PRICE_INPUT_PER_1M,
// LLM_PRICE_OUTPUT_PER_1M, LLM_PRICE_CACHED_PER_1M; `krwPerUsd` (USD_KRW_RATE) lets the admin screen
// show the cost in 원. `essays` counts the answers that had a grading call (a photographed page only
// read, never graded, is not one) — the same count as the member page's 이번 달 채점한 답안.
import type { AuthUser, Ctx } from "../lib/types.ts";
import { json } from "../lib/http.ts";
import { HttpError } from "../lib/errors.ts";
import { ADMIN_MESSAGES } from "./messages.ts";
import { settings } from "../lib/settings.ts";
import { seoulDate } from "../../_shared/format.ts";

export interface TokenPrices {
  currency: "USD";
  inputPer1M: number;
  outputPer1M: number;
  cachedPer1M: number;
  /** 원 per USD, for showing the cost in 원. */
  krwPerUsd: number;
}

/** Prices per 1M tokens in USD (settings.llm.prices; defaults are gpt-4.1-mini's list prices). */
export function tokenPrices(): TokenPrices {
  return { currency: "USD", ...settings.llm.prices, krwPerUsd: settings.llm.krwPerUsd };
}

export interface TokenSums {
  essays: number;
  calls: number;
  promptTokens: number;
  completionTokens: number;
  cachedTokens: number;
}

/** Cost of the tokens: uncached input, cached input and output each at their price. */
export function costOf(t: Pick<TokenSums, "promptTokens" | "completionTokens" | "cachedTokens">, p: TokenPrices): number {
  const uncached = Math.max(0, t.promptTokens - t.cachedTokens);
  const usd = (uncached * p.inputPer1M + t.cachedTokens * p.cachedPer1M + t.completionTokens * p.outputPer1M) / 1e6;
  return Math.round(usd * 1e6) / 1e6;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MAX_DAYS = 366;

function seoulToday(): string {
  return seoulDate();
}

function parseDay(raw: string | null, fallback: string): string {
  const v = raw?.trim() || fallback;
  if (!DAY.test(v) || Number.isNaN(Date.parse(`${v}T00:00:00Z`)) || new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) !== v) {
    throw new HttpError(400, ADMIN_MESSAGES.usageRangeInvalid);
  }
  return v;
}

/** `from`/`to` (inclusive days, Asia/Seoul); default the last 30 days; at most 366 days. */
export function usageRange(params: URLSearchParams): { from: string; to: string } {
  const to = parseDay(params.get("to"), seoulToday());
  const from = parseDay(params.get("from"), new Date(Date.parse(`${to}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10));
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
  if (days < 0 || days >= MAX_DAYS) throw new HttpError(400, ADMIN_MESSAGES.usageRangeInvalid);
  return { from, to };
}

interface SumRow {
  essays: number | string;
  calls: number | string;
  prompt_tokens: number | string;
  completion_tokens: number | string;
  cached_tokens: number | string;
}

function sums(r: SumRow): TokenSums {
  return {
    essays: Number(r.essays),
    calls: Number(r.calls),
    promptTokens: Number(r.prompt_tokens),
    completionTokens: Number(r.completion_tokens),
    cachedTokens: Number(r.cached_tokens),
  };
}

export async function gradingUsage(ctx: Ctx<unknown, AuthUser>): Promise<Response> {
  const { from, to } = usageRange(ctx.url.searchParams);
  const prices = tokenPrices();
  // Read as the caller: RLS lets admins (only) read grading_usage.
  const { days, teachers, modes, purposes } = await ctx.asCaller(async (sql) => {
    const where = sql`(g.at at time zone 'Asia/Seoul')::date between ${from}::date and ${to}::date`;
    const agg = sql`count(distinct g.submission_id) filter (where g.purpose = 'grading') as essays, count(*) as calls,
                    coalesce(sum(g.prompt_tokens), 0) as prompt_tokens,
                    coalesce(sum(g.completion_tokens), 0) as completion_tokens,
                    coalesce(sum(g.cached_tokens), 0) as cached_tokens`;
    const days = await sql`
      select to_char((g.at at time zone 'Asia/Seoul')::date, 'YYYY-MM-DD') as day, ${agg}
        from public.grading_usage g where ${where} group by 1 order by 1`;
    const teachers = await sql`
      select g.user_id, p.email, p.display_name, p.username, ${agg}
        from public.grading_usage g left join public.profiles p on p.id = g.user_id
       where ${where} group by g.user_id, p.email, p.display_name, p.username
       order by sum(g.prompt_tokens + g.completion_tokens) desc limit 500`;
    // tokens per graded answer compare grading modes: image reads are not part of a mode's cost
    const modes = await sql`
      select g.mode, ${agg}, coalesce(avg(g.latency_ms), 0)::int as avg_call_latency_ms
        from public.grading_usage g where ${where} and g.purpose = 'grading' group by g.mode order by g.mode`;
    const purposes = await sql`
      select g.purpose, ${agg}, coalesce(avg(g.latency_ms), 0)::int as avg_call_latency_ms
        from public.grading_usage g where ${where} group by g.purpose order by g.purpose`;
    return { days, teachers, modes, purposes };
  });
  const withCost = (t: TokenSums) => ({ ...t, cost: costOf(t, prices) });
  const perDay = days.map((r) => ({ day: r.day as string, ...withCost(sums(r as unknown as SumRow)) }));
  const total = perDay.reduce(
    (a, d) => ({
      essays: a.essays + d.essays,
      calls: a.calls + d.calls,
      promptTokens: a.promptTokens + d.promptTokens,
      completionTokens: a.completionTokens + d.completionTokens,
      cachedTokens: a.cachedTokens + d.cachedTokens,
    }),
    { essays: 0, calls: 0, promptTokens: 0, completionTokens: 0, cachedTokens: 0 },
  );
  return json({
    from,
    to,
    prices,
    total: withCost(total),
    days: perDay,
    teachers: teachers.map((r) => ({
      userId: (r.user_id as string | null) ?? null,
      email: (r.email as string | null) ?? null,
      name: ((r.display_name ?? r.username) as string | null) ?? null,
      ...withCost(sums(r as unknown as SumRow)),
    })),
    // per purpose (grading, transcription): calls, tokens and cost
    purposes: purposes.map((r) => ({
      purpose: r.purpose as string,
      ...withCost(sums(r as unknown as SumRow)),
      avgCallLatencyMs: Number(r.avg_call_latency_ms),
    })),
    // per grading mode (grading calls only): tokens and cost per graded answer
    modes: modes.map((r) => {
      const s = sums(r as unknown as SumRow);
      const per = (x: number) => (s.essays > 0 ? Math.round(x / s.essays) : 0);
      return {
        mode: r.mode as string,
        ...withCost(s),
        perEssay: {
          promptTokens: per(s.promptTokens),
          completionTokens: per(s.completionTokens),
          cachedTokens: per(s.cachedTokens),
          cost: s.essays > 0 ? Math.round((costOf(s, prices) / s.essays) * 1e6) / 1e6 : 0,
        },
        avgCallLatencyMs: Number(r.avg_call_latency_ms),
      };
    }),
  });
}
