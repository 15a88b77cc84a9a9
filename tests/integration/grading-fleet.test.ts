// Fleet-wide grading control and the edge limits, on a stack of its own (short run deadline, a
// small in-flight cap, its own fake LLM) so the settings do not disturb the shared test stack:
//   * the function never holds more than 3 database connections (counted in pg_stat_activity);
//   * the claim SQL never lets the jobs in flight exceed GRADING_MAX_IN_FLIGHT, whoever claims;
//   * claims are fair across users (a single answer is not queued behind another user's batch);
//   * a run whose LLM hangs returns before its deadline and gives the job back, claimable, with
//     its use kept and no attempt counted.
import postgres, { type TransactionSql } from "postgres";
import { describe, expect, it, onTestFinished } from "vitest";
import { RELAXED_RATE_LIMITS } from "../helpers/own-stack.ts";
import { useOwnStack } from "../helpers/suite.ts";
import { createSession, FIXTURE_ESSAY, submitEssay } from "../helpers/grading.ts";
import { api, createMember, testSql, type TestUser } from "../helpers/users.ts";

const CAP = 4;
const DEADLINE_MS = 8_000;
const LEASE_SECONDS = 40;

const strong = FIXTURE_ESSAY;

const own = useOwnStack({
  latencyMs: 1_500,
  dataDirPrefix: "essay-fleet-",
  llmApiKey: "fleet-key",
  env: {
    // Longer than a run: only the run deadline can end a hanging call.
    LLM_TIMEOUT_MS: "60000",
    LLM_MAX_ATTEMPTS: "3",
    LLM_BACKOFF_MS: "100",
    GRADING_CONCURRENCY: "8",
    GRADING_MAX_IN_FLIGHT: String(CAP),
    GRADING_LEASE_SECONDS: String(LEASE_SECONDS),
    GRADING_RUN_BUDGET_MS: "3000",
    GRADING_RUN_DEADLINE_MS: String(DEADLINE_MS),
    GRADING_MIN_JOB_MS: "2000",
    GRADING_SHUTDOWN_MARGIN_MS: "1500",
    ...RELAXED_RATE_LIMITS,
  },
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Inserts `n` staged answers (not yet claimable) for `user`, submitted `ageSeconds` ago in order. */
async function stage(user: TestUser, sessionId: string, n: number, marker: string, ageSeconds: number): Promise<string[]> {
  const rows = await testSql()`
    insert into public.essay_submissions (session_id, user_id, essay_content, usage_charged, submitted_at)
    select ${sessionId}, ${user.user.id}, ${`${strong}\n[[llm:${marker}]]`}, false,
           now() - make_interval(secs => ${ageSeconds}) + make_interval(secs => g * 0.001)
      from generate_series(1, ${n}) g
    returning id`;
  return rows.map((r) => r.id as string);
}

/** A new member with a session of its own and `n` answers staged in it (see stage), removed when the test ends. */
async function stageForNewTeacher(n: number, marker: string, ageSeconds: number): Promise<string[]> {
  const teacher = await createMember();
  const ids = await stage(teacher, await createSession(teacher), n, marker, ageSeconds);
  onTestFinished(() => removeJobs(ids));
  return ids;
}

async function liveInFlight(): Promise<number> {
  const [{ n }] = await testSql()`
    select count(*)::int as n from public.essay_submissions
     where status = 'analyzing' and lease_expires_at >= now()`;
  return n;
}

/** Runs fn in one transaction that is always rolled back (so the live worker never sees its rows); fn's result. */
async function rolledBack<T>(fn: (tx: TransactionSql) => Promise<T>): Promise<T> {
  const rollback = new Error("rollback");
  let result: T | undefined;
  await testSql()
    .begin(async (tx) => {
      result = await fn(tx);
      throw rollback;
    })
    .catch((err) => {
      if (err !== rollback) throw err;
    });
  return result as T;
}

/** Marks `ids` as held by another worker ('fleet-busy', lease for 60 s). */
async function markInFlight(tx: TransactionSql, ids: string[]) {
  await tx`update public.essay_submissions
              set status = 'analyzing', lease_owner = 'fleet-busy', attempts = 1,
                  lease_expires_at = now() + interval '60 seconds'
            where id = any(${ids}::uuid[])`;
}

async function removeJobs(ids: string[]) {
  if (ids.length) await testSql()`delete from public.essay_submissions where id = any(${ids}::uuid[])`;
}

describe("database connections", () => {
  it("the function holds at most 3 connections under a burst of 30 parallel requests", async () => {
    const user = await createMember();
    await createSession(user);
    const sql = testSql();
    let max = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const [{ n }] = await sql`
          select count(*)::int as n from pg_stat_activity where application_name = 'api-function'`;
        max = Math.max(max, n);
        await sleep(5);
      }
    })();
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => api(i % 2 ? "/sessions" : "/usage/status", { token: user.token }).then((r) => r.status)),
    );
    // Idle connections stay open for a while, so a count after the burst sees every one opened.
    await sleep(200);
    sampling = false;
    await sampler;
    expect(results.every((s) => s === 200)).toBe(true);
    expect(max).toBeGreaterThan(0);
    expect(max).toBeLessThanOrEqual(3);
  });
});

describe("fleet-wide claims", () => {
  it(`concurrent claimers (and the live worker) never hold more than GRADING_MAX_IN_FLIGHT = ${CAP} jobs`, async () => {
    const sql = testSql();
    const ids = await stageForNewTeacher(24, "slow:2000:cap", 5);
    await sql`update public.essay_submissions set usage_charged = true where id = any(${ids}::uuid[])`;
    let max = 0;
    let running = true;
    const sampler = (async () => {
      while (running) {
        max = Math.max(max, await liveInFlight());
        await sleep(5);
      }
    })();
    // Six claimers on six connections racing each other and the function's own worker.
    const claimers = postgres(own.stack.dbUrl, { max: 6, onnotice: () => {} });
    try {
      await Promise.all(
        Array.from({ length: 6 }, async (_, w) => {
          for (let round = 0; round < 5; round++) {
            const got = await claimers`
              select id from private.claim_grading_jobs(${`fleet-test-${w}`}, 3, 60, 3, ${CAP})`;
            expect(got.length).toBeLessThanOrEqual(3);
            max = Math.max(max, await liveInFlight());
            await sleep(20);
          }
        }),
      );
    } finally {
      running = false;
      await sampler;
      await claimers.end({ timeout: 5 });
    }
    expect(max).toBe(CAP);
  });

  it("a single answer is claimed before another user's older batch is worked through", async () => {
    const batch = await stageForNewTeacher(20, "ok:fair-a", 60);
    const [single] = await stageForNewTeacher(1, "ok:fair-b", 1);
    // Queue and claim in one transaction: the live worker cannot see the rows before the claim,
    // and the rollback leaves nothing behind.
    const first = await rolledBack(async (tx) => {
      const [{ others }] = await tx`
        select count(*)::int as others from public.essay_submissions
         where status = 'pending' and usage_charged`;
      await tx`update public.essay_submissions set usage_charged = true
                where id = any(${[...batch, single]}::uuid[])`;
      const got = await tx`select id from private.claim_grading_jobs('fleet-fair', ${others + 2}, 60, 3, null)`;
      return got.map((r) => r.id as string);
    });
    expect(first).toContain(single);
    expect(first).toContain(batch[0]);
    expect(first.filter((id) => batch.includes(id))).toEqual([batch[0]]);
  });

  it("GRADING_MAX_IN_FLIGHT_PER_USER keeps one user's batch from taking every slot", async () => {
    const batch = await stageForNewTeacher(10, "ok:per-user", 60);
    const got = await rolledBack(async (tx) => {
      await markInFlight(tx, [batch[0]]);
      await tx`update public.essay_submissions set usage_charged = true where id = any(${batch}::uuid[])`;
      const rows = await tx`select id from private.claim_grading_jobs('fleet-per-user', 10, 60, 3, null, 3)`;
      return rows.map((r) => r.id as string).filter((id) => batch.includes(id));
    });
    // One already in flight, so two more, the oldest.
    expect(got).toEqual(batch.slice(1, 3));
  });

  it("a user with jobs in flight yields the next slot to a user with none", async () => {
    const batch = await stageForNewTeacher(6, "ok:fair-a2", 60);
    const [single] = await stageForNewTeacher(1, "ok:fair-b2", 1);
    const next = await rolledBack(async (tx) => {
      await markInFlight(tx, batch.slice(0, 3));
      await tx`update public.essay_submissions set usage_charged = true
                where id = any(${[...batch, single]}::uuid[])`;
      const [{ others }] = await tx`
        select count(*)::int as others from public.essay_submissions
         where status = 'pending' and usage_charged and id <> all(${[...batch, single]}::uuid[])`;
      const got = await tx`select id from private.claim_grading_jobs('fleet-fair2', ${others + 1}, 60, 3, null)`;
      return got.map((r) => r.id as string);
    });
    expect(next).toContain(single);
  });
});

describe("run deadline", () => {
  it("a run whose LLM hangs ends before its deadline and leaves the job claimable, use kept, no attempt counted", async () => {
    const member = await createMember();
    const sid = await createSession(member);
    const id = await submitEssay(member, sid, `${strong}\n[[llm:hang:fleet-dl]]`, { studentName: "홍길동", studentId: "20240101" });
    const sql = testSql();
    const seen = new Set<string>();
    let maxAttempts = 0;
    let calls = 0;
    try {
      // One run holds the job at a time and a second run in this instance starts only after the
      // first one has returned; the lease (40 s) is far longer than the wait below, so a second
      // call to the LLM means the first run returned and gave the job back.
      for (let i = 0; i < 400 && calls < 2; i++) {
        const [row] = await sql`select status, attempts, usage_charged from public.essay_submissions where id = ${id}`;
        seen.add(row.status);
        maxAttempts = Math.max(maxAttempts, row.attempts);
        expect(row.usage_charged).toBe(true);
        calls = own.llm.requests.filter((r) => r.marker === "hang:fleet-dl").length;
        await sleep(50);
      }
      expect(calls).toBeGreaterThanOrEqual(2);
      expect(seen.has("error")).toBe(false);
      expect(seen.has("completed")).toBe(false);
      expect(maxAttempts).toBe(1);
      const usage = await api("/usage/status", { token: member.token });
      expect(usage.body.usage.current).toBe(1);
    } finally {
      await api(`/submissions/${id}`, { method: "DELETE", token: member.token });
    }
  }, 60_000);
});
