// Calibration from the teacher's edits, through the real worker with the fake model: a reviewed
// answer becomes a 기준 답안 with one click (POST /submissions/:id/anchor), its final (reviewed) scores
// as the anchor's; unreviewed answers, answers graded under an older rubric, duplicates and a 4th
// anchor are refused in Korean; the promoted anchor then reaches the model's prompt.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, closeTestSql, createMember, setPlan, testSql, type TestUser } from "../helpers/users.ts";
import { createSession, fakeLlmRequests, FIXTURE_ESSAY, FIXTURE_MEDIUM, submitEssay, waitForEnd } from "../helpers/grading.ts";
import { reviewBodyOf } from "../helpers/review.ts";
import type { ReviewedReport } from "../../supabase/functions/_shared/review.ts";

const OFFTOPIC = readFileSync(join(import.meta.dirname, "../fixtures/essays/offtopic.txt"), "utf8");
const ESSAYS = [FIXTURE_ESSAY, FIXTURE_MEDIUM, OFFTOPIC, `${FIXTURE_MEDIUM}\n덧붙여, 결론을 한 번 더 정리합니다.`];

let owner: TestUser;
let sessionId: string;
let ids: string[];

const promote = (id: string, token = owner.token) => api(`/submissions/${id}/anchor`, { method: "POST", token });
const report = async (id: string) => (await api<ReviewedReport>(`/submissions/${id}/report`, { token: owner.token })).body;

/** Saves a review lowering the first category by `by` points, then marks it 검토 완료; the reviewed report. */
async function review(id: string, by = 0): Promise<ReviewedReport> {
  const r = await report(id);
  const categories = reviewBodyOf(r).categories.map((c, i) => (i === 0 ? { ...c, score: Math.max(0, c.score - by) } : c));
  const saved = await api(`/submissions/${id}/review`, { method: "PUT", token: owner.token, json: reviewBodyOf(r, { categories }) });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  expect((await api(`/submissions/${id}/review/complete`, { method: "POST", token: owner.token })).status).toBe(200);
  return report(id);
}

beforeAll(async () => {
  owner = await createMember();
  await setPlan(owner, "educator");
  sessionId = await createSession(owner);
  ids = [];
  for (const [i, essay] of ESSAYS.entries()) ids.push(await submitEssay(owner, sessionId, essay, { studentName: `학생${i + 1}` }));
  for (const id of ids) expect((await waitForEnd(id, 90_000)).status).toBe("completed");
}, 240_000);

afterAll(async () => {
  await closeTestSql();
});

describe("a reviewed answer becomes a 기준 답안", () => {
  it("refuses an answer that is not reviewed, and another teacher's answer", async () => {
    const res = await promote(ids[0]);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe("검토 완료한 답안만 기준 답안으로 만들 수 있습니다.");
    const other = await createMember();
    expect((await promote(ids[0], other.token)).status).toBe(404);
    expect((await promote("not-a-uuid")).status).toBe(404);
  });

  it("copies the final (reviewed) scores and the text, once", async () => {
    const reviewed = await review(ids[0], 3);
    const res = await promote(ids[0]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.message).toMatch(/기준 답안/);
    expect(res.body.categoryScores).toEqual(reviewed.categories.map((c) => ({ name: c.name, score: c.score })));
    expect(res.body.totalScore).toBe(reviewed.overallScore);
    expect(reviewed.overallScore).toBeLessThan(reviewed.original!.overallScore); // the teacher's, not the AI's
    const [row] = await testSql()`select content from public.session_anchors where id = ${res.body.id}`;
    expect(row.content).toBe(FIXTURE_ESSAY.trim());

    const again = await promote(ids[0]);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe("이미 기준 답안으로 추가된 답안입니다.");
  });

  it("respects the limit of 3 anchors", async () => {
    for (const id of ids.slice(1)) await review(id);
    expect((await promote(ids[1])).status).toBe(201);
    expect((await promote(ids[2])).status).toBe(201);
    const full = await promote(ids[3]);
    expect(full.status).toBe(409);
    expect(full.body.error).toBe("기준 답안은 작업마다 최대 3개까지 추가할 수 있습니다.");
    const [{ n }] = await testSql()`select count(*)::int as n from public.session_anchors where session_id = ${sessionId}`;
    expect(n).toBe(3);
  });

  it("the promoted anchors reach the model's prompt on the next answer", async () => {
    const marker = `ok:promoted-${randomUUID()}`;
    const id = await submitEssay(owner, sessionId, `${FIXTURE_MEDIUM}\n[[llm:${marker}]]`, { studentName: "다음 학생" });
    expect((await waitForEnd(id, 90_000)).status).toBe("completed");
    const [req] = await fakeLlmRequests(marker);
    expect(req.system).toContain("## 기준 답안 (교사가 채점한 예시)");
    expect(req.system).toContain(FIXTURE_ESSAY.trim().slice(0, 60));
    expect((await report(id)).anchorsUsed).toBe(3);
  }, 120_000);

  it("refuses an answer graded under an older rubric", async () => {
    const anchors = await testSql()`select id from public.session_anchors where session_id = ${sessionId}`;
    for (const a of anchors) {
      expect((await api(`/sessions/${sessionId}/anchors/${a.id}`, { method: "DELETE", token: owner.token })).status).toBe(200);
    }
    const rubric = [
      { name: "논리 구조", maxScore: 30 },
      { name: "근거의 타당성", maxScore: 40 },
      { name: "언어 표현", maxScore: 30 },
    ];
    expect((await api(`/sessions/${sessionId}`, { method: "PATCH", token: owner.token, json: { rubric } })).status).toBe(200);
    const res = await promote(ids[3]);
    expect(res.status).toBe(409);
    expect(res.body.error).toMatch(/이전 평가 기준/);
  });
});
