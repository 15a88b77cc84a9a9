// The model client: transport (OpenAI-compatible chat completions), retries with backoff, the
// worker's deadlines and abort signal, what an endpoint refuses, and the usage of every call.
// The prompts and the outputs' JSON schemas are prompts.ts.
import OpenAI from "openai";
import type { z } from "zod";
import type { RubricCategory } from "../../_shared/grading.ts";
import {
  categoriesAsList,
  criterionJsonSchema,
  gradeJsonSchema,
  type LlmCriterion,
  llmCriterionSchema,
  type LlmGrade,
  llmGradeSchema,
  type LlmOverall,
  llmOverallSchema,
  type LlmTranscription,
  llmTranscriptionSchema,
  overallJsonSchema,
  type SchemaOptions,
  TRANSCRIPTION_JSON_SCHEMA,
} from "./schemas.ts";
import { keepWellFormedAnnotations } from "./annotations.ts";
import { essayMessage, jsonModeInstruction, TRANSCRIPTION_REQUEST, TRANSCRIPTION_SYSTEM } from "./prompts.ts";

/** A failure with a Korean reason; `retryable` says whether another attempt may succeed. */
export class GradingError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

/**
 * The worker's time ran out (its run deadline, or the instance shutting down) before the call
 * could finish: the job is given back to the queue, not failed. `afterFailure` says whether a full
 * attempt had already failed (then the attempt counts, so a job that never finishes runs out).
 */
export class OutOfTimeError extends Error {
  constructor(readonly afterFailure = false) {
    super("채점 시간이 부족하여 다음 실행에서 이어서 채점합니다.");
  }
}

export interface LlmConfig {
  baseURL: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
  maxAttempts: number;
  backoffMs: number;
  /** Epoch ms by which every call (and retry wait) must be over; none = only `timeoutMs` applies. */
  deadline?: number;
  /** Aborts calls in flight (worker shutdown). */
  signal?: AbortSignal;
}

/** A call given less time than this is not started (it could not finish a grade). */
export const MIN_CALL_MS = 1_000;

/** This call's timeout: LLM_TIMEOUT_MS, shrunk to the time left before the deadline. */
export function callTimeoutMs(cfg: LlmConfig, now = Date.now()): number {
  if (cfg.deadline === undefined) return cfg.timeoutMs;
  return Math.max(0, Math.min(cfg.timeoutMs, cfg.deadline - now));
}

/** True when no call should start: the signal fired, or the deadline leaves too little time. */
function noTimeLeft(cfg: LlmConfig): boolean {
  if (cfg.signal?.aborted) return true;
  return cfg.deadline !== undefined && callTimeoutMs(cfg) < Math.min(MIN_CALL_MS, cfg.timeoutMs);
}

/** The client; every call also gets its own timeout and the abort signal (see createCompletion). */
export function llmClient(cfg: LlmConfig): OpenAI {
  return new OpenAI({ baseURL: cfg.baseURL, apiKey: cfg.apiKey, timeout: cfg.timeoutMs, maxRetries: 0 });
}

/** Waits `ms`, or less if `signal` aborts first. */
function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
  });
}

function classify(err: unknown): GradingError {
  if (err instanceof GradingError) return err;
  if (err instanceof OpenAI.APIUserAbortError) return new GradingError("AI 채점 요청이 중단되었습니다.", true);
  if (err instanceof OpenAI.APIConnectionTimeoutError) {
    return new GradingError("AI 채점 서버의 응답 시간이 초과되었습니다.", true);
  }
  if (err instanceof OpenAI.APIConnectionError) {
    return new GradingError("AI 채점 서버에 연결할 수 없습니다.", true);
  }
  if (err instanceof OpenAI.APIError) {
    const status = err.status ?? 0;
    if (status === 429) return new GradingError("AI 채점 서버 요청 한도를 초과했습니다.", true);
    if (status >= 500) return new GradingError("AI 채점 서버에 일시적인 오류가 발생했습니다.", true);
    if (status === 401 || status === 403) return new GradingError("AI 채점 서비스 인증에 실패했습니다. 관리자에게 문의해 주세요.", false);
    return new GradingError("AI 채점 요청이 거부되었습니다.", false);
  }
  return new GradingError("AI 채점 중 알 수 없는 오류가 발생했습니다.", true);
}

/**
 * The progress line while a failed call is tried again: what happened (`reason`, from classify:
 * a timeout, a refused connection, an HTTP error …), then which attempt comes next. It never says
 * "delayed" for a connection that was refused.
 */
export function retryProgressMessage(reason: string, nextAttempt: number, maxAttempts: number): string {
  return `${reason.replace(/[.\s]+$/u, "")}. 다시 시도합니다 (${nextAttempt}/${maxAttempts})...`;
}

function retryAfterMs(err: unknown): number | null {
  if (err instanceof OpenAI.APIError && err.headers) {
    const h = err.headers as Headers;
    const v = typeof h.get === "function" ? h.get("retry-after") : null;
    const secs = v ? Number(v) : NaN;
    if (Number.isFinite(secs) && secs >= 0) return Math.min(secs * 1000, 20_000);
  }
  return null;
}

/**
 * Calls `once` up to cfg.maxAttempts times with exponential backoff while the failure is
 * retryable (429, 5xx, timeouts, invalid or truncated output). `onRetry` reports each retry.
 * With `cfg.deadline`, no retry (or its backoff) starts that could not finish in time, and a call
 * cut short by the deadline or by `cfg.signal` throws OutOfTimeError instead of a GradingError.
 */
export async function withRetries<T>(
  cfg: LlmConfig,
  once: (attempt: number) => Promise<T>,
  onRetry?: (attempt: number, reason: string) => Promise<void> | void,
): Promise<T> {
  let last: GradingError | null = null;
  for (let attempt = 1; attempt <= cfg.maxAttempts; attempt++) {
    const failedBefore = attempt > 1;
    if (noTimeLeft(cfg)) throw new OutOfTimeError(failedBefore);
    const budget = callTimeoutMs(cfg);
    try {
      return await once(attempt);
    } catch (err) {
      if (err instanceof OutOfTimeError) throw new OutOfTimeError(failedBefore || err.afterFailure);
      if (cfg.signal?.aborted) throw new OutOfTimeError(failedBefore);
      // A timeout that only happened because the deadline shrank the call is the clock's fault.
      if (err instanceof OpenAI.APIConnectionTimeoutError && budget < cfg.timeoutMs) {
        throw new OutOfTimeError(failedBefore);
      }
      last = classify(err);
      if (!last.retryable || attempt === cfg.maxAttempts) break;
      const wait = (retryAfterMs(err) ?? cfg.backoffMs * 2 ** (attempt - 1)) + Math.floor(Math.random() * 100);
      if (cfg.deadline !== undefined && Date.now() + wait + MIN_CALL_MS > cfg.deadline) throw new OutOfTimeError(true);
      await onRetry?.(attempt, last.message);
      await sleep(wait, cfg.signal);
    }
  }
  throw last ?? new GradingError("AI 채점에 실패했습니다.", false);
}

/**
 * What an endpoint turned out not to accept, learnt from its 400 answers, per endpoint and model:
 * reasoning models refuse `temperature`, some OpenAI-compatible servers refuse `json_schema`
 * output (then JSON mode is used, with the schema spelled out in the instructions), and some
 * (Anthropic's structured outputs) refuse numeric bounds in a schema (then the bounds are left
 * out; they stay in the descriptions and the server clamps scores anyway).
 */
interface EndpointLimits {
  noTemperature: boolean;
  jsonObjectOnly: boolean;
  noBounds: boolean;
}

const limits = new Map<string, EndpointLimits>();

function limitsOf(cfg: LlmConfig): EndpointLimits {
  const key = `${cfg.baseURL}|${cfg.model}`;
  let l = limits.get(key);
  if (!l) limits.set(key, (l = { noTemperature: false, jsonObjectOnly: false, noBounds: false }));
  return l;
}

/**
 * Sends a chat completion at temperature 0, dropping what the endpoint reports it does not
 * support: `temperature` here, JSON-schema output by the caller's `build` (via `jsonObjectOnly`).
 */
async function createCompletion(
  client: OpenAI,
  cfg: LlmConfig,
  build: (l: EndpointLimits) => OpenAI.Chat.ChatCompletionCreateParamsNonStreaming,
): Promise<OpenAI.Chat.ChatCompletion> {
  const l = limitsOf(cfg);
  for (;;) {
    if (noTimeLeft(cfg)) throw new OutOfTimeError();
    const timeout = callTimeoutMs(cfg);
    try {
      return await client.chat.completions.create(
        { ...build(l), ...(l.noTemperature ? {} : { temperature: 0 }) },
        { timeout, signal: cfg.signal },
      );
    } catch (err) {
      const message = err instanceof OpenAI.APIError && err.status === 400 ? String(err.message) : "";
      if (!l.noTemperature && /temperature/i.test(message)) {
        l.noTemperature = true;
        continue;
      }
      if (!l.noBounds && /minimum|maximum/i.test(message)) {
        l.noBounds = true;
        continue;
      }
      if (!l.jsonObjectOnly && /response_format|json_schema/i.test(message)) {
        l.jsonObjectOnly = true;
        continue;
      }
      throw err;
    }
  }
}

/** What one model call cost, from the provider's `usage` (0 when the provider sends none). */
export interface CallUsage {
  /** holistic: the whole grade in one call; criterion: one rubric category; overall: the feedback call;
   * transcription: reading one photographed or scanned image. */
  kind: "holistic" | "criterion" | "overall" | "transcription";
  model: string;
  promptTokens: number;
  completionTokens: number;
  /** Prompt tokens the provider served from its prompt cache (prompt_tokens_details.cached_tokens). */
  cachedTokens: number;
  latencyMs: number;
}

export type UsageSink = (usage: CallUsage) => void;

function usageOf(completion: OpenAI.Chat.ChatCompletion, kind: CallUsage["kind"], model: string, latencyMs: number): CallUsage {
  const u = completion.usage;
  const n = (x: unknown) => (typeof x === "number" && Number.isFinite(x) && x > 0 ? Math.round(x) : 0);
  return {
    kind,
    model: completion.model || model,
    promptTokens: n(u?.prompt_tokens),
    completionTokens: n(u?.completion_tokens),
    cachedTokens: n(u?.prompt_tokens_details?.cached_tokens),
    latencyMs,
  };
}

/** What a structured-output call asks for: its name and kind, the output's schema, an optional clean-up before validation. */
interface JsonCallSpec<T> {
  name: string;
  schema: z.ZodType<T>;
  /** The JSON schema sent (built for the session's rubric); `bounds: false` for endpoints refusing numeric bounds. */
  jsonSchema: (opts: SchemaOptions) => Record<string, unknown>;
  kind: CallUsage["kind"];
  prepare?: (parsed: unknown) => unknown;
}

/** A structured-output call of one kind: the client and config, the system prompt, the essay, where its usage goes. */
export type JsonCall<T> = (client: OpenAI, cfg: LlmConfig, system: string, essay: string, onUsage?: UsageSink) => Promise<T>;

/** The call of one kind (`spec`), with the system prompt and the essay of each use. */
function jsonCall<T>(spec: JsonCallSpec<T>): JsonCall<T> {
  return (client, cfg, system, essay, onUsage) => requestJson(client, cfg, system, essay, spec, onUsage);
}

/**
 * One structured-output call: the JSON is parsed and validated with `schema` (after `prepare`);
 * bad output throws a retryable error. The provider's usage goes to `onUsage` as soon as the
 * answer arrives (a paid call counts even when its output is then rejected).
 */
async function requestJson<T>(
  client: OpenAI,
  cfg: LlmConfig,
  system: string,
  essay: string,
  spec: JsonCallSpec<T>,
  onUsage?: UsageSink,
): Promise<T> {
  const started = Date.now();
  const completion = await createCompletion(client, cfg, (l) => {
    const schema = spec.jsonSchema({ bounds: !l.noBounds });
    return {
      model: cfg.model,
      messages: [
        { role: "system", content: l.jsonObjectOnly ? jsonModeInstruction(system, schema) : system },
        { role: "user", content: essayMessage(essay) },
      ],
      response_format: l.jsonObjectOnly
        ? { type: "json_object" }
        : { type: "json_schema", json_schema: { name: spec.name, strict: true, schema } },
    };
  });
  onUsage?.(usageOf(completion, spec.kind, cfg.model, Date.now() - started));
  return parseOutput(completion, spec);
}

/** The completion's JSON, validated with `spec.schema` (after `prepare`); bad output throws a retryable error. */
function parseOutput<T>(completion: OpenAI.Chat.ChatCompletion, spec: Pick<JsonCallSpec<T>, "schema" | "prepare">): T {
  const choice = completion.choices?.[0];
  if (!choice) throw new GradingError("AI 채점 결과가 비어 있습니다.", true);
  if (choice.finish_reason === "length") throw new GradingError("AI 채점 결과가 중간에 끊겼습니다.", true);
  const content = choice.message?.content;
  if (!content) throw new GradingError("AI 채점 결과가 비어 있습니다.", true);
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    throw new GradingError("AI 채점 결과 형식이 올바르지 않습니다.", true);
  }
  const result = spec.schema.safeParse(spec.prepare ? spec.prepare(parsed) : parsed);
  if (!result.success) throw new GradingError("AI 채점 결과 형식이 올바르지 않습니다.", true);
  return result.data;
}

/**
 * The holistic grading call for `rubric` (the rubric the grading runs under): its schema has one
 * required, bounded entry per category; the output is validated with zod (categories read as a
 * list, checked against the rubric by the caller); bad output throws a retryable error.
 */
export const requestGrade = (rubric: readonly RubricCategory[]): JsonCall<LlmGrade> =>
  jsonCall<LlmGrade>({
    name: "essay_grade",
    schema: llmGradeSchema,
    jsonSchema: (opts) => gradeJsonSchema(rubric, opts),
    kind: "holistic",
    prepare: (parsed) => keepWellFormedAnnotations(categoriesAsList(parsed)),
  });

// ---------------------------------------------------------------------------------------------
// Per-criterion mode: one call per rubric category, one for the overall feedback
// ---------------------------------------------------------------------------------------------

/** A criterion output without a usable score reads as `score: null` (a missing score, retried once by the caller). */
function criterionWithNullScore(parsed: unknown): unknown {
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return parsed;
  const { score, feedback } = parsed as { score?: unknown; feedback?: unknown };
  return {
    score: typeof score === "number" && Number.isFinite(score) ? score : null,
    feedback: typeof feedback === "string" ? feedback : "",
  };
}

/** One category's call (per-criterion mode): its score bounded by that category's points. */
export const requestCriterion = (category: RubricCategory): JsonCall<LlmCriterion> =>
  jsonCall<LlmCriterion>({
    name: "criterion_score",
    schema: llmCriterionSchema,
    jsonSchema: (opts) => criterionJsonSchema(category, opts),
    kind: "criterion",
    prepare: criterionWithNullScore,
  });

/** The overall-feedback call (per-criterion mode): annotation categories limited to `rubric`'s names. */
export const requestOverall = (rubric: readonly RubricCategory[]): JsonCall<LlmOverall> =>
  jsonCall<LlmOverall>({
    name: "essay_feedback",
    schema: llmOverallSchema,
    jsonSchema: () => overallJsonSchema(rubric),
    kind: "overall",
    prepare: keepWellFormedAnnotations,
  });

/**
 * Reads the text of an answer/question photographed or scanned, with a vision-capable model, as
 * structured output `{ text, legible }` (image-reading.ts decides what is accepted).
 */
export async function requestTranscription(
  client: OpenAI,
  cfg: LlmConfig,
  image: { mime: string; base64: string },
  onUsage?: UsageSink,
): Promise<LlmTranscription> {
  const started = Date.now();
  const completion = await createCompletion(client, cfg, (l) => ({
    model: cfg.model,
    messages: [
      {
        role: "system",
        content: l.jsonObjectOnly ? jsonModeInstruction(TRANSCRIPTION_SYSTEM, TRANSCRIPTION_JSON_SCHEMA) : TRANSCRIPTION_SYSTEM,
      },
      {
        role: "user",
        content: [
          { type: "text", text: TRANSCRIPTION_REQUEST },
          { type: "image_url", image_url: { url: `data:${image.mime};base64,${image.base64}` } },
        ],
      },
    ],
    response_format: l.jsonObjectOnly
      ? { type: "json_object" }
      : { type: "json_schema", json_schema: { name: "transcription", strict: true, schema: TRANSCRIPTION_JSON_SCHEMA } },
  }));
  onUsage?.(usageOf(completion, "transcription", cfg.model, Date.now() - started));
  return parseOutput(completion, { schema: llmTranscriptionSchema });
}
