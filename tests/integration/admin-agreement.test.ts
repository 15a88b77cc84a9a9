// GET /admin/agreement: teacher–AI agreement across all sessions, through the real worker with the fake
// model: reviewed answers of every teacher count (a category per name and points), unreviewed ones do
// not; admins only.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, closeTestSql, createAdmin, createMember, type TestUser } from "../helpers/users.ts";
import { createSession, FIXTURE_ESSAY, FIXTURE_MEDIUM, submitEssay, waitForEnd } from "../helpers/grading.ts";
import { reviewBodyOf } from "../helpers/review.ts";
import type { ReviewedReport } from "../../supabase/functions/_shared/review.ts";

const OFFTOPIC = readFileSync(join(import.meta.dirname, "../fixtures/essays/offtopic.txt"), "utf8");

let admin: TestUser;
let teachers: TestUser[];
let ids: { teacher: TestUser; id: string }[];

const agreement = (token: string) => api(`/admin/agreement`, { token });

beforeAll(async () => {
  [admin, ...teachers] = await Promise.all([createAdmin(), createMember(), createMember()]);
  ids = [];
  for (const [t, essays] of [
    [teachers[0], [FIXTURE_ESSAY, FIXTURE_MEDIUM]],
    [teachers[1], [OFFTOPIC, FIXTURE_MEDIUM]],
  ] as const) {
    const sessionId = await createSession(t);
    for (const essay of essays) ids.push({ teacher: t, id: await submitEssay(t, sessionId, essay) });
  }
  for (const { id } of ids) expect((await waitForEnd(id, 90_000)).status).toBe("completed");
}, 240_000);

afterAll(async () => {
  await closeTestSql();
});

describe("admin agreement across all sessions", () => {
  it("is for admins only", async () => {
    expect((await agreement(teachers[0].token)).status).toBe(403);
    expect((await api(`/admin/agreement`)).status).toBe(401);
  });

  it("counts the reviewed answers of every teacher and session, per category and points", async () => {
    const before = (await agreement(admin.token)).body.reviewed as number;
    // Three answers of two teachers reviewed: each lowers the first category by 4 points.
    for (const { teacher, id } of ids.slice(0, 3)) {
      const r = (await api<ReviewedReport>(`/submissions/${id}/report`, { token: teacher.token })).body;
      const categories = reviewBodyOf(r).categories.map((c, i) => (i === 0 ? { ...c, score: Math.max(0, c.score - 4) } : c));
      const saved = await api(`/submissions/${id}/review`, { method: "PUT", token: teacher.token, json: reviewBodyOf(r, { categories }) });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect((await api(`/submissions/${id}/review/complete`, { method: "POST", token: teacher.token })).status).toBe(200);
    }
    const res = await agreement(admin.token);
    expect(res.status).toBe(200);
    expect(res.body.reviewed).toBe(before + 3);
    expect(res.body.sessions).toBeGreaterThanOrEqual(2);
    expect(res.body.teachers).toBeGreaterThanOrEqual(2);
    const logic = res.body.categories.find((c: { name: string }) => c.name === "논리 구조 (40)");
    expect(logic.count).toBeGreaterThanOrEqual(3);
    expect(logic.meanAbsDiff).toBeGreaterThan(0);
    expect(typeof res.body.qwk === "number" || res.body.qwk === null).toBe(true);
  });
});
