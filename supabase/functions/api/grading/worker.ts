import { adminSql } from "../lib/db.ts";
import { platform, settings } from "../lib/settings.ts";
import { exceedsChars, MAX_CRITERIA_CHARS, MAX_ESSAY_CHARS, MAX_PROMPT_CHARS, uploadMessages } from "../../_shared/upload-rules.ts";
import type { GradeResult, RubricCategory } from "../../_shared/grading.ts";
import { gradeWithoutLlm, precheck } from "./grade.ts";
import { type CallUsage, GradingError, llmClient, OutOfTimeError, retryProgressMessage, type LlmConfig } from "./llm.ts";
import { gradeWithModel, type GradingMode } from "./modes.ts";
import { llmConfigFromSettings, readImage } from "./image-reading.ts";
import { recordCalls } from "./usage.ts";
import { sessionRubric } from "./rubric.ts";
import { rubricSnapshot } from "../../_shared/rubric-scale.ts";
import { type AnchorAnswer, MAX_ANCHORS } from "./anchor-prompt.ts";

/**
 * The grading worker: claims jobs (FOR UPDATE SKIP LOCKED + lease), grades up to
 * GRADING_CONCURRENCY at once, writes throttled progress, stores results. A run claims for at most
 * `budgetMs` (and never once less than `minJobMs` is left before its deadline) and ends by
 * `deadlineMs` whatever the LLM does: LLM calls get at most the time left, and jobs still
 * unfinished near the deadline (or when the instance shuts down) are given back to the queue.
 * The claim SQL caps the jobs in flight across every instance (GRADING_MAX_IN_FLIGHT) and picks
 * fairly across users. The scheduled tick (pg_cron in production, the local stack's timer
 * locally) starts the next run, and expired leases are claimed again.
 */

/** The worker's settings (GRADING_*, lib/settings.ts): mode, samples, lease, attempts, run budget and deadlines. */
type WorkerSettings = typeof settings.grading;

/** Records the model calls made for one answer (grading/usage.ts). */
function recordUsage(job: Job, mode: GradingMode, calls: CallUsage[]): Promise<void> {
  return recordCalls(job.id, job.user_id, mode, calls);
}

/** The model's configuration, made once from the settings; null without LLM_API_KEY (the offline grader grades). */
const LLM: LlmConfig | null = llmConfigFromSettings();

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
  /** The session's anchor answers (기준 답안), oldest first. */
  anchors: AnchorAnswer[];
}

/** The session's anchor answers (public.session_anchors), as the prompt takes them. */
async function loadAnchors(sessionId: string): Promise<AnchorAnswer[]> {
  const rows = await adminSql<{ content: string; total_score: string; category_scores: unknown }[]>`
    select content, total_score, category_scores from public.session_anchors
     where session_id = ${sessionId} order by created_at, id limit ${MAX_ANCHORS}`;
  return rows.map((r) => ({
    content: r.content,
    totalScore: Number(r.total_score),
    categoryScores: (Array.isArray(r.category_scores) ? r.category_scores : []).flatMap((c) =>
      c && typeof c.name === "string" && Number.isFinite(Number(c.score)) ? [{ name: c.name, score: Number(c.score) }] : [],
    ),
  }));
}

const IMAGE = /^image\//;
/** Internal reason (never stored): the job's row was deleted or its lease lost during grading. */
const JOB_GONE = "job gone";

/**
 * The session's question, rubric and anchors. A photographed question or criteria is read once
 * (and stored); those calls are recorded through `record` (for the answer that needed them).
 */
async function loadSession(id: string, cfg: LlmConfig | null, record: (calls: CallUsage[]) => Promise<void>): Promise<SessionMaterial> {
  const calls: CallUsage[] = [];
  try {
    return await readSession(id, cfg, (u) => calls.push(u));
  } finally {
    await record(calls);
  }
}

async function readSession(id: string, cfg: LlmConfig | null, onUsage: (u: CallUsage) => void): Promise<SessionMaterial> {
  const [s] = await adminSql`
    select user_id, prompt_content, criteria_content, prompt_file_path, prompt_mime_type,
           criteria_file_path, criteria_mime_type, rubric
      from public.analysis_sessions where id = ${id}`;
  if (!s) throw new GradingError("채점 세션을 찾을 수 없습니다.", false);
  let question: string = s.prompt_content ?? "";
  let criteria: string = s.criteria_content ?? "";
  if (!question.trim() && s.prompt_file_path && IMAGE.test(s.prompt_mime_type ?? "")) {
    const expected = { ownerId: s.user_id, sessionId: id, roles: ["prompt"] } as const;
    question = await readImage(s.prompt_file_path, expected, s.prompt_mime_type, cfg, onUsage);
    await adminSql`update public.analysis_sessions set prompt_content = ${question} where id = ${id}`;
  }
  if (!criteria.trim() && s.criteria_file_path && IMAGE.test(s.criteria_mime_type ?? "")) {
    const expected = { ownerId: s.user_id, sessionId: id, roles: ["criteria"] } as const;
    criteria = await readImage(s.criteria_file_path, expected, s.criteria_mime_type, cfg, onUsage);
    await adminSql`update public.analysis_sessions set criteria_content = ${criteria} where id = ${id}`;
  }
  // Defence in depth: the upload caps these, but never send more than the cap whatever is stored.
  if (exceedsChars(question, MAX_PROMPT_CHARS)) throw new GradingError(uploadMessages.promptTooLong, false);
  if (exceedsChars(criteria, MAX_CRITERIA_CHARS)) throw new GradingError(uploadMessages.criteriaTooLong, false);
  // The teacher's checked rubric (PATCH /sessions/:id) when there is one, else read from the criteria.
  return { question, rubric: sessionRubric(s.rubric, criteria), anchors: await loadAnchors(id) };
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
  constructor(
    private job: Job,
    private worker: string,
    private settings: WorkerSettings,
  ) {}

  async set(progress: number, message: string, force = false) {
    if (this.lost) return;
    const now = Date.now();
    if (!force && now - this.last < 340) return;
    this.last = now;
    this.value = Math.max(this.value, progress);
    const [row] = await adminSql`
      select private.report_grading_progress(${this.job.id}, ${this.worker}, ${this.value}, ${message},
                                             ${this.settings.leaseSeconds}) as ok`;
    if (!row?.ok) this.lost = true;
  }

  /** Creeps towards `ceiling` with rotating messages while a slow call runs. */
  ticker(from: number, ceiling: number): () => void {
    let i = 0;
    let p = from;
    const timer = setInterval(() => {
      p = Math.min(ceiling, p + Math.max(1, Math.round((ceiling - p) / 6)));
      this.set(p, STAGES[Math.min(i++ >> 1, STAGES.length - 1)]).catch(() => {});
    }, this.settings.progressIntervalMs);
    return () => clearInterval(timer);
  }
}

/** Time limits of one run and the settings it read at its start, handed to every job it grades. */
interface RunClock {
  /** LLM calls and retry waits must be over by then (epoch ms). */
  llmDeadline: number;
  /** Aborted at `llmDeadline` or when the instance shuts down. */
  signal: AbortSignal;
  settings: WorkerSettings;
}

/** Gives a job back to the queue because the run is out of time (see private.release_grading_job). */
async function releaseJob(job: Job, worker: string, countAttempt: boolean): Promise<void> {
  await adminSql`select private.release_grading_job(${job.id}, ${worker}, ${countAttempt})`;
}

/**
 * Stores the result (private.complete_grading_job: lease holder only, once) and, in the same
 * transaction, its annotations, so a report never shows a result without them.
 */
async function storeResult(
  id: string,
  worker: string,
  result: GradeResult,
  transcribed: string | null,
  anchorsUsed: number,
  rubric: RubricCategory[],
): Promise<void> {
  const { annotations, needsReviewReason, ...rest } = result;
  // The result keeps the rubric it was graded under (analysis_results.rubric).
  const stored = { ...rest, rubric: rubricSnapshot(rubric) };
  await adminSql.begin(async (sql) => {
    const [row] = await sql`
      select private.complete_grading_job(${id}, ${worker}, ${sql.json(stored as never)}, ${transcribed}) as ok`;
    if (!row?.ok) return;
    // A re-grade replaces the previous result: the teacher review made on it goes (its edit log stays).
    // 확인 필요: why the teacher must check this result (e.g. a category the model left unscored).
    await sql`update public.analysis_results set annotations = ${sql.json((annotations ?? []) as never)},
                     anchors_used = ${anchorsUsed}, review = null, reviewed_at = null, reviewed_by = null,
                     needs_review_reason = ${needsReviewReason ?? null}
               where submission_id = ${id}`;
  });
}

async function gradeJob(job: Job, worker: string, sessions: Map<string, Promise<SessionMaterial>>, clock: RunClock) {
  const cfg: LlmConfig | null = LLM && { ...LLM, deadline: clock.llmDeadline, signal: clock.signal };
  const { settings } = clock;
  const progress = new Progress(job, worker, settings);
  try {
    // No "loading" write: the claim has just set "채점을 시작합니다...". For a text answer graded by
    // the model, its first progress write goes out while the session loads (one round trip less
    // before the call); it is awaited, and `lost` checked, before the model is called.
    const imageAnswer = !(job.essay_content ?? "").trim() && !!job.essay_file_path && IMAGE.test(job.essay_mime_type ?? "");
    const firstWrite = cfg && !imageAnswer ? progress.set(25, STAGES[0], true) : null;
    firstWrite?.catch(() => {});
    let material = sessions.get(job.session_id);
    if (!material) {
      material = loadSession(job.session_id, cfg, (calls) => recordUsage(job, settings.mode, calls));
      sessions.set(job.session_id, material);
      material.catch(() => sessions.delete(job.session_id));
    }
    const { question, rubric, anchors } = await material;
    let anchorsUsed = 0;

    let essay = job.essay_content ?? "";
    let transcribed: string | null = null;
    if (imageAnswer) {
      await progress.set(15, "이미지에서 답안 글자를 읽고 있습니다...", true);
      if (progress.lost) return; // deleted (or taken over) while waiting: no model call
      const expected = { ownerId: job.user_id, sessionId: job.session_id, roles: ["essay"] } as const;
      const reads: CallUsage[] = [];
      try {
        transcribed = await readImage(job.essay_file_path!, expected, job.essay_mime_type!, cfg, (u) => reads.push(u), { answer: true });
      } finally {
        await recordUsage(job, settings.mode, reads);
      }
      essay = transcribed;
    }
    if (exceedsChars(essay, MAX_ESSAY_CHARS)) throw new GradingError(uploadMessages.essayTooLong, false);

    const pre = precheck({ essay, question, rubric });
    let result: GradeResult;
    if (pre.immediate) {
      result = pre.immediate;
    } else if (cfg) {
      await (firstWrite ?? progress.set(25, STAGES[0], true));
      if (progress.lost) return; // the answer was deleted (or the lease lost): do not call the model
      const stop = progress.ticker(25, 90);
      const mode = settings.mode;
      const calls: CallUsage[] = [];
      try {
        result = await gradeWithModel({
          client: llmClient(cfg),
          cfg,
          rubric,
          question,
          pre,
          mode,
          samples: settings.samples,
          anchors,
          onUsage: (u) => calls.push(u),
          stopped: () => progress.lost,
          gone: () => new GradingError(JOB_GONE, false),
          onRetry: (attempt, reason) => progress.set(30, retryProgressMessage(reason, attempt + 1, cfg.maxAttempts), true),
        });
      } finally {
        stop();
        await recordUsage(job, mode, calls);
      }
      anchorsUsed = anchors.length;
    } else {
      await progress.set(40, "오프라인 분석기로 글의 구조와 표현을 측정하고 있습니다...", true);
      result = gradeWithoutLlm({ essay, question, rubric }, pre);
    }

    if (progress.lost) return;
    // Straight to the result (it sets 100 %): a "saving" write first would only hold the slot longer.
    await storeResult(job.id, worker, result, transcribed, anchorsUsed, rubric);
  } catch (err) {
    // Deleted or taken over meanwhile: the row is gone or someone else's, write nothing.
    if (progress.lost) return;
    if (err instanceof OutOfTimeError) {
      await releaseJob(job, worker, err.afterFailure);
      return;
    }
    // A GradingError has already had its retries (withRetries); anything else (a database blip,
    // a bug) gives the job back to the queue until it runs out of attempts.
    const graded = err instanceof GradingError;
    const reason = graded ? err.message : "채점 중 오류가 발생했습니다.";
    if (!graded) console.error("grading failed", job.id, err);
    if (!graded && job.attempts < settings.maxAttempts) {
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
  /** Jobs given back to the queue unfinished because the run reached its deadline. */
  released: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

/**
 * One worker run: keeps up to `concurrency` jobs in flight until the queue is empty or the claim
 * budget is spent, then waits for its jobs, and returns by its deadline whatever they do.
 */
export async function runWorker(opts: { concurrency?: number; budgetMs?: number; deadlineMs?: number } = {}): Promise<RunStats> {
  const concurrency = opts.concurrency ?? settings.grading.concurrency;
  const started = Date.now();
  const grading = settings.grading;
  const hardDeadline = started + (opts.deadlineMs ?? grading.deadlineMs);
  const llmDeadline = hardDeadline - grading.shutdownMarginMs;
  const claimUntil = Math.min(started + (opts.budgetMs ?? grading.budgetMs), hardDeadline - grading.minJobMs);
  const { maxInFlight, maxInFlightPerUser: maxPerUser } = grading;
  const worker = crypto.randomUUID();
  const sessions = new Map<string, Promise<SessionMaterial>>();
  const active = new Map<Promise<void>, Job>();

  // LLM calls are aborted at the LLM deadline, or at once when the instance is about to stop.
  const abort = new AbortController();
  const abortTimer = setTimeout(() => abort.abort(), Math.max(0, llmDeadline - Date.now()));
  const onUnload = () => abort.abort();
  const g = globalThis as {
    addEventListener?: (t: string, f: () => void) => void;
    removeEventListener?: (t: string, f: () => void) => void;
  };
  g.addEventListener?.("beforeunload", onUnload);
  const clock: RunClock = { llmDeadline, signal: abort.signal, settings: grading };

  let claimed = 0;
  let idlePolls = 0;
  let drained = false;
  let released = 0;
  try {
    while (Date.now() < claimUntil && !abort.signal.aborted) {
      const free = concurrency - active.size;
      let got = 0;
      if (free > 0) {
        const jobs = (await adminSql`
          select id, session_id, user_id, essay_content, essay_file_path, essay_mime_type, attempts
            from private.claim_grading_jobs(${worker}, ${free}, ${grading.leaseSeconds},
                                            ${grading.maxAttempts}, ${maxInFlight}, ${maxPerUser})`) as unknown as Job[];
        got = jobs.length;
        claimed += got;
        for (const job of jobs) {
          const p: Promise<void> = gradeJob(job, worker, sessions, clock)
            .catch((err) => console.error("grading job failed", job.id, err))
            .finally(() => {
              active.delete(p);
              // A session's setup can change only while none of its answers is queued or being
              // graded (PATCH /sessions/:id): forget it once this run holds none of them.
              if (![...active.values()].some((j) => j.session_id === job.session_id)) sessions.delete(job.session_id);
            });
          active.set(p, job);
        }
      }
      if (active.size === 0) {
        if (got === 0 && ++idlePolls > 2) {
          drained = true;
          break;
        }
        await sleep(150);
        continue;
      }
      idlePolls = 0;
      await Promise.race([...active.keys(), sleep(250), new Promise<void>((wake) => (wakeClaimer = wake))]);
      wakeClaimer = null;
    }
    // No more claims: let the jobs in hand finish, but not past the deadline.
    const settleBy = hardDeadline - grading.shutdownMarginMs / 2;
    while (active.size > 0 && Date.now() < settleBy) {
      await Promise.race([...active.keys(), sleep(Math.min(250, settleBy - Date.now()))]);
    }
    abort.abort();
    // Whatever is still running (an image being read offline, a stuck query) is given back; its
    // late writes are fenced off by the lease owner.
    const stragglers = [...active.values()];
    await Promise.allSettled(stragglers.map((job) => releaseJob(job, worker, false)));
    released += stragglers.length;
  } finally {
    clearTimeout(abortTimer);
    g.removeEventListener?.("beforeunload", onUnload);
  }
  return { claimed, outOfTime: !drained, released };
}

/**
 * A run that ran out of time hands over to a fresh invocation of this function right away
 * (instead of waiting for the next scheduled tick), so a long batch keeps every slot busy while
 * each invocation stays well inside the Edge Function time limit.
 */
async function continueInNewInvocation(): Promise<void> {
  const secret = settings.grading.tickSecret;
  if (!secret) {
    console.error("could not hand over to a new worker invocation: GRADING_TICK_SECRET is not set");
    return;
  }
  try {
    const res = await fetch(`${platform.supabaseUrl}/functions/v1/api/internal/tick`, {
      method: "POST",
      headers: { Authorization: `Bearer ${secret}` },
      signal: AbortSignal.timeout(5_000),
    });
    await res.body?.cancel();
  } catch (err) {
    console.error("could not hand over to a new worker invocation", err);
  }
}

let current: Promise<RunStats> | null = null;
/** Wakes a running claim loop in this isolate (set while it waits between claims). */
let wakeClaimer: (() => void) | null = null;

/**
 * Starts a worker run unless one is already going in this process; resolves when that run (and,
 * if it ran out of time, its hand-over to a new invocation) is done.
 */
export function kickWorker(): Promise<RunStats> {
  if (current) {
    // A run is going: have it claim now rather than at its next poll (a new answer was queued).
    wakeClaimer?.();
    return current;
  }
  const run = runWorker()
    .catch((err): RunStats => {
      console.error("worker run failed", err);
      return { claimed: 0, outOfTime: false, released: 0 };
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
