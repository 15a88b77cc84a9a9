// Bounds on what a teacher's review writes: at most 30 review writes a minute per user (Korean 429),
// an edit log of at most 50 entries and 1 MB per answer (older entries squashed into one summary, the
// current version kept; still bounded after a re-grade, which keeps the log), and at most 200 student
// links made per user a day, revoked ones included.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, closeTestSql, createMember, testSql, type TestUser } from "../helpers/users.ts";
import { createSession, FIXTURE_ESSAY, submitEssay } from "../helpers/grading.ts";
import { waitForStatus } from "../helpers/submissions.ts";
import type { ReviewBody, ReviewedReport } from "../../supabase/functions/_shared/review.ts";
import { reviewBodyOf } from "../helpers/review.ts";

const sql = () => testSql();
const MB = 1024 * 1024;

let owner: TestUser;
let submissionId: string;
let ai: ReviewedReport;

const bodyOf = reviewBodyOf;

/** A review as large as the body's bounds allow, in one of two versions that differ in every text. */
function largeVersion(v: 0 | 1): ReviewBody {
  const ch = v === 0 ? "가" : "나";
  const list = (tag: string) => Array.from({ length: 20 }, (_, i) => `${tag}${i} ${ch.repeat(480)}`);
  return bodyOf(ai, {
    categories: ai.categories.map((c) => ({ name: c.name, score: c.score, feedback: ch.repeat(2000) })),
    strengths: list("장점"),
    improvementAreas: list("개선"),
    suggestions: list("제안"),
    detailedFeedback: ch.repeat(5000),
  });
}

const putReview = (body: ReviewBody) =>
  api<ReviewedReport & { error?: string }>(`/submissions/${submissionId}/review`, { method: "PUT", token: owner.token, json: body });

/** Starts the caller's review-write window afresh (arranging a test, not the rule under test). */
const resetReviewLimit = () => sql()`delete from public.rate_limits where identifier = ${owner.user.id} and action = 'review_write'`;

async function logSize(): Promise<{ entries: number; bytes: number }> {
  const [row] = await sql()`
    select count(*)::int as entries,
           coalesce(sum(octet_length(x.field) + coalesce(octet_length(x.before::text), 0)
                        + coalesce(octet_length(x.after::text), 0)), 0)::bigint as bytes
      from public.result_edits x
      join public.analysis_results r on r.id = x.result_id
     where r.submission_id = ${submissionId}`;
  return { entries: row.entries, bytes: Number(row.bytes) };
}

beforeAll(async () => {
  owner = await createMember();
  const sessionId = await createSession(owner);
  submissionId = await submitEssay(owner, sessionId, FIXTURE_ESSAY, { studentName: "검토학생", studentId: "20241234" });
  await waitForStatus(submissionId, ["completed"]);
  ai = (await api<ReviewedReport>(`/submissions/${submissionId}/report`, { token: owner.token })).body;
}, 90_000);

afterAll(async () => {
  await closeTestSql();
});

describe("review writes", () => {
  it("the 31st review write in a minute answers a Korean 429", async () => {
    await resetReviewLimit();
    for (let i = 0; i < 30; i++) {
      const res = await putReview(bodyOf(ai));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const over = await putReview(bodyOf(ai));
    expect(over.status).toBe(429);
    expect(over.body.error).toBe("검토 내용을 너무 자주 저장했습니다. 1분 뒤에 다시 저장해 주세요.");
    const complete = await api(`/submissions/${submissionId}/review/complete`, { method: "POST", token: owner.token });
    expect(complete.status).toBe(429);
  });

  it("60 alternating large writes leave at most 50 log entries and 1 MB, with the current version intact", async () => {
    let last = largeVersion(0);
    for (let i = 0; i < 60; i++) {
      if (i % 30 === 0) await resetReviewLimit();
      last = largeVersion(i % 2 === 0 ? 1 : 0);
      const res = await putReview(last);
      expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    }
    const size = await logSize();
    expect(size.entries).toBeLessThanOrEqual(50);
    expect(size.bytes).toBeLessThanOrEqual(MB);

    const r = (await api<ReviewedReport>(`/submissions/${submissionId}/report`, { token: owner.token })).body;
    expect(r.strengths).toEqual(last.strengths);
    expect(r.improvementAreas).toEqual(last.improvementAreas);
    expect(r.suggestions).toEqual(last.suggestions);
    expect(r.detailedFeedback).toBe(last.detailedFeedback);
    expect(r.categories.map((c) => c.feedback)).toEqual(last.categories.map((c) => c.feedback));
    // The newest entry of a field holds the current value; the oldest entries became one summary.
    const newestStrengths = r.edits.filter((e) => e.field === "strengths").at(-1);
    expect(newestStrengths?.after).toEqual(last.strengths);
    const summaries = r.edits.filter((e) => e.field === "earlierEdits");
    expect(summaries).toHaveLength(1);
    expect(r.edits[0].field).toBe("earlierEdits");
    const kept = r.edits.length - 1;
    expect((summaries[0].after as { count: number }).count + kept).toBe(60 * (3 + 1 + ai.categories.length));
  }, 180_000);

  it("a re-grade keeps the log (history of the earlier version), still bounded, and later writes stay bounded", async () => {
    const before = await logSize();
    const regrade = await api(`/submissions/${submissionId}/regrade`, { method: "POST", token: owner.token });
    expect(regrade.status, JSON.stringify(regrade.body)).toBe(200);
    await waitForStatus(submissionId, ["completed"]);
    const [row] = await sql()`select r.review from public.analysis_results r where r.submission_id = ${submissionId}`;
    expect(row.review).toBeNull();
    expect(await logSize()).toEqual(before);

    await resetReviewLimit();
    const fresh = (await api<ReviewedReport>(`/submissions/${submissionId}/report`, { token: owner.token })).body;
    ai = fresh;
    const res = await putReview(largeVersion(0));
    expect(res.status).toBe(200);
    const after = await logSize();
    expect(after.entries).toBeLessThanOrEqual(50);
    expect(after.bytes).toBeLessThanOrEqual(MB);
  }, 90_000);
});

describe("student links", () => {
  it("the 201st link made in a day answers a Korean 429, even when every earlier one was revoked", async () => {
    await resetReviewLimit();
    const done = await api(`/submissions/${submissionId}/review/complete`, { method: "POST", token: owner.token });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const lane = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const made = await api(`/submissions/${submissionId}/share`, { token: owner.token, json: { expiresInDays: 1 } });
        expect(made.status, JSON.stringify(made.body)).toBe(201);
        const revoked = await api(`/shares/${made.body.id}`, { method: "DELETE", token: owner.token });
        expect(revoked.status).toBe(200);
      }
    };
    await Promise.all([lane(50), lane(50), lane(50), lane(50)]);
    const [{ active, made }] = await sql()`
      select count(*) filter (where revoked_at is null)::int as active, count(*)::int as made
        from public.report_shares where submission_id = ${submissionId}`;
    expect({ active, made }).toEqual({ active: 0, made: 200 });

    const over = await api(`/submissions/${submissionId}/share`, { token: owner.token, json: { expiresInDays: 1 } });
    expect(over.status).toBe(429);
    expect(over.body.error).toBe("학생 공유 링크는 하루에 200개까지 만들 수 있습니다(취소한 링크 포함). 내일 다시 시도해 주세요.");
    const [{ total }] = await sql()`select count(*)::int as total from public.report_shares where submission_id = ${submissionId}`;
    expect(total).toBe(200);
  }, 180_000);
});
