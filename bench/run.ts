// `npm run bench`: grading throughput and live-progress latency on a local stack.
//
// 1. A fake OpenAI-compatible server (tests/fakes/llm.ts) answers every grading call after a fixed
//    latency L; the stack's worker runs with GRADING_CONCURRENCY = C. A business user uploads
//    N answers as one batch and starts it; the batch time (start → last answer completed) is set
//    against the ideal ceil(N / C) · L.
// 2. A supabase-js subscriber (Node, `ws` transport) on the private topic `session:<id>`:
//    a) under load: every worker write during the batch, from the DB time of the write
//       (realtime.messages.inserted_at) to the moment the client receives it;
//    b) idle: S sequential superuser updates of progress_message, from just before the UPDATE
//       to the broadcast carrying the marker arriving.
// 3. Fleet fairness, on a second stack whose worker may hold up to F jobs (GRADING_CONCURRENCY =
//    GRADING_MAX_IN_FLIGHT = F): one teacher's N-answer batch is running when 20 other teachers
//    each submit one answer (a third of L after the batch starts). Reported: p95 of the single
//    answers' time from submission to completion (target ≤ 2·L) and the batch time against
//    its ideal ceil(N / F) · L; with where a single's time goes (waiting for a slot; claim → the
//    model call reaching the fake LLM; the model's answer → completed). The floor is
//    (L − L/3) + L ≈ 1.67·L: every slot holds a batch answer when the singles arrive.
// 4. The deploy bundle of the api function (bench/bundle-size.ts): npm packages resolved from
//    deno.json as the deploy does, plus our code, brotli; per package, against the 10 MB budget
//    (tests/integration/bundle-size.test.ts fails above it). BENCH_SKIP_BUNDLE=1 skips it.
// Figures only, no assertions. Env: BENCH_LATENCY_MS (1000), BENCH_CONCURRENCY (8),
// BENCH_ESSAYS (50), BENCH_SAMPLES (200), BENCH_FLEET_IN_FLIGHT (32), BENCH_SINGLES (20),
// BENCH_FLEET_PER_USER (unset: GRADING_MAX_IN_FLIGHT_PER_USER for scenario 3), BENCH_FLEET_ENV (more
// function settings for scenario 3, e.g. "DB_POOL_MAX=8,GRADING_PROGRESS_INTERVAL_MS=1000"),
// BENCH_SKIP_FLEET=1 / BENCH_ONLY_FLEET=1, STACK_VERBOSE=1 to see the stack log.
// 5. The offline analyzer (no stack needed; runs first): Kendall τ per question of the answer
//    corpus (tests/fixtures/corpus), the mean total per quality level (excellent, good, mid, weak)
//    per question, and the time to grade a 1,500-character answer (median of 50).
//    BENCH_ONLY_OFFLINE=1 runs only this section, BENCH_SKIP_OFFLINE=1 skips it.
// 6. Grading modes (no stack needed): every answer of the corpus graded in-process by the
//    worker's grading code (grading/modes.ts) against the fake LLM, once per configuration
//    (holistic, per-criterion, each with GRADING_SAMPLES=3 too, and holistic with 3 anchor answers), one
//    answer after another (so the fake's prompt cache behaves as a provider's across a session):
//    calls, tokens in/out/cached per answer (the fake bills ≈ 1 token per 1.5 characters, like
//    Korean text on GPT-4o's tokenizer) and the cost per answer at the default prices (USD per 1M),
//    and from the prompts the fake recorded, how many anchor answers each call carried.
//    BENCH_ONLY_MODES=1 runs only this section, BENCH_SKIP_MODES=1 skips it.
// 7. The web pages (bench/web.ts), last: the SPA's production build on a local stack; per public page
//    (`/` signed out, `/blog`, a post) the JavaScript it loads (gzip, against its budget) and
//    Lighthouse mobile performance / accessibility (median of BENCH_LIGHTHOUSE_RUNS = 3) in
//    /usr/bin/chromium (CHROME_PATH). BENCH_ONLY_WEB=1 runs only this section, BENCH_SKIP_WEB=1 skips it.
import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { createClient } from "@supabase/supabase-js";
import postgres from "postgres";
import { WebSocket } from "ws";
import { formatBundle, measureBundle } from "./bundle-size.ts";
import { webScenario } from "./web.ts";
import { startFakeLlm } from "../tests/fakes/llm.ts";
import {
  type CorpusQuestion,
  evaluateCorpus,
  gradeOfflineLikeWorker,
  LEVELS,
  levelMeans,
  loadCorpus,
} from "../tests/helpers/offline-corpus.ts";
import { startOwnStack } from "../tests/helpers/own-stack.ts";
import { llmClient, type CallUsage, type LlmConfig } from "../supabase/functions/api/grading/llm.ts";
import { gradeWithModel, type GradingMode } from "../supabase/functions/api/grading/modes.ts";
import { precheck } from "../supabase/functions/api/grading/grade.ts";
import { ANCHOR_OPEN, type AnchorAnswer } from "../supabase/functions/api/grading/anchor-prompt.ts";

const root = resolve(import.meta.dirname, "..");
const int = (name: string, fallback: number) => {
  const v = Number(process.env[name]);
  return Number.isFinite(v) && v > 0 ? Math.floor(v) : fallback;
};
const L = int("BENCH_LATENCY_MS", 1000);
const C = int("BENCH_CONCURRENCY", 8);
const N = int("BENCH_ESSAYS", 50);
const SAMPLES = int("BENCH_SAMPLES", 200);
const F = int("BENCH_FLEET_IN_FLIGHT", 32);
const SINGLES = int("BENCH_SINGLES", 20);
const PER_USER = int("BENCH_FLEET_PER_USER", 0); // 0 = no per-user cap
const verbose = process.env.STACK_VERBOSE === "1";
const stackLog = verbose ? (l: string) => console.log(`  [stack] ${l}`) : undefined;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const fmtMs = (ms: number) => `${ms.toFixed(ms < 100 ? 1 : 0)} ms`;
const say = (line: string) => console.log(line);

function quantile(values: number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

function stats(values: number[]) {
  return {
    n: values.length,
    median: quantile(values, 0.5),
    p95: quantile(values, 0.95),
    min: Math.min(...values),
    max: Math.max(...values),
  };
}

async function main() {
  const started = performance.now();
  say(`bench: N=${N} essays, fake LLM latency L=${L} ms, GRADING_CONCURRENCY C=${C}, ${SAMPLES} latency samples`);

  const own = await startOwnStack({
    latencyMs: L,
    dataDirPrefix: "essay-bench-",
    llmApiKey: "bench-key",
    env: { LLM_TIMEOUT_MS: String(Math.max(30_000, L * 5)), GRADING_CONCURRENCY: String(C) },
    log: stackLog,
  });
  const { stack, llm } = own;
  const sql = postgres(stack.dbUrl, { max: 2, onnotice: () => {} });
  const apiUrl = `${stack.supabaseUrl}/functions/v1/api`;
  const supabase = createClient(stack.supabaseUrl, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  });

  try {
    say(`stack up in ${((performance.now() - started) / 1000).toFixed(1)} s (${stack.supabaseUrl})`);

    // --- a business user and a session, through the API ---------------------------------------
    const call = async (path: string, init: RequestInit & { token?: string } = {}) => {
      const headers = new Headers(init.headers);
      if (init.token) headers.set("Authorization", `Bearer ${init.token}`);
      const res = await fetch(`${apiUrl}${path}`, { ...init, headers });
      const text = await res.text();
      const body = text ? JSON.parse(text) : null;
      if (!res.ok) throw new Error(`${init.method ?? "GET"} ${path} → ${res.status} ${text}`);
      return body;
    };
    const username = `bench_${Date.now().toString(36)}`;
    const reg = await call("/auth/register", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username, email: `${username}@example.com`, password: "password123" }),
    });
    const token: string = reg.session.access_token;
    await sql`update public.subscriptions set plan_id = 'business', status = 'active' where user_id = ${reg.user.id}`;

    const prompt = await readFile(join(root, "tests/fixtures/essays/prompt.txt"), "utf8");
    const essay = await readFile(join(root, "tests/fixtures/essays/strong.txt"), "utf8");
    const sessionForm = new FormData();
    sessionForm.append("promptFile", new File([prompt], "문제.txt", { type: "text/plain" }));
    const session = await call("/sessions", { method: "POST", token, body: sessionForm });
    const sessionId: string = session.id;

    // --- the subscriber --------------------------------------------------------------------------
    await supabase.auth.setSession({ access_token: token, refresh_token: reg.session.refresh_token });
    await supabase.realtime.setAuth();
    const received: { id: string; at: number; perf: number; message: string; status: string }[] = [];
    const waiters = new Map<string, (at: number) => void>();
    const channel = supabase.channel(`session:${sessionId}`, { config: { private: true } });
    channel.on("broadcast", { event: "*" }, (msg) => {
      const perf = performance.now();
      const at = Date.now();
      const payload = msg.payload as { id?: string; record?: { progress_message?: string; status?: string } | null };
      const message = payload.record?.progress_message ?? "";
      received.push({ id: String(msg.meta?.id ?? payload.id ?? ""), at, perf, message, status: payload.record?.status ?? "" });
      const waiter = waiters.get(message);
      if (waiter) {
        waiters.delete(message);
        waiter(perf);
      }
    });
    const joined = await new Promise<string>((r) =>
      channel.subscribe((status, err) => {
        if (status !== "SUBSCRIBED" && status !== "CHANNEL_ERROR" && status !== "TIMED_OUT") return;
        r(err ? `${status}: ${err.message}` : status);
      }),
    );
    if (joined !== "SUBSCRIBED") throw new Error(`could not join session:${sessionId} (${joined})`);

    // --- the batch -------------------------------------------------------------------------------
    const upload = new FormData();
    for (let i = 0; i < N; i++) {
      const id = String(20250000 + i + 1);
      upload.append("files", new File([`${essay}\n(${i + 1}번 답안)`], `학생_${id}.txt`, { type: "text/plain" }));
      upload.append("studentNames", `학생${String.fromCharCode(0xac00 + i)}`.slice(0, 4));
      upload.append("studentIds", id);
    }
    await call(`/sessions/${sessionId}/batch-upload`, { method: "POST", token, body: upload });
    const batchStart = Date.now();
    const batchStartPerf = performance.now();
    const started_ = await call(`/sessions/${sessionId}/start-batch`, { method: "POST", token });
    const ids: string[] = started_.submissionIds;
    say(`batch: ${ids.length} answers queued (${fmtMs(performance.now() - batchStartPerf)} for start-batch)`);

    const deadline = performance.now() + 100_000;
    let done = 0;
    let errors = 0;
    while (performance.now() < deadline) {
      const [row] = await sql`
        select count(*) filter (where status in ('completed', 'error'))::int as done,
               count(*) filter (where status = 'error')::int as errors
          from public.essay_submissions where id = any(${ids}::uuid[])`;
      done = row.done;
      errors = row.errors;
      if (done === ids.length) break;
      await sleep(50);
    }
    const [times] = await sql`
      select extract(epoch from min(analysis_started_at)) * 1000 as first_start,
             extract(epoch from max(analysis_completed_at)) * 1000 as last_done
        from public.essay_submissions where id = any(${ids}::uuid[])`;
    const ideal = Math.ceil(ids.length / C) * L;
    const batchMs = Number(times.last_done) - batchStart;
    const gradingMs = Number(times.last_done) - Number(times.first_start);
    say("");
    say("Batch throughput");
    say(
      `  answers completed         ${done - errors}/${ids.length}${errors ? ` (${errors} error)` : ""}${done < ids.length ? "  (timed out)" : ""}`,
    );
    say(`  batch time                ${fmtMs(batchMs)}   (start-batch → last answer completed)`);
    say(`  ideal ceil(${ids.length}/${C})·${L} ms   ${fmtMs(ideal)}`);
    say(`  ratio to ideal            ${(batchMs / ideal).toFixed(2)}×`);
    say(`  first claim → last done   ${fmtMs(gradingMs)}   (excludes the wait for the worker to claim)`);
    say(`  first claim after         ${fmtMs(Number(times.first_start) - batchStart)}`);
    say(`  LLM calls made            ${llm.requests.length}`);

    // --- latency under load: worker writes during the batch -------------------------------------
    await sleep(300);
    const byId = new Map(received.filter((r) => r.id).map((r) => [r.id, r]));
    const rows = await sql<{ id: string; ms: string }[]>`
      select id::text, extract(epoch from inserted_at::timestamptz) * 1000 as ms
        from realtime.messages
       where topic = ${`session:${sessionId}`} and id = any(${[...byId.keys()]}::uuid[])`;
    const [{ count: sent }] = await sql`
      select count(*)::int as count from realtime.messages where topic = ${`session:${sessionId}`}`;
    const underLoad = rows.map((r) => byId.get(r.id)!.at - Number(r.ms)).filter((v) => Number.isFinite(v));
    const progressWrites = received.filter((r) => r.status === "analyzing").length;
    const load = stats(underLoad);
    say("");
    say("Progress write → client receive, during the batch (DB time of the write → supabase-js callback)");
    say(`  broadcasts sent/received  ${sent}/${received.length}   (${progressWrites} of them 'analyzing' progress writes)`);
    say(`  median                    ${fmtMs(load.median)}`);
    say(`  p95                       ${fmtMs(load.p95)}`);
    say(`  min / max                 ${fmtMs(load.min)} / ${fmtMs(load.max)}`);

    // --- latency idle: the bench's own writes ----------------------------------------------------
    const target = ids[0];
    const samples: number[] = [];
    let lost = 0;
    for (let i = 0; i < SAMPLES; i++) {
      const marker = `bench-latency-${i}-${Math.random().toString(36).slice(2, 8)}`;
      const arrived = new Promise<number>((r) => waiters.set(marker, r));
      const t0 = performance.now();
      await sql`update public.essay_submissions set progress_message = ${marker} where id = ${target}`;
      const t1 = await Promise.race([arrived, sleep(3000).then(() => NaN)]);
      if (Number.isNaN(t1)) {
        waiters.delete(marker);
        lost++;
      } else {
        samples.push(t1 - t0);
      }
      await sleep(5);
    }
    const idle = stats(samples);
    say("");
    say(`Progress write → client receive, idle (${SAMPLES} superuser UPDATEs; clock starts before the UPDATE is sent)`);
    say(`  received                  ${samples.length}/${SAMPLES}${lost ? ` (${lost} not received within 3 s)` : ""}`);
    say(`  median                    ${fmtMs(idle.median)}`);
    say(`  p95                       ${fmtMs(idle.p95)}`);
    say(`  min / max                 ${fmtMs(idle.min)} / ${fmtMs(idle.max)}`);
    say("");
    say(`bench finished in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await supabase.removeAllChannels().catch(() => {});
    supabase.realtime.disconnect();
    await sql.end({ timeout: 5 }).catch(() => {});
    await own.stop(Boolean(process.env.KEEP_BENCH_DATA));
  }
}

/** Registers a member through the API; returns its id and access token. */
async function register(apiUrl: string, prefix: string): Promise<{ id: string; token: string }> {
  const username = `${prefix}_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const res = await fetch(`${apiUrl}/auth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username, email: `${username}@example.com`, password: "password123" }),
  });
  const body = await res.json();
  if (res.status !== 201) throw new Error(`register → ${res.status} ${JSON.stringify(body)}`);
  return { id: body.user.id, token: body.session.access_token };
}

async function apiCall(apiUrl: string, path: string, token: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("Authorization", `Bearer ${token}`);
  const res = await fetch(`${apiUrl}${path}`, { ...init, headers });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? "GET"} ${path} → ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** BENCH_FLEET_ENV: more function settings for scenario 3, `NAME=value` pairs separated by commas. */
function fleetEnv(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (process.env.BENCH_FLEET_ENV ?? "").split(",")) {
    const i = pair.indexOf("=");
    if (i > 0) out[pair.slice(0, i).trim()] = pair.slice(i + 1).trim();
  }
  return out;
}

/** Scenario 3: a batch and 20 single answers from other teachers, on a stack of its own. */
async function fleetScenario() {
  const started = performance.now();
  say("");
  say(
    `Fleet fairness: ${N}-answer batch + ${SINGLES} single answers from other teachers, ` +
      `L=${L} ms, jobs in flight ≤ ${F} (GRADING_CONCURRENCY = GRADING_MAX_IN_FLIGHT = ${F})` +
      (PER_USER ? `, per user ≤ ${PER_USER}` : ""),
  );
  const own = await startOwnStack({
    latencyMs: L,
    dataDirPrefix: "essay-bench-fleet-",
    llmApiKey: "bench-key",
    env: {
      LLM_TIMEOUT_MS: String(Math.max(30_000, L * 5)),
      GRADING_CONCURRENCY: String(F),
      GRADING_MAX_IN_FLIGHT: String(F),
      ...(PER_USER ? { GRADING_MAX_IN_FLIGHT_PER_USER: String(PER_USER) } : {}),
      RATE_LIMIT_REGISTRATIONS_PER_HOUR: "1000",
      RATE_LIMIT_SESSIONS_PER_HOUR: "1000",
      ...fleetEnv(),
    },
    log: stackLog,
  });
  const { stack, llm } = own;
  const sql = postgres(stack.dbUrl, { max: 2, onnotice: () => {} });
  const apiUrl = `${stack.supabaseUrl}/functions/v1/api`;
  try {
    say(`  stack up in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const prompt = await readFile(join(root, "tests/fixtures/essays/prompt.txt"), "utf8");
    const essay = await readFile(join(root, "tests/fixtures/essays/strong.txt"), "utf8");
    const newSession = async (token: string) => {
      const form = new FormData();
      form.append("promptFile", new File([prompt], "문제.txt", { type: "text/plain" }));
      return (await apiCall(apiUrl, "/sessions", token, { method: "POST", body: form })).id as string;
    };

    const big = await register(apiUrl, "bench_batch");
    await sql`update public.subscriptions set plan_id = 'business', status = 'active' where user_id = ${big.id}`;
    const bigSession = await newSession(big.token);
    const singles = await Promise.all(Array.from({ length: SINGLES }, () => register(apiUrl, "bench_one")));
    const singleSessions = await Promise.all(singles.map((t) => newSession(t.token)));

    const upload = new FormData();
    for (let i = 0; i < N; i++) {
      const id = String(20250000 + i + 1);
      upload.append("files", new File([`${essay}\n(${i + 1}번 답안)`], `학생_${id}.txt`, { type: "text/plain" }));
      upload.append("studentIds", id);
    }
    await apiCall(apiUrl, `/sessions/${bigSession}/batch-upload`, big.token, { method: "POST", body: upload });
    const batchStart = Date.now();
    const batch = await apiCall(apiUrl, `/sessions/${bigSession}/start-batch`, big.token, { method: "POST" });
    const batchIds: string[] = batch.submissionIds;

    await sleep(Math.round(L / 3));
    const submittedAt = new Map<string, number>();
    const singleMarker = new Map<string, string>();
    await Promise.all(
      singles.map(async (t, i) => {
        const at = Date.now();
        const row = await apiCall(apiUrl, `/sessions/${singleSessions[i]}/submissions`, t.token, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ essayContent: `${essay}\n(단일 ${i + 1})`, studentName: "학생", studentId: String(i + 1) }),
        });
        submittedAt.set(row.id, at);
        singleMarker.set(row.id, `(단일 ${i + 1})`);
      }),
    );
    const singleIds = [...submittedAt.keys()];
    const all = [...batchIds, ...singleIds];

    let maxInFlight = 0;
    const deadline = performance.now() + 180_000;
    for (;;) {
      const [row] = await sql`
        select count(*) filter (where status in ('completed', 'error'))::int as done,
               (select count(*)::int from public.essay_submissions
                 where status = 'analyzing' and lease_expires_at >= now()) as live
          from public.essay_submissions where id = any(${all}::uuid[])`;
      maxInFlight = Math.max(maxInFlight, row.live);
      if (row.done === all.length || performance.now() > deadline) break;
      await sleep(25);
    }
    const rows = await sql<{ id: string; status: string; done: string | null; began: string | null }[]>`
      select id::text, status, extract(epoch from analysis_completed_at) * 1000 as done,
             extract(epoch from analysis_started_at) * 1000 as began
        from public.essay_submissions where id = any(${all}::uuid[])`;
    const doneAt = new Map(rows.map((r) => [r.id, r.done === null ? NaN : Number(r.done)]));
    const beganAt = new Map(rows.map((r) => [r.id, r.began === null ? NaN : Number(r.began)]));
    const singleTimes = singleIds.map((id) => doneAt.get(id)! - submittedAt.get(id)!);
    const batchMs = Math.max(...batchIds.map((id) => doneAt.get(id)!)) - batchStart;
    const ideal = Math.ceil(batchIds.length / F) * L; // the batch alone on the whole fleet
    const s = stats(singleTimes);
    const errors = rows.filter((r) => r.status !== "completed").length;
    say(`  answers completed         ${rows.length - errors}/${all.length}`);
    say(`  single answers, submission → completed (n=${s.n})`);
    say(`    median                  ${fmtMs(s.median)}`);
    say(`    p95                     ${fmtMs(s.p95)}   (target ≤ 2·L = ${fmtMs(2 * L)}: ${s.p95 <= 2 * L ? "met" : "NOT met"})`);
    say(`    max                     ${fmtMs(s.max)}`);
    const waits = stats(singleIds.map((id) => beganAt.get(id)! - submittedAt.get(id)!));
    const grading = stats(singleIds.map((id) => doneAt.get(id)! - beganAt.get(id)!));
    const firstWave = stats(batchIds.map((id) => doneAt.get(id)! - beganAt.get(id)!));
    say(
      `    of which: waiting for a slot median ${fmtMs(waits.median)} / p95 ${fmtMs(waits.p95)}, ` +
        `claimed → completed median ${fmtMs(grading.median)} / p95 ${fmtMs(grading.p95)}`,
    );
    // Where a single answer's time goes besides the model: claim → the model call arriving at the
    // fake LLM (progress writes, session load), and the answer back → completed (result writes).
    const llmAt = (marker: string) => llm.requests.find((r) => r.user.includes(marker))?.at ?? NaN;
    const before = stats(singleIds.map((id) => llmAt(singleMarker.get(id)!) - beganAt.get(id)!));
    const after = stats(singleIds.map((id) => doneAt.get(id)! - (llmAt(singleMarker.get(id)!) + L)));
    say(
      `    claimed → model call median ${fmtMs(before.median)} / p95 ${fmtMs(before.p95)}, ` +
        `model answer → completed median ${fmtMs(after.median)} / p95 ${fmtMs(after.p95)}`,
    );
    say(`  batch answers, claimed → completed: median ${fmtMs(firstWave.median)}, p95 ${fmtMs(firstWave.p95)} (L = ${L} ms)`);
    say(`  batch time                ${fmtMs(batchMs)}   (start-batch → last answer completed)`);
    say(`  ideal ceil(${batchIds.length}/${F})·${L} ms   ${fmtMs(ideal)}   ratio ${(batchMs / ideal).toFixed(2)}×`);
    say(`  most jobs in flight seen  ${maxInFlight}   (cap ${F})`);
  } finally {
    await sql.end({ timeout: 5 }).catch(() => {});
    await own.stop(Boolean(process.env.KEEP_BENCH_DATA));
  }
}

function bundleScenario() {
  say("");
  say("Deploy bundle size");
  say(formatBundle(measureBundle()));
}

function offlineScenario() {
  say("Offline analyzer (no LLM key): ranking of the answer corpus, tests/fixtures/corpus");
  say("  τ = Kendall τ over the pairs the intended order ranks (asserted ≥ 0.8); τ-b alongside");
  for (const q of evaluateCorpus()) {
    const totals = q.scores.map((s) => `${s.rank}:${s.percent.toFixed(1)}`).join(" ");
    say(`  ${q.id.padEnd(16)} τ=${q.tau.toFixed(2)} τ-b=${q.tauB.toFixed(2)}${q.heldOut ? " (held out)" : ""}  rank:total ${totals}`);
    const means = levelMeans(q);
    say(`  ${"".padEnd(16)} mean per level: ${LEVELS.map((l) => `${l} ${means[l]?.toFixed(1) ?? "—"}`).join(", ")}`);
  }
  const corpus = loadCorpus();
  const q = corpus.find((c) => c.id === "basic-income") ?? corpus[0];
  let text = "";
  for (let i = 0; text.length < 1500; i++) text += `${q.answers[i % q.answers.length].text}\n\n`;
  text = text.slice(0, 1500);
  for (let i = 0; i < 5; i++) gradeOfflineLikeWorker(text, q.question, q.rubric);
  const times: number[] = [];
  for (let i = 0; i < 50; i++) {
    const t0 = performance.now();
    gradeOfflineLikeWorker(text, q.question, q.rubric);
    times.push(performance.now() - t0);
  }
  const s = stats(times);
  say(
    `  one 1,500-character answer (precheck + score + annotations): median ${s.median.toFixed(2)} ms, p95 ${s.p95.toFixed(2)} ms over 50 runs (budget 20 ms)`,
  );
  say("");
}

/** Default prices of GET /api/admin/usage (admin/grading-usage.ts tokenPrices), USD per 1M tokens. */
const PRICES = { input: 0.4, cached: 0.1, output: 1.6 };

/** One grading configuration of the modes scenario. */
interface ModeConfig {
  label: string;
  mode: GradingMode;
  samples: number;
  /** Anchor answers (기준 답안) of each question: 0 = none, else the question's first n corpus answers. */
  anchors: number;
}

const MODE_CONFIGS: ModeConfig[] = [
  { label: "holistic", mode: "holistic", samples: 1, anchors: 0 },
  { label: "per-criterion", mode: "per-criterion", samples: 1, anchors: 0 },
  { label: "holistic k=3", mode: "holistic", samples: 3, anchors: 0 },
  { label: "per-crit. k=3", mode: "per-criterion", samples: 3, anchors: 0 },
  { label: "holistic +3 anchors", mode: "holistic", samples: 1, anchors: 3 },
];

/** The first `n` answers of a question as anchors, scored by their intended rank (best = 90 % of the points). */
function benchAnchors(q: CorpusQuestion, n: number): AnchorAnswer[] {
  const max = q.rubric.reduce((x, c) => x + c.maxScore, 0);
  return q.answers.slice(0, n).map((a) => ({
    content: a.text,
    totalScore: Math.round(max * Math.max(0.3, 0.9 - 0.1 * (a.rank - 1))),
    categoryScores: [],
  }));
}

async function modesScenario() {
  say("Grading modes: tokens per answer with the fake LLM (every corpus answer, graded one after another)");
  say("  Tokens are the fake LLM's reported usage: an estimate of ≈ 1 token per 1.5 characters (Korean text on");
  say("  GPT-4o's tokenizer), cached = a system prompt seen before, from 1,024 tokens on (OpenAI's rule).");
  const corpus = loadCorpus();
  for (const conf of MODE_CONFIGS) {
    const llm = await startFakeLlm();
    try {
      const cfg: LlmConfig = { baseURL: llm.url, apiKey: "bench", model: "fake-grader", timeoutMs: 10_000, maxAttempts: 2, backoffMs: 10 };
      const client = llmClient(cfg);
      const perEssay: { calls: number; prompt: number; completion: number; cached: number; ms: number }[] = [];
      for (const q of corpus) {
        const anchors = benchAnchors(q, conf.anchors);
        for (const a of q.answers) {
          const pre = precheck({ essay: a.text, question: q.question, rubric: q.rubric });
          if (pre.immediate) continue;
          const calls: CallUsage[] = [];
          const t0 = performance.now();
          await gradeWithModel({
            client,
            cfg,
            rubric: q.rubric,
            question: q.question,
            pre,
            mode: conf.mode,
            samples: conf.samples,
            anchors,
            onUsage: (u) => calls.push(u),
          });
          perEssay.push({
            calls: calls.length,
            prompt: calls.reduce((x, u) => x + u.promptTokens, 0),
            completion: calls.reduce((x, u) => x + u.completionTokens, 0),
            cached: calls.reduce((x, u) => x + u.cachedTokens, 0),
            ms: performance.now() - t0,
          });
        }
      }
      const avg = (f: (e: (typeof perEssay)[number]) => number) => perEssay.reduce((x, e) => x + f(e), 0) / perEssay.length;
      const prompt = avg((e) => e.prompt);
      const cached = avg((e) => e.cached);
      const completion = avg((e) => e.completion);
      const cost = ((prompt - cached) * PRICES.input + cached * PRICES.cached + completion * PRICES.output) / 1e6;
      // The prompts the fake LLM received: how many anchor answers (기준 답안) each carried, and where.
      // An anchor is fenced by a line that is ANCHOR_OPEN alone (the instructions name the fence in a sentence).
      const fenced = (text: string) => text.split("\n").filter((line) => line === ANCHOR_OPEN).length;
      const anchorCounts = llm.requests.map((r) => fenced(r.system));
      const inUser = llm.requests.filter((r) => fenced(r.user) > 0).length;
      say(
        `  ${conf.label.padEnd(19)} prompts received: ${llm.requests.length}, anchors in the system prompt per call ` +
          `${Math.min(...anchorCounts)}–${Math.max(...anchorCounts)} (configured ${conf.anchors}), in the user message ${inUser}`,
      );
      say(
        `  ${conf.label.padEnd(19)} ${perEssay.length} answers: ${avg((e) => e.calls).toFixed(1)} calls, ` +
          `tokens in ${Math.round(prompt)} (cached ${Math.round(cached)}) / out ${Math.round(completion)} ` +
          `= ${Math.round(prompt + completion)} per answer, $${cost.toFixed(5)} per answer ` +
          `at $${PRICES.input}/$${PRICES.cached}/$${PRICES.output} per 1M in/cached/out; ` +
          `median ${fmtMs(stats(perEssay.map((e) => e.ms)).median)} per answer with the fake (no model latency)`,
      );
    } finally {
      await llm.stop();
    }
  }
  say("");
}

async function all() {
  if (process.env.BENCH_ONLY_WEB === "1") return webScenario(say);
  if (process.env.BENCH_SKIP_OFFLINE !== "1" && process.env.BENCH_ONLY_MODES !== "1") offlineScenario();
  if (process.env.BENCH_SKIP_MODES !== "1" && process.env.BENCH_ONLY_OFFLINE !== "1") await modesScenario();
  if (process.env.BENCH_ONLY_OFFLINE === "1" || process.env.BENCH_ONLY_MODES === "1") return;
  if (process.env.BENCH_ONLY_FLEET !== "1") await main();
  if (process.env.BENCH_SKIP_FLEET !== "1") await fleetScenario();
  if (process.env.BENCH_SKIP_BUNDLE !== "1" && process.env.BENCH_ONLY_FLEET !== "1") bundleScenario();
  if (process.env.BENCH_SKIP_WEB !== "1" && process.env.BENCH_ONLY_FLEET !== "1") await webScenario(say);
}

all().then(
  () => process.exit(0),
  (err) => {
    console.error(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    process.exit(1);
  },
);
