// Teacher review (검토) and student links through the API against the real stack: a changed score
// moves the total in the report, the TXT and the CSV while the AI original stays; only the owner
// reads or changes a review and its links; the database refuses direct writes by members (what
// PostgREST would run as `authenticated` / `anon` with the publishable key); a link works signed
// out until it expires or is revoked, and only the hash of its token is stored.
import { createHash, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, closeTestSql, createMember, testSql, type TestUser } from "../helpers/users.ts";
import { readStack } from "../helpers/stack.ts";
import { createSession } from "../helpers/grading.ts";
import type { CreatedShare, ReviewedReport, SharedReport } from "../../supabase/functions/_shared/review.ts";
import type { Submission } from "../../supabase/functions/_shared/types.ts";
import { reviewBodyOf } from "../helpers/review.ts";

const fixtures = join(import.meta.dirname, "../fixtures/essays");
const PROMPT = readFileSync(join(fixtures, "prompt.txt"), "utf8");
const ESSAY = readFileSync(join(fixtures, "strong.txt"), "utf8");
const sql = () => testSql();
const KOREAN = /[가-힣]/;
const GONE = "링크가 만료되었거나 취소되었습니다.";

let owner: TestUser;
let other: TestUser;
let sessionId: string;
let submissionId: string;
let ai: ReviewedReport;

async function waitForStatus(id: string, timeoutMs = 45_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await sql()`select status from public.essay_submissions where id = ${id}`;
    if (row && (row.status === "completed" || row.status === "error")) return row.status as string;
    if (Date.now() > end) throw new Error(`submission ${id} still ${row?.status}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Runs `fn` as PostgREST would for a request with this token (role + JWT claims), or as anon. */
async function asRole<T>(userId: string | null, fn: (tx: any) => Promise<T>): Promise<T | Error> {
  return sql()
    .begin(async (tx) => {
      await tx.unsafe(userId ? "set local role authenticated" : "set local role anon");
      const claims = userId ? { sub: userId, role: "authenticated", aud: "authenticated", session_id: randomUUID() } : { role: "anon" };
      await tx`select set_config('request.jwt.claims', ${JSON.stringify(claims)}, true)`;
      return fn(tx);
    })
    .catch((e: Error) => e) as Promise<T | Error>;
}

const bodyOf = reviewBodyOf;

const report = async (token = owner.token) => (await api<ReviewedReport>(`/submissions/${submissionId}/report`, { token })).body;

async function download(path: string, user: TestUser) {
  const res = await fetch(`${readStack().apiUrl}${path}`, { headers: user.headers });
  return { res, text: (await res.text()).replace(/^\uFEFF/, "") };
}

beforeAll(async () => {
  [owner, other] = await Promise.all([createMember(), createMember()]);
  sessionId = await createSession(owner, PROMPT, "검토_문제.txt");
  const res = await api(`/sessions/${sessionId}/submissions`, {
    token: owner.token,
    json: { essayContent: ESSAY, studentName: "검토학생", studentId: "20249999" },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  submissionId = res.body.id;
  expect(await waitForStatus(submissionId)).toBe("completed");
  ai = await report();
}, 90_000);

afterAll(async () => {
  await closeTestSql();
});

describe("teacher review", () => {
  it("an unreviewed report is the AI's, not reviewed, with the original beside it and an empty log", () => {
    expect(ai.reviewed).toBe(false);
    expect(ai.edited).toBe(false);
    expect(ai.reviewedAt).toBeNull();
    expect(ai.edits).toEqual([]);
    expect(ai.original.overallScore).toBe(ai.overallScore);
    expect(ai.original.categories).toEqual(ai.categories);
    expect(ai.categories.length).toBeGreaterThanOrEqual(2);
  });

  it("a changed category score moves the total (computed by the server); the AI original stays stored and shown", async () => {
    const first = ai.categories[0];
    const newScore = first.score >= 5 ? first.score - 5 : first.score + 5;
    const body = bodyOf(ai);
    body.categories[0].score = newScore;
    body.categories[0].feedback = "선생님 의견: 서론을 더 짧게 쓰세요.";
    body.strengths = [...ai.strengths.slice(1), "선생님이 추가한 장점"];
    const res = await api<ReviewedReport>(`/submissions/${submissionId}/review`, { method: "PUT", token: owner.token, json: body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const expectedTotal = Math.round((ai.overallScore - first.score + newScore) * 10) / 10;
    expect(res.body.overallScore).toBe(expectedTotal);
    expect(res.body.categories[0].score).toBe(newScore);
    expect(res.body.edited).toBe(true);
    expect(res.body.reviewed).toBe(false);

    const r = await report();
    expect(r.overallScore).toBe(expectedTotal);
    expect(r.strengths.at(-1)).toBe("선생님이 추가한 장점");
    expect(r.original.overallScore).toBe(ai.overallScore);
    expect(r.original.categories[0].score).toBe(first.score);
    expect(r.original.strengths).toEqual(ai.strengths);
    const fields = r.edits.map((e) => e.field);
    expect(fields).toContain(`category:${first.name}`);
    expect(fields).toContain("strengths");
    const edit = r.edits.find((e) => e.field === `category:${first.name}`)!;
    expect(edit.before).toEqual({ score: first.score, feedback: first.feedback });
    expect(edit.after).toEqual({ score: newScore, feedback: "선생님 의견: 서론을 더 짧게 쓰세요." });
    expect(edit.by).toBe(owner.user.username);
    expect(Date.parse(edit.at)).not.toBeNaN();

    // The session's list (the dashboard's 목록 / 표 / 요약) shows the reviewed scores, like the report and the CSV.
    const list = await api<Submission[]>(`/sessions/${sessionId}/submissions`, { token: owner.token });
    const item = list.body.find((x) => x.id === submissionId)!;
    expect(item.score).toBe(expectedTotal);
    expect(item.result?.overallScore).toBe(expectedTotal);
    expect(item.result?.categoryScores).toEqual(res.body.categories.map((c) => ({ name: c.name, score: c.score, maxScore: c.maxScore })));
    expect(item.result?.flags).toEqual(ai.flags);

    // The worker's columns are untouched.
    const [row] = await sql()`select overall_score, category_scores from public.analysis_results where submission_id = ${submissionId}`;
    expect(Number(row.overall_score)).toBe(ai.overallScore);
    expect(row.category_scores[0].score).toBe(first.score);

    // Sending the same version again logs nothing.
    const again = await api<ReviewedReport>(`/submissions/${submissionId}/review`, { method: "PUT", token: owner.token, json: bodyOf(r) });
    expect(again.status).toBe(200);
    expect(again.body.edits.length).toBe(r.edits.length);
  });

  it("a total sent by the client is ignored", async () => {
    const r = await report();
    const res = await api<ReviewedReport>(`/submissions/${submissionId}/review`, {
      method: "PUT",
      token: owner.token,
      json: { ...bodyOf(r), overallScore: 999, maxScore: 1 },
    });
    expect(res.status).toBe(200);
    expect(res.body.overallScore).toBe(r.overallScore);
    expect(res.body.maxScore).toBe(r.maxScore);
  });

  it("the teacher adds an annotation on a span of the answer and deletes one of the AI's", async () => {
    const r = await report();
    const free = (s: number, e: number) => r.annotations.every((a) => e <= a.start || s >= a.end);
    let start = 0;
    while (!free(start, start + 8) || r.answer.slice(start, start + 8).trim().length < 8) start += 1;
    const added = {
      start,
      end: start + 8,
      quote: r.answer.slice(start, start + 8),
      kind: "고칠 점" as const,
      category: r.categories[1].name,
      comment: "더 구체적으로 쓰세요.",
      rewrite: "구체적인 표현",
    };
    const kept = r.annotations
      .slice(1)
      .map(({ start, end, quote, kind, category, comment, rewrite }) => ({ start, end, quote, kind, category, comment, rewrite }));
    const res = await api<ReviewedReport>(`/submissions/${submissionId}/review`, {
      method: "PUT",
      token: owner.token,
      json: bodyOf(r, { annotations: [...kept, added] }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const mine = res.body.annotations.find((a) => a.start === start)!;
    expect(mine).toMatchObject({ quote: added.quote, source: "teacher", rewrite: "구체적인 표현", comment: "더 구체적으로 쓰세요." });
    expect(res.body.annotations.length).toBe(r.annotations.length);
    if (r.annotations.length > 0) {
      expect(res.body.annotations.some((a) => a.start === r.annotations[0].start && a.end === r.annotations[0].end)).toBe(false);
      expect(res.body.original.annotations.length).toBe(ai.annotations.length);
    }
    expect(res.body.edits.some((e) => e.field === "annotations")).toBe(true);
  });

  it("refuses bad reviews with Korean 400s and changes nothing", async () => {
    const r = await report();
    const c = r.categories[0];
    const cases: { body: unknown; message?: string }[] = [
      {
        body: bodyOf(r, {
          categories: r.categories.map((x, i) => ({ name: x.name, feedback: x.feedback, score: i === 0 ? c.maxScore + 1 : x.score })),
        }),
        message: `'${c.name}' 점수는 0점에서 ${c.maxScore}점 사이로 입력해 주세요.`,
      },
      {
        body: bodyOf(r, {
          categories: r.categories.map((x, i) => ({ name: x.name, feedback: x.feedback, score: i === 0 ? -1 : x.score })),
        }),
        message: "점수는 0점 이상이어야 합니다.",
      },
      {
        body: bodyOf(r, {
          categories: r.categories.map((x, i) => ({ name: x.name, feedback: x.feedback, score: i === 0 ? 1.25 : x.score })),
        }),
      },
      { body: { ...bodyOf(r), categories: [{ ...bodyOf(r).categories[0], score: "10" }, ...bodyOf(r).categories.slice(1)] } },
      {
        body: bodyOf(r, { categories: bodyOf(r).categories.slice(1) }),
        message: "채점 항목이 리포트와 일치하지 않습니다. 새로고침한 뒤 다시 시도해 주세요.",
      },
      { body: bodyOf(r, { categories: [...bodyOf(r).categories.slice(1), { name: "없는 항목", score: 1, feedback: "" }] }) },
      {
        body: bodyOf(r, {
          annotations: [{ start: 0, end: 5, quote: "없는 인용문", kind: "질문", category: c.name, comment: "?", rewrite: null }],
        }),
        message: "첨삭할 부분이 답안과 일치하지 않습니다. 답안에서 다시 선택해 주세요.",
      },
      {
        body: bodyOf(r, {
          annotations: [
            { start: r.answer.length, end: r.answer.length + 3, quote: "abc", kind: "질문", category: c.name, comment: "?", rewrite: null },
          ],
        }),
      },
      {
        body: bodyOf(r, {
          annotations: [
            { start: 0, end: 6, quote: r.answer.slice(0, 6), kind: "질문", category: c.name, comment: "하나", rewrite: null },
            { start: 3, end: 9, quote: r.answer.slice(3, 9), kind: "질문", category: c.name, comment: "둘", rewrite: null },
          ],
        }),
        message: "첨삭 표시가 서로 겹칩니다. 겹치지 않게 선택해 주세요.",
      },
      {
        body: bodyOf(r, {
          annotations: [
            { start: 0, end: 6, quote: r.answer.slice(0, 6), kind: "칭찬" as never, category: c.name, comment: "x", rewrite: null },
          ],
        }),
        message: "첨삭 종류는 잘한 점, 고칠 점, 질문 중 하나여야 합니다.",
      },
      {
        body: bodyOf(r, {
          annotations: [
            { start: 0, end: 6, quote: r.answer.slice(0, 6), kind: "질문", category: "없는 항목", comment: "x", rewrite: null },
          ],
        }),
        message: "첨삭의 평가 항목이 채점 기준에 없습니다.",
      },
      {
        body: bodyOf(r, {
          annotations: [
            { start: 0, end: 6, quote: r.answer.slice(0, 6), kind: "질문", category: c.name, comment: "가".repeat(301), rewrite: null },
          ],
        }),
        message: "첨삭 내용은 300자까지 입력할 수 있습니다.",
      },
      {
        body: bodyOf(r, {
          annotations: [{ start: 0, end: 6, quote: r.answer.slice(0, 6), kind: "질문", category: c.name, comment: "   ", rewrite: null }],
        }),
        message: "첨삭 내용을 입력해 주세요.",
      },
      { body: bodyOf(r, { strengths: Array.from({ length: 21 }, () => "장점") }), message: "항목은 20개까지 입력할 수 있습니다." },
      { body: bodyOf(r, { detailedFeedback: "가".repeat(5001) }) },
      {
        body: bodyOf(r, {
          annotations: Array.from({ length: 41 }, (_, i) => ({
            start: i,
            end: i + 1,
            quote: r.answer[i],
            kind: "질문" as const,
            category: c.name,
            comment: "x",
            rewrite: null,
          })),
        }),
        message: "첨삭 표시는 40개까지 추가할 수 있습니다.",
      },
      { body: "not json{" },
      { body: null },
    ];
    const before = await sql()`select review, (select count(*)::int from public.result_edits x where x.result_id = r.id) as n
                                  from public.analysis_results r where submission_id = ${submissionId}`;
    for (const { body, message } of cases) {
      const res =
        typeof body === "string"
          ? await api(`/submissions/${submissionId}/review`, {
              method: "PUT",
              token: owner.token,
              body,
              headers: { "Content-Type": "application/json" },
            })
          : await api(`/submissions/${submissionId}/review`, { method: "PUT", token: owner.token, json: body });
      expect(res.status, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect(res.body.error).toMatch(KOREAN);
      if (message) expect(res.body.error).toBe(message);
    }
    const after = await sql()`select review, (select count(*)::int from public.result_edits x where x.result_id = r.id) as n
                                 from public.analysis_results r where submission_id = ${submissionId}`;
    expect(after).toEqual(before);
  });

  it("the TXT download and the CSV carry the reviewed total and say whether it was reviewed", async () => {
    const r = await report();
    const txt = await download(`/submissions/${submissionId}/report/download`, owner);
    expect(txt.res.status).toBe(200);
    expect(txt.text).toContain(`총점        : ${r.overallScore} / ${r.maxScore}점`);
    expect(txt.text).not.toContain(`총점        : ${ai.overallScore} / `);
    expect(txt.text).toContain("검토        : 수정 저장됨 · 검토 완료 전");
    expect(txt.text).toContain("선생님이 추가한 장점");

    const csv = await download(`/sessions/${sessionId}/results.csv`, owner);
    const [header, row] = csv.text.split("\r\n").map((l) => l.split(","));
    expect(header.at(-1)).toBe("검토 완료");
    expect(row[3]).toBe(String(r.overallScore));
    expect(row[header.indexOf(r.categories[0].name)]).toBe(String(r.categories[0].score));
    expect(row.at(-1)).toBe("아니오");

    const done = await api<ReviewedReport>(`/submissions/${submissionId}/review/complete`, { method: "POST", token: owner.token });
    expect(done.status).toBe(200);
    expect(done.body.reviewed).toBe(true);
    expect(Date.parse(done.body.reviewedAt!)).not.toBeNaN();
    expect(done.body.edits.at(-1)).toMatchObject({ field: "reviewStatus", after: { reviewed: true } });
    const [res] = await sql()`select reviewed_by from public.analysis_results where submission_id = ${submissionId}`;
    expect(res.reviewed_by).toBe(owner.user.id);

    const txt2 = await download(`/submissions/${submissionId}/report/download`, owner);
    expect(txt2.text).toMatch(/검토 {8}: 검토 완료 \(/);
    expect(txt2.text).toContain("※ 선생님이 검토를 마친 리포트입니다.");
    const csv2 = await download(`/sessions/${sessionId}/results.csv`, owner);
    expect(csv2.text.split("\r\n")[1].split(",").at(-1)).toBe("예");
  });
});

describe("only the owner", () => {
  it("another member gets 404 for the report, the review, 검토 완료, the links and revoking", async () => {
    const calls = [
      api(`/submissions/${submissionId}/report`, { token: other.token }),
      api(`/submissions/${submissionId}/review`, { method: "PUT", token: other.token, json: bodyOf(ai) }),
      api(`/submissions/${submissionId}/review/complete`, { method: "POST", token: other.token }),
      api(`/submissions/${submissionId}/shares`, { token: other.token }),
      api(`/submissions/${submissionId}/share`, { method: "POST", token: other.token, json: {} }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(404);
      expect(res.body.error).toMatch(KOREAN);
    }
    expect((await api(`/submissions/${submissionId}/review`, { method: "PUT", json: bodyOf(ai) })).status).toBe(401);
    expect((await api(`/submissions/not-an-id/review`, { method: "PUT", token: owner.token, json: bodyOf(ai) })).status).toBe(404);
  });

  it("the database refuses members' direct writes and hides other members' rows and token hashes", async () => {
    const [{ id: resultId }] = await sql()`select id from public.analysis_results where submission_id = ${submissionId}`;
    const writes: [string, (tx: any) => Promise<unknown>][] = [
      ["review", (tx) => tx`update public.analysis_results set review = '{"categoryScores": []}'::jsonb where id = ${resultId}`],
      ["reviewed_at", (tx) => tx`update public.analysis_results set reviewed_at = now() where id = ${resultId}`],
      ["edit insert", (tx) => tx`insert into public.result_edits (result_id, user_id, field) values (${resultId}, ${owner.user.id}, 'x')`],
      ["edit delete", (tx) => tx`delete from public.result_edits where result_id = ${resultId}`],
      [
        "share insert",
        (tx) => tx`insert into public.report_shares (submission_id, user_id, token_hash, expires_at)
                                   values (${submissionId}, ${owner.user.id}, ${createHash("sha256").update("x").digest()}, now() + interval '1 day')`,
      ],
      ["share update", (tx) => tx`update public.report_shares set revoked_at = null, expires_at = now() + interval '900 days'`],
      ["hash read", (tx) => tx`select token_hash from public.report_shares`],
    ];
    for (const who of [owner.user.id, null]) {
      for (const [what, run] of writes) {
        const err = await asRole(who, run);
        expect(err, `${what} as ${who ?? "anon"}`).toBeInstanceOf(Error);
        expect(String((err as Error).message)).toMatch(/permission denied/);
      }
    }
    const seenEdits = async (who: string | null) =>
      asRole(who, (tx) => tx`select id from public.result_edits where result_id = ${resultId}`);
    expect(((await seenEdits(owner.user.id)) as unknown[]).length).toBeGreaterThan(0);
    expect(await seenEdits(other.user.id)).toEqual([]);
  });
});

describe("student links", () => {
  let share: CreatedShare;

  it("refuses a link to a report not yet reviewed (409) and bad lifetimes (400)", async () => {
    const res = await api(`/sessions/${sessionId}/submissions`, {
      token: owner.token,
      json: { essayContent: ESSAY, studentName: "미검토", studentId: "1" },
    });
    expect(res.status).toBe(201);
    expect(await waitForStatus(res.body.id)).toBe("completed");
    const refused = await api(`/submissions/${res.body.id}/share`, { method: "POST", token: owner.token, json: {} });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe("검토 완료한 리포트만 학생에게 공유할 수 있습니다.");
    for (const expiresInDays of [0, 91, 1.5, "7"]) {
      const bad = await api(`/submissions/${submissionId}/share`, { method: "POST", token: owner.token, json: { expiresInDays } });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe("링크 유효 기간은 1일에서 90일 사이로 정해 주세요.");
    }
  }, 60_000);

  it("creates an unguessable link (only its SHA-256 stored) that expires after the chosen days", async () => {
    const res = await api<CreatedShare>(`/submissions/${submissionId}/share`, { method: "POST", token: owner.token, json: {} });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    share = res.body;
    expect(share.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(share.token, "base64url")).toHaveLength(32);
    expect(share.url.endsWith(`/r/${share.token}`)).toBe(true);
    const days = (Date.parse(share.expiresAt) - Date.parse(share.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(14, 3);
    const [row] = await sql()`select to_jsonb(x) as j, token_hash from public.report_shares x where id = ${share.id}`;
    expect(Buffer.from(row.token_hash).equals(createHash("sha256").update(share.token).digest())).toBe(true);
    expect(JSON.stringify(row.j)).not.toContain(share.token);
    const second = await api<CreatedShare>(`/submissions/${submissionId}/share`, {
      method: "POST",
      token: owner.token,
      json: { expiresInDays: 1 },
    });
    expect(second.status).toBe(201);
    expect(second.body.token).not.toBe(share.token);
    expect((Date.parse(second.body.expiresAt) - Date.parse(second.body.createdAt)) / 86_400_000).toBeCloseTo(1, 3);
    const list = await api(`/submissions/${submissionId}/shares`, { token: owner.token });
    expect(list.status).toBe(200);
    expect(list.body.shares.map((s: { id: string }) => s.id)).toEqual([second.body.id, share.id]);
    expect(JSON.stringify(list.body)).not.toContain(share.token);
  });

  it("opens signed out with the reviewed report and nothing else of the teacher's", async () => {
    const r = await report();
    const res = await api<SharedReport>(`/shared/${share.token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.body.overallScore).toBe(r.overallScore);
    expect(res.body.overallScore).not.toBe(ai.overallScore);
    expect(res.body.reviewed).toBe(true);
    expect(res.body.categories).toEqual(r.categories);
    expect(res.body.annotations).toEqual(r.annotations);
    expect(res.body.answer).toBe(r.answer);
    expect(res.body.studentInfo).toEqual({ name: "검토학생" });
    const text = JSON.stringify(res.body);
    for (const secret of [
      owner.user.id,
      owner.username,
      owner.email!,
      submissionId,
      sessionId,
      "검토_문제",
      "original",
      "edits",
      "flags",
      "20249999",
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it("a malformed, unknown, expired or revoked link is the same Korean 404", async () => {
    const unknown = Buffer.alloc(32, 7).toString("base64url");
    for (const t of ["short", unknown, `${share.token}x`]) {
      const res = await api(`/shared/${t}`);
      expect(res.status).toBe(404);
      expect(res.body.error).toBe(GONE);
    }
    await sql()`update public.report_shares set expires_at = now() - interval '1 second' where id = ${share.id}`;
    const expired = await api(`/shared/${share.token}`);
    expect(expired.status).toBe(404);
    expect(expired.body.error).toBe(GONE);
    await sql()`update public.report_shares set expires_at = now() + interval '1 day' where id = ${share.id}`;
    expect((await api(`/shared/${share.token}`)).status).toBe(200);

    expect((await api(`/shares/${share.id}`, { method: "DELETE", token: other.token })).status).toBe(404);
    expect((await api(`/shared/${share.token}`)).status).toBe(200);
    const revoked = await api(`/shares/${share.id}`, { method: "DELETE", token: owner.token });
    expect(revoked.status).toBe(200);
    expect(revoked.body.active).toBe(false);
    const gone = await api(`/shared/${share.token}`);
    expect(gone.status).toBe(404);
    expect(gone.body.error).toBe(GONE);
  });
});
