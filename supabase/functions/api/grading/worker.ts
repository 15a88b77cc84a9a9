import { adminSql } from "../lib/db.ts";
import { env } from "../lib/env.ts";
import type { GradeResult, RubricCategory } from "../../_shared/grading.ts";
import { finalizeLlmGrade, gradeWithoutLlm, precheck } from "./grade.ts";
import { GradingError, llmClient, requestGrade, systemPrompt, withRetries, type LlmConfig } from "./llm.ts";
import { readImage } from "./image-reading.ts";
import { parseRubric } from "./rubric.ts";

/**
 * The grading worker: claims jobs (FOR UPDATE SKIP LOCKED + lease), grades up to
 * GRADING_CONCURRENCY at once, writes throttled progress, stores results. One run lasts at most
 * `budgetMs`; the scheduled tick (pg_cron in production, the local stack's timer locally) starts
 * the next one, and expired leases are claimed again.
 */

function num(name: string, fallback: number): number {
  const v = Number(Deno.env.get(name));
  return Number.isFinite(v) && v > 0 ? v : fallback;
}

export const workerSettings = {
  get leaseSeconds() {
    return num("GRADING_LEASE_SECONDS", 120);
  },
  get maxAttempts() {
    return num("GRADING_MAX_ATTEMPTS", 3);
  },
  get budgetMs() {
    return num("GRADING_RUN_BUDGET_MS", 50_000);
  },
  get progressIntervalMs() {
    return num("GRADING_PROGRESS_INTERVAL_MS", 700);
  },
};

export function llmConfig(): LlmConfig | null {
  const apiKey = env.llmApiKey;
  if (!apiKey) return null;
  return {
    baseURL: env.llmBaseUrl,
    apiKey,
    model: env.llmModel,
    timeoutMs: num("LLM_TIMEOUT_MS", 60_000),
    maxAttempts: num("LLM_MAX_ATTEMPTS", 3),
    backoffMs: num("LLM_BACKOFF_MS", 1_000),
  };
}

interface Job {
  id: string;
  session_id: string;
  user_id: string;
  essay_content: string;
  essay_file_path: string | null;
  essay_mime_type: string | null;
  attempts: number;
}

interface SessionMaterial {
  question: string;
  rubric: RubricCategory[];
}

const IMAGE = /^image\//;

async function loadSession(id: string, cfg: LlmConfig | null): Promise<SessionMaterial> {
  const [s] = await adminSql`
    select prompt_content, criteria_content, prompt_file_path, prompt_mime_type,
           criteria_file_path, criteria_mime_type
      from public.analysis_sessions where id = ${id}`;
  if (!s) throw new GradingError("채점 세션을 찾을 수 없습니다.", false);
  let question: string = s.prompt_content ?? "";
  let criteria: string = s.criteria_content ?? "";
  if (!question.trim() && s.prompt_file_path && IMAGE.test(s.prompt_mime_type ?? "")) {
    question = await readImage(s.prompt_file_path, s.prompt_mime_type, cfg);
    await adminSql`update public.analysis_sessions set prompt_content = ${question} where id = ${id}`;
  }
  if (!criteria.trim() && s.criteria_file_path && IMAGE.test(s.criteria_mime_type ?? "")) {
    criteria = await readImage(s.criteria_file_path, s.criteria_mime_type, cfg);
    await adminSql`update public.analysis_sessions set criteria_content = ${criteria} where id = ${id}`;
  }
  return { question, rubric: parseRubric(criteria) };
}

const STAGES = [
  "AI가 글의 논리 구조를 분석하고 있습니다...",
  "근거의 타당성을 검토하고 있습니다...",
  "언어 표현을 점검하고 있습니다...",
  "강점과 개선점을 정리하고 있습니다...",
  "개선 방안을 작성하고 있습니다...",
];

/** Progress writer for one job: throttled, monotonic, and it notices a lost lease. */
class Progress {
  private last = 0;
  private value = 5;
  lost = false;
  constructor(private job: Job, private worker: string) {}

  async set(progress: number, message: string, force = false) {
    if (this.lost) return;
    const now = Date.now();
    if (!force && now - this.last < 340) return;
    this.last = now;
    this.value = Math.max(this.value, progress);
    const [row] = await adminSql`
      select private.report_grading_progress(${this.job.id}, ${this.worker}, ${this.value}, ${message},
                                             ${workerSettings.leaseSeconds}) as ok`;
    if (!row?.ok) this.lost = true;
  }

  /** Creeps towards `ceiling` with rotating messages while a slow call runs. */
  ticker(from: number, ceiling: number): () => void {
    let i = 0;
    let p = from;
    const timer = setInterval(() => {
      p = Math.min(ceiling, p + Math.max(1, Math.round((ceiling - p) / 6)));
      this.set(p, STAGES[Math.min(i++ >> 1, STAGES.length - 1)]).catch(() => {});
    }, workerSettings.progressIntervalMs);
    return () => clearInterval(timer);
  }
}

async function gradeJob(job: Job, worker: string, sessions: Map<string, Promise<SessionMaterial>>) {
  const cfg = llmConfig();
  const progress = new Progress(job, worker);
  try {
    await progress.set(10, "답안을 불러오고 있습니다...", true);
    let material = sessions.get(job.session_id);
    if (!material) {
      material = loadSession(job.session_id, cfg);
      sessions.set(job.session_id, material);
      material.catch(() => sessions.delete(job.session_id));
    }
    const { question, rubric } = await material;

    let essay = job.essay_content ?? "";
    let transcribed: string | null = null;
    if (!essay.trim() && job.essay_file_path && IMAGE.test(job.essay_mime_type ?? "")) {
      await progress.set(15, "이미지에서 답안 글자를 읽고 있습니다...", true);
      transcribed = await readImage(job.essay_file_path, job.essay_mime_type!, cfg);
      essay = transcribed;
    }

    const pre = precheck({ essay, question, rubric });
    let result: GradeResult;
    if (pre.immediate) {
      result = pre.immediate;
    } else if (cfg) {
      await progress.set(25, STAGES[0], true);
      const stop = progress.ticker(25, 90);
      try {
        const client = llmClient(cfg);
        const system = systemPrompt(rubric, question);
        const grade = await withRetries(
          cfg,
          () => requestGrade(client, cfg, system, pre.essay),
          (attempt) => progress.set(30, `AI 응답이 지연되어 다시 시도합니다 (${attempt + 1}/${cfg.maxAttempts})...`, true),
        );
        result = finalizeLlmGrade(grade, rubric, pre, cfg.model);
      } finally {
        stop();
      }
    } else {
      await progress.set(40, "오프라인 분석기로 글의 구조와 표현을 측정하고 있습니다...", true);
      result = gradeWithoutLlm({ essay, question, rubric }, pre);
    }

    if (progress.lost) return;
    await progress.set(95, "결과를 저장하고 있습니다...", true);
    await adminSql`select private.complete_grading_job(${job.id}, ${worker}, ${adminSql.json(result as never)}, ${transcribed})`;
  } catch (err) {
    // A GradingError has already had its retries (withRetries); anything else (a database blip,
    // a bug) gives the job back to the queue until it runs out of attempts.
    const graded = err instanceof GradingError;
    const reason = graded ? err.message : "채점 중 오류가 발생했습니다.";
    if (!graded) console.error("grading failed", job.id, err);
    if (!graded && job.attempts < workerSettings.maxAttempts) {
      await adminSql`select private.requeue_grading_job(${job.id}, ${worker}, ${reason})`;
    } else {
      await adminSql`select private.finish_grading_job_error(${job.id}, ${worker}, ${reason})`;
    }
  }
}

export interface RunStats {
  claimed: number;
  /** The run stopped because its time budget ran out, not because the queue was empty. */
  outOfTime: boolean;
}

/** One worker run: keeps up to `concurrency` jobs in flight until the queue is empty or the budget is spent. */
export async function runWorker(opts: { concurrency?: number; budgetMs?: number } = {}): Promise<RunStats> {
  const concurrency = opts.concurrency ?? env.gradingConcurrency;
  const deadline = Date.now() + (opts.budgetMs ?? workerSettings.budgetMs);
  const worker = crypto.randomUUID();
  const sessions = new Map<string, Promise<SessionMaterial>>();
  const active = new Set<Promise<void>>();
  let claimed = 0;
  let idlePolls = 0;
  let drained = false;
  while (Date.now() < deadline) {
    const free = concurrency - active.size;
    let got = 0;
    if (free > 0) {
      const jobs = (await adminSql`
        select id, session_id, user_id, essay_content, essay_file_path, essay_mime_type, attempts
          from private.claim_grading_jobs(${worker}, ${free}, ${workerSettings.leaseSeconds},
                                          ${workerSettings.maxAttempts})`) as unknown as Job[];
      got = jobs.length;
      claimed += got;
      for (const job of jobs) {
        const p: Promise<void> = gradeJob(job, worker, sessions).finally(() => active.delete(p));
        active.add(p);
      }
    }
    if (active.size === 0) {
      if (got === 0 && ++idlePolls > 2) {
        drained = true;
        break;
      }
      await new Promise((r) => setTimeout(r, 150));
      continue;
    }
    idlePolls = 0;
    await Promise.race([...active, new Promise((r) => setTimeout(r, got > 0 ? 250 : 500))]);
  }
  await Promise.allSettled([...active]);
  return { claimed, outOfTime: !drained };
}

/**
 * A run that ran out of time hands over to a fresh invocation of this function right away
 * (instead of waiting for the next scheduled tick), so a long batch keeps every slot busy while
 * each invocation stays well inside the Edge Function time limit.
 */
async function continueInNewInvocation(): Promise<void> {
  try {
    const res = await fetch(`${env.supabaseUrl}/functions/v1/api/internal/tick`, {
      method: "POST",
      headers: { Authorization: `Bearer ${env.serviceRoleKey}` },
      signal: AbortSignal.timeout(10_000),
    });
    await res.body?.cancel();
  } catch (err) {
    console.error("could not hand over to a new worker invocation", err);
  }
}

let current: Promise<RunStats> | null = null;

/**
 * Starts a worker run unless one is already going in this process; resolves when that run (and,
 * if it ran out of time, its hand-over to a new invocation) is done.
 */
export function kickWorker(): Promise<RunStats> {
  if (current) return current;
  const run = runWorker()
    .catch((err): RunStats => {
      console.error("worker run failed", err);
      return { claimed: 0, outOfTime: false };
    })
    .then((stats) => {
      current = null;
      return stats;
    });
  current = run;
  return run.then(async (stats) => {
    if (stats.outOfTime) await continueInNewInvocation();
    return stats;
  });
}

/** Keeps the worker alive past the response where the platform allows it (Supabase Edge Runtime). */
export function startWorkerInBackground(): void {
  const run = kickWorker();
  const rt = (globalThis as { EdgeRuntime?: { waitUntil(p: Promise<unknown>): void } }).EdgeRuntime;
  rt?.waitUntil(run);
}
