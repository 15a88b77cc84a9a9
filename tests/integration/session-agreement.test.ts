// Teacher–AI agreement of a session through the API against the real stack: only the count below three
// reviewed answers (검토 완료), then per category the mean absolute difference, the share within 10 %,
// the bias and the kappas of the AI's original against the teacher's final scores; only the owner reads it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, closeTestSql, createMember, testSql, type TestUser } from "../helpers/users.ts";
import { createSession } from "../helpers/grading.ts";
import type { ReviewedReport } from "../../supabase/functions/_shared/review.ts";
import { quadraticWeightedKappa, type SessionAgreement } from "../../supabase/functions/_shared/agreement.ts";
import { reviewBodyOf } from "../helpers/review.ts";

const fixtures = join(import.meta.dirname, "../fixtures/essays");
const PROMPT = readFileSync(join(fixtures, "prompt.txt"), "utf8");
const ESSAYS = ["strong.txt", "medium.txt", "offtopic.txt"].map((f) => readFileSync(join(fixtures, f), "utf8"));

let owner: TestUser;
let other: TestUser;
let sessionId: string;
let submissionIds: string[];
let reports: ReviewedReport[];

async function waitForCompleted(id: string, timeoutMs = 60_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await testSql()`select status from public.essay_submissions where id = ${id}`;
    if (row?.status === "completed") return;
    if (row?.status === "error" || Date.now() > end) throw new Error(`submission ${id} is ${row?.status}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const agreement = (token = owner.token) => api<SessionAgreement>(`/sessions/${sessionId}/agreement`, { token });
const complete = (id: string) => api(`/submissions/${id}/review/complete`, { method: "POST", token: owner.token });

beforeAll(async () => {
  [owner, other] = await Promise.all([createMember(), createMember()]);
  sessionId = await createSession(owner, PROMPT, "일치도_문제.txt");
  submissionIds = [];
  for (const [i, essay] of ESSAYS.entries()) {
    const res = await api(`/sessions/${sessionId}/submissions`, {
      token: owner.token,
      json: { essayContent: essay, studentName: `학생${i + 1}`, studentId: `2024000${i + 1}` },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    submissionIds.push(res.body.id);
  }
  for (const id of submissionIds) await waitForCompleted(id);
  reports = await Promise.all(
    submissionIds.map(async (id) => (await api<ReviewedReport>(`/submissions/${id}/report`, { token: owner.token })).body),
  );
}, 180_000);

afterAll(async () => {
  await closeTestSql();
});

describe("session agreement", () => {
  it("gives only the count until three answers are reviewed; edits alone do not count", async () => {
    const none = await agreement();
    expect(none.status, JSON.stringify(none.body)).toBe(200);
    expect(none.body).toEqual({ reviewed: 0, categories: null, qwk: null });

    // Answer 1: the teacher sets the first category to 0 and completes the review.
    const body = reviewBodyOf(reports[0]);
    body.categories[0].score = 0;
    expect((await api(`/submissions/${submissionIds[0]}/review`, { method: "PUT", token: owner.token, json: body })).status).toBe(200);
    expect((await agreement()).body.reviewed).toBe(0);
    expect((await complete(submissionIds[0])).status).toBe(200);
    // Answer 2: completed without edits (the teacher agrees with the AI).
    expect((await complete(submissionIds[1])).status).toBe(200);
    expect((await agreement()).body).toEqual({ reviewed: 2, categories: null, qwk: null });
  });

  it("with three reviewed answers gives the numbers of the AI's original against the teacher's final scores", async () => {
    // Answer 3: the teacher gives the first category its full points.
    const body = reviewBodyOf(reports[2]);
    const max = reports[2].categories[0].maxScore;
    body.categories[0].score = max;
    expect((await api(`/submissions/${submissionIds[2]}/review`, { method: "PUT", token: owner.token, json: body })).status).toBe(200);
    expect((await complete(submissionIds[2])).status).toBe(200);

    const res = await agreement();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.reviewed).toBe(3);
    const ai = reports.map((r) => r.original.categories[0].score);
    const teacher = [0, ai[1], max];
    const diffs = ai.map((s, i) => s - teacher[i]);
    const first = res.body.categories![0];
    expect(first.name).toBe(reports[0].categories[0].name);
    expect(first.meanAbsDiff).toBeCloseTo(diffs.reduce((s, d) => s + Math.abs(d), 0) / 3, 2);
    expect(first.bias).toBeCloseTo(diffs.reduce((s, d) => s + d, 0) / 3, 2);
    expect(first.withinTenPercent).toBeCloseTo(diffs.filter((d) => Math.abs(d) <= max * 0.1 + 1e-9).length / 3, 3);
    const kappa = quadraticWeightedKappa(ai, teacher, max);
    if (kappa === null) expect(first.qwk).toBeNull();
    else expect(first.qwk).toBeCloseTo(kappa, 3);
    // The other categories were not changed: no difference, all within 10 %.
    for (const c of res.body.categories!.slice(1)) {
      expect(c).toMatchObject({ meanAbsDiff: 0, withinTenPercent: 1, bias: 0 });
    }
    expect(res.body.categories!.length).toBe(reports[0].original.categories.length);
  });

  it("is the owner's only: another member, a malformed id and no token are refused", async () => {
    const theirs = await agreement(other.token);
    expect(theirs.status).toBe(404);
    expect(JSON.stringify(theirs.body)).toMatch(/[가-힣]/);
    expect((await api(`/sessions/not-an-id/agreement`, { token: owner.token })).status).toBe(404);
    expect((await api(`/sessions/${sessionId}/agreement`, {})).status).toBe(401);
  });
});
