// Whole-class actions in one session through the API against the real stack: 검토 완료 for selected
// answers (ungraded ones skipped and counted), a student link for each reviewed answer (the raw link
// only in the answer, opening the shared report), deleting selected answers (uses of unclaimed ones
// given back, stored originals removed), and the session's .xlsx (one row per student, the same
// final values as the CSV). Every selection is the caller's answers of that one session, else 404.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readSheet } from "read-excel-file/node";
import { api, closeTestSql, createMember, testSql, type TestUser } from "../helpers/users.ts";
import { readStack } from "../helpers/stack.ts";
import { createSession, FIXTURE_ESSAY, FIXTURE_MEDIUM, submitEssay, waitForEnd } from "../helpers/grading.ts";
import { fileOf, utf8 } from "../helpers/files.ts";
import { reviewBodyOf } from "../helpers/review.ts";
import type { ReviewedReport } from "../../supabase/functions/_shared/review.ts";
import {
  BULK_MESSAGES,
  type BulkDeleteResult,
  type BulkReviewResult,
  type BulkSharesResult,
} from "../../supabase/functions/_shared/bulk.ts";

const sql = () => testSql();
const KOREAN = /[가-힣]/;

let owner: TestUser;
let other: TestUser;
let sessionId: string;
/** 20240102 김하나 (graded twice: `first` then `second`), 20240101 박둘 (graded), 이름없음 (error, inserted). */
let first: string;
let second: string;
let park: string;
let errored: string;
let otherSessionAnswer: string;
let otherMemberAnswer: string;

async function used(user: TestUser): Promise<number> {
  const [row] = await sql()`
    select essay_count from public.usage_tracking
     where user_id = ${user.user.id} and period_start = (private.current_period()).period_start`;
  return row?.essay_count ?? 0;
}

const post = <T>(path: string, json: unknown, user = owner) => api<T>(path, { token: user.token, json });

beforeAll(async () => {
  [owner, other] = await Promise.all([createMember(), createMember()]);
  sessionId = await createSession(owner, undefined, "반 전체_문제.txt");
  first = await submitEssay(owner, sessionId, FIXTURE_MEDIUM, { studentName: "김하나", studentId: "20240102" });
  park = await submitEssay(owner, sessionId, FIXTURE_ESSAY, { studentName: "박둘", studentId: "20240101" });
  for (const id of [first, park]) expect((await waitForEnd(id)).status).toBe("completed");
  second = await submitEssay(owner, sessionId, FIXTURE_ESSAY, { studentName: "김하나", studentId: "20240102" });
  expect((await waitForEnd(second)).status).toBe("completed");
  [{ id: errored }] = await sql()`
    insert into public.essay_submissions (session_id, user_id, student_name, essay_content, status)
    values (${sessionId}, ${owner.user.id}, '오류학생', '답안', 'error') returning id`;
  const otherSession = await createSession(owner);
  [{ id: otherSessionAnswer }] = await sql()`
    insert into public.essay_submissions (session_id, user_id, essay_content, status)
    values (${otherSession}, ${owner.user.id}, '답안', 'error') returning id`;
  const foreignSession = await createSession(other);
  [{ id: otherMemberAnswer }] = await sql()`
    insert into public.essay_submissions (session_id, user_id, essay_content, status)
    values (${foreignSession}, ${other.user.id}, '답안', 'error') returning id`;
}, 150_000);

afterAll(async () => {
  await closeTestSql();
});

describe("a selection is the caller's answers of that session", () => {
  const paths = ["review-complete", "shares", "submissions/delete"];

  it("another member's answer, another session's or a missing one: 404 in Korean and nothing changed", async () => {
    for (const path of paths) {
      for (const foreign of [otherMemberAnswer, otherSessionAnswer, "00000000-0000-4000-8000-000000000000"]) {
        const res = await post<{ error: string }>(`/sessions/${sessionId}/${path}`, { submissionIds: [first, foreign] });
        expect(res.status, `${path} ${foreign}`).toBe(404);
        expect(res.body.error).toBe(BULK_MESSAGES.notInSession);
      }
    }
    const [row] = await sql()`
      select (select count(*) from public.essay_submissions where id = any(${[first, otherSessionAnswer, otherMemberAnswer]}::uuid[]))::int as answers,
             (select count(*) from public.analysis_results where submission_id = ${first} and reviewed_at is not null)::int as reviewed,
             (select count(*) from public.report_shares where submission_id = ${first})::int as shares`;
    expect(row).toEqual({ answers: 3, reviewed: 0, shares: 0 });
  });

  it("another member's session: 404 as for any session path", async () => {
    for (const path of paths) {
      const res = await post<{ error: string }>(`/sessions/${sessionId}/${path}`, { submissionIds: [first] }, other);
      expect(res.status).toBe(404);
      expect(res.body.error).toMatch(KOREAN);
    }
  });

  it("an empty, malformed or oversized selection: 400 in Korean", async () => {
    const tooMany = Array.from({ length: 501 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`);
    for (const body of [{ submissionIds: [] }, { submissionIds: ["x"] }, { submissionIds: tooMany }, { ids: [first] }]) {
      const res = await post<{ error: string }>(`/sessions/${sessionId}/review-complete`, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.error).toMatch(KOREAN);
    }
  });
});

describe("whole-class actions", () => {
  it("검토 완료 marks the selected graded answers as one 검토 완료 does, skipping the ungraded", async () => {
    const res = await post<BulkReviewResult>(`/sessions/${sessionId}/review-complete`, { submissionIds: [first, park, errored] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ reviewed: 2, alreadyReviewed: 0, skipped: 1 });
    expect(res.body.message).toBe("2개 답안을 검토 완료했습니다. 채점이 끝나지 않은 1개 답안은 건너뛰었습니다.");
    const report = (await api<ReviewedReport>(`/submissions/${park}/report`, { token: owner.token })).body;
    expect(report.reviewed).toBe(true);
    const log = report.edits.filter((e) => e.field === "reviewStatus");
    expect(log).toHaveLength(1);
    expect(log[0].after).toEqual({ reviewed: true, reviewedAt: report.reviewedAt });

    const again = await post<BulkReviewResult>(`/sessions/${sessionId}/review-complete`, { submissionIds: [park] });
    expect(again.body).toMatchObject({ reviewed: 0, alreadyReviewed: 1, skipped: 0 });
    const [{ n }] = await sql()`
      select count(*)::int as n from public.result_edits x join public.analysis_results r on r.id = x.result_id
       where r.submission_id = ${park} and x.field = 'reviewStatus'`;
    expect(n).toBe(1);
  });

  it("student links: one per reviewed answer, the raw link only in the answer, each opening its shared report", async () => {
    const res = await post<BulkSharesResult>(`/sessions/${sessionId}/shares`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // Reviewed: first and park; second (not reviewed) and the errored one get none.
    expect(res.body.skipped).toBe(2);
    expect(res.body.links.map((l) => [l.studentId, l.studentName, l.submissionId])).toEqual([
      ["20240101", "박둘", park],
      ["20240102", "김하나", first],
    ]);
    for (const link of res.body.links) {
      const token = new URL(link.url, "http://x").pathname.replace(/^\/r\//, "");
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const [row] = await sql()`select token_hash from public.report_shares where submission_id = ${link.submissionId}`;
      expect(Buffer.from(row.token_hash).equals(createHash("sha256").update(token).digest())).toBe(true);
      const shared = await api(`/shared/${token}`);
      expect(shared.status).toBe(200);
      expect(shared.body.studentInfo.name).toBe(link.studentName);
      expect(new Date(link.expiresAt).getTime()).toBeGreaterThan(Date.now() + 13 * 86_400_000);
    }
    const none = await post<{ error: string }>(`/sessions/${sessionId}/shares`, { submissionIds: [second, errored] });
    expect(none.status).toBe(409);
    expect(none.body.error).toBe(BULK_MESSAGES.noShareable);
  });

  it("the .xlsx: one row per student (the latest graded answer), the CSV's final values, the teacher's 종합 평가", async () => {
    const report = (await api<ReviewedReport>(`/submissions/${second}/report`, { token: owner.token })).body;
    const cat = report.categories[0];
    const edited = reviewBodyOf(report, {
      detailedFeedback: "교사가 고친 종합 평가입니다.",
      categories: report.categories.map((c) => ({ name: c.name, score: c === cat ? 0 : c.score, feedback: c.feedback })),
    });
    expect((await api(`/submissions/${second}/review`, { method: "PUT", token: owner.token, json: edited })).status).toBe(200);

    const res = await fetch(`${readStack().apiUrl}/sessions/${sessionId}/export.xlsx`, { headers: owner.headers });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(res.headers.get("content-disposition")).toContain(`filename*=UTF-8''${encodeURIComponent("채점결과_반_전체_문제.xlsx")}`);
    const sheet = await readSheet(Buffer.from(await res.arrayBuffer()));
    const head = sheet[0].map(String);
    expect(head.slice(0, 4)).toEqual(["수험번호", "이름", "총점", "만점"]);
    expect(head.slice(-5)).toEqual(["우수한 점", "개선이 필요한 점", "종합 평가", "향후 개선 방안", "검토 완료"]);
    const rows = sheet.slice(1).map((r) => Object.fromEntries(head.map((h, i) => [h, r[i]])));
    expect(rows.map((r) => r["수험번호"] ?? null)).toEqual(["20240101", "20240102", null]);

    const csv = (await (await fetch(`${readStack().apiUrl}/sessions/${sessionId}/results.csv`, { headers: owner.headers })).text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n")
      .map((l) => l.split(","));
    const csvRow = (name: string, total: number) => csv.find((l) => l[0] === name && Number(l[3]) === total);
    const kim = rows[1];
    expect(kim["이름"]).toBe("김하나");
    expect(kim["종합 평가"]).toBe("교사가 고친 종합 평가입니다.");
    expect(kim[cat.name]).toBe(0);
    expect(kim["검토 완료"]).toBe("아니오");
    // The latest graded answer (second, with the teacher's score), the same total as its CSV row.
    expect(kim["총점"]).toBe(report.overallScore - cat.score);
    expect(csvRow("김하나", kim["총점"] as number)).toBeDefined();
    expect(rows[0]["검토 완료"]).toBe("예");
    expect(csvRow("박둘", rows[0]["총점"] as number)).toBeDefined();
    expect(rows[2]["이름"]).toBe("오류학생");
    expect(rows[2]["총점"] ?? null).toBeNull();

    const foreign = await fetch(`${readStack().apiUrl}/sessions/${sessionId}/export.xlsx`, { headers: other.headers });
    expect(foreign.status).toBe(404);
  });

  it("the .xlsx names a linked answer as its roster student and keeps one row for them however it was written", async () => {
    const s = await createSession(owner);
    const [student] = await sql()`
      insert into public.students (user_id, exam_number, name) values (${owner.user.id}, '20249001', '김민수') returning id`;
    const rows = await sql()`
      insert into public.essay_submissions (session_id, user_id, student_name, student_id, essay_content, status, roster_student_id, analysis_completed_at)
      values (${s}, ${owner.user.id}, '민수', null, '답안', 'completed', ${student.id}, now() - interval '1 day'),
             (${s}, ${owner.user.id}, '김민수 (2반)', '9001', '답안', 'completed', ${student.id}, now())
      returning id`;
    await sql()`
      insert into public.analysis_results (submission_id, overall_score, max_score, category_scores, strengths, improvement_areas, detailed_feedback, suggestions)
      values (${rows[0].id}, 50, 100, '[]', '[]', '[]', '이전 평가', '[]'), (${rows[1].id}, 70, 100, '[]', '[]', '[]', '최근 평가', '[]')`;
    const res = await fetch(`${readStack().apiUrl}/sessions/${s}/export.xlsx`, { headers: owner.headers });
    const sheet = await readSheet(Buffer.from(await res.arrayBuffer()));
    expect(sheet.slice(1).map((r) => [r[0], r[1], r[2], r[sheet[0].indexOf("종합 평가")]])).toEqual([
      ["20249001", "김민수", 70, "최근 평가"],
    ]);
  });

  it("삭제 removes the selected answers with their stored files, giving back the uses of unclaimed ones", async () => {
    const before = await used(owner);
    // While this test holds the claim function's advisory lock no worker can claim, so the new answer
    // is still unclaimed when it is deleted.
    const blocker = await sql().reserve();
    let pending: string;
    try {
      await blocker`begin`;
      await blocker`select pg_advisory_xact_lock(hashtextextended('private.claim_grading_jobs', 0))`;
      const form = new FormData();
      form.append("essayFile", fileOf(utf8(FIXTURE_ESSAY), "20240103_최셋.txt", "text/plain"));
      const res = await api(`/sessions/${sessionId}/submissions`, { token: owner.token, form });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      pending = res.body.id;
      expect(await used(owner)).toBe(before + 1);
      const [{ path }] = await sql()`select essay_file_path as path from public.essay_submissions where id = ${pending}`;
      const [{ n: stored }] = await sql()`select count(*)::int as n from storage.objects where bucket_id = 'essays' and name = ${path}`;
      expect(stored).toBe(1);

      const del = await post<BulkDeleteResult>(`/sessions/${sessionId}/submissions/delete`, { submissionIds: [pending, first] });
      expect(del.status, JSON.stringify(del.body)).toBe(200);
      expect(del.body).toEqual({ deleted: 2, usesReturned: 1, message: "2개 답안을 삭제했습니다." });
      const [left] = await sql()`
        select (select count(*) from public.essay_submissions where id = any(${[pending, first]}::uuid[]))::int as answers,
               (select count(*) from public.analysis_results where submission_id = ${first})::int as results,
               (select count(*) from storage.objects where bucket_id = 'essays' and name = ${path})::int as files`;
      expect(left).toEqual({ answers: 0, results: 0, files: 0 });
    } finally {
      await blocker`rollback`;
      blocker.release();
    }
    // The graded answer keeps its use (the model was called); the unclaimed one's is given back.
    expect(await used(owner)).toBe(before);
    const list = await api<{ id: string }[]>(`/sessions/${sessionId}/submissions`, { token: owner.token });
    expect(list.body.map((s) => s.id).sort()).toEqual([park, second, errored].sort());
  });
});
