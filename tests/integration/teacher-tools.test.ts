// Teacher tools through the API against the real stack: the session's results as CSV, grading an
// errored answer again (one more use), and deleting one answer (its use, result and stored original).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, closeTestSql, createMember, testSql, type TestUser } from "../helpers/users.ts";
import { readStack } from "../helpers/stack.ts";
import { fileOf, utf8 } from "../helpers/files.ts";
import { waitForStatus } from "../helpers/submissions.ts";
import { createSession, FIXTURE_ESSAY, FIXTURE_PROMPT, submitEssay } from "../helpers/grading.ts";

const ESSAY = FIXTURE_ESSAY;
const sql = () => testSql();

const newSession = (user: TestUser, filename = "스마트폰_논술문제.txt") => createSession(user, FIXTURE_PROMPT, filename);
const submit = (user: TestUser, sessionId: string, studentName: string, studentId: string, essay = ESSAY) =>
  submitEssay(user, sessionId, essay, { studentName, studentId });

async function submitFile(user: TestUser, sessionId: string, essay: string): Promise<string> {
  const form = new FormData();
  form.append("essayFile", fileOf(utf8(essay), "박민수_20240104.txt", "text/plain"));
  const res = await api(`/sessions/${sessionId}/submissions`, { token: user.token, form });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

/** What the worker does when grading fails for good: error with a reason, use given back. */
async function makeErrored(id: string, reason = "AI 응답을 받지 못했습니다. 다시 시도해 주세요.") {
  await sql()`select private.release_usage(${id}::uuid)`;
  await sql()`
    update public.essay_submissions
       set status = 'error', progress_message = ${reason}, last_error = ${reason},
           attempts = 3, analysis_completed_at = now()
     where id = ${id}`;
}

async function setPlan(user: TestUser, planId: string) {
  await sql()`update public.subscriptions set plan_id = ${planId}, status = 'active' where user_id = ${user.user.id}`;
}

async function used(user: TestUser): Promise<number> {
  const res = await api("/usage/status", { token: user.token });
  expect(res.status).toBe(200);
  return res.body.usage.current;
}

async function setUsed(user: TestUser, count: number) {
  await sql()`select private.ensure_current_usage(${user.user.id}::uuid)`;
  await sql()`
    update public.usage_tracking set essay_count = ${count}
     where user_id = ${user.user.id} and period_start = (private.current_period()).period_start`;
}

/** The CSV as raw bytes (Response.text() would drop the BOM). */
async function fetchCsv(user: TestUser, sessionId: string) {
  const res = await fetch(`${readStack().apiUrl}/sessions/${sessionId}/results.csv`, {
    headers: { Authorization: `Bearer ${user.token}` },
  });
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { res, bytes, text: new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes) };
}

/** RFC 4180 reader for checking what a spreadsheet would see. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(cell);
      cell = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += ch;
  }
  if (cell !== "" || row.length) rows.push([...row, cell]);
  return rows;
}

let owner: TestUser;
let other: TestUser;

beforeAll(async () => {
  [owner, other] = await Promise.all([createMember(), createMember()]);
  await setPlan(owner, "business");
});

afterAll(async () => {
  await closeTestSql();
});

describe("GET /sessions/:id/results.csv", () => {
  let sessionId: string;

  beforeAll(async () => {
    sessionId = await newSession(owner);
    const a = await submit(owner, sessionId, "홍길동", "20240101");
    const b = await submit(owner, sessionId, "김철수", "20240102");
    await waitForStatus(a, ["completed"]);
    await waitForStatus(b, ["completed"]);
    // Names a spreadsheet must not misread: a comma and quotes, a line break, a formula.
    await sql()`update public.essay_submissions set student_name = ${'김, "철수"\n2반'}, student_id = ${"-20240102"} where id = ${b}`;
    const c = await submit(owner, sessionId, '=HYPERLINK("http://evil","x")', "@20240103");
    await waitForStatus(c, ["completed"]);
    await makeErrored(c, "채점에 실패했습니다.");
    // A staged (uploaded, never started) batch answer is not a submission yet.
    const form = new FormData();
    form.append("files", fileOf(utf8(ESSAY), "스테이지_20249999.txt", "text/plain"));
    const staged = await api(`/sessions/${sessionId}/batch-upload`, { token: owner.token, form });
    expect(staged.status, JSON.stringify(staged.body)).toBe(201);
  });

  it("answers UTF-8 CSV with a BOM and an attachment name in Korean (RFC 5987)", async () => {
    const { res, bytes } = await fetchCsv(owner, sessionId);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv; charset=utf-8/i);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const disposition = res.headers.get("content-disposition") ?? "";
    expect(disposition).toMatch(/^attachment;/);
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent("채점결과_스마트폰_논술문제.csv")}`);
  });

  it("has one row per submission with status, scores per rubric category, grader and Seoul times", async () => {
    const { text } = await fetchCsv(owner, sessionId);
    expect(text.endsWith("\r\n")).toBe(true);
    const rows = parseCsv(text.replace(/^\uFEFF/, ""));
    expect(rows[0]).toEqual([
      "학생 이름",
      "수험번호",
      "상태",
      "총점",
      "만점",
      "논리 구조",
      "근거의 타당성",
      "언어 표현",
      "논리 구조 AI",
      "근거의 타당성 AI",
      "언어 표현 AI",
      "논리 구조 만점",
      "근거의 타당성 만점",
      "언어 표현 만점",
      "채점 방식",
      "제출 시각",
      "완료 시각",
      "검토 완료",
    ]);
    expect(rows).toHaveLength(4); // header + 3 submissions; the staged batch item is not one
    // Rows by 수험번호: the ones typed with a leading '-' / '@' sort before the digits.
    expect(rows.slice(1).map((r) => r[1])).toEqual(["'-20240102", "'@20240103", "20240101"]);
    const [, kim, evil, hong] = rows;
    // Final scores, then the AI's original (the same before a review), then this answer's own maxima.
    expect(hong.slice(0, 15).join(",")).toBe("홍길동,20240101,완료,80,100,32,24,24,32,24,24,40,30,30,AI");
    expect(hong[15]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(hong[16]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    const [row] = await sql()`
      select to_char(submitted_at at time zone 'Asia/Seoul', 'YYYY-MM-DD HH24:MI') as t
        from public.essay_submissions where student_name = '홍길동' and session_id = ${sessionId}`;
    expect(hong[15]).toBe(row.t);

    expect(kim[0]).toBe('김, "철수"\n2반');
    expect(kim[1]).toBe("'-20240102");
    expect(kim[3]).toBe("80");

    expect(evil[0]).toBe('\'=HYPERLINK("http://evil","x")');
    expect(evil[1]).toBe("'@20240103");
    expect(evil[2]).toBe("오류");
    expect(evil.slice(3, 15)).toEqual(Array(12).fill(""));
    expect(evil[16]).toBe("");
    expect(text).not.toContain("스테이지");
  });

  it("treats another user's session, a missing one and a malformed id alike (404)", async () => {
    const theirs = await fetchCsv(other, sessionId);
    expect(theirs.res.status).toBe(404);
    expect(JSON.parse(theirs.text).error).toBe("작업을 찾을 수 없습니다.");
    expect((await api(`/sessions/${crypto.randomUUID()}/results.csv`, { token: owner.token })).status).toBe(404);
    expect((await api(`/sessions/nope/results.csv`, { token: owner.token })).status).toBe(404);
    expect((await api(`/sessions/${sessionId}/results.csv`)).status).toBe(401);
  });
});

describe("POST /submissions/:id/retry", () => {
  let sessionId: string;

  beforeAll(async () => {
    sessionId = await newSession(owner);
  });

  it("reserves one use, deletes the stale result, resets the answer and grades it to completion", async () => {
    // Slow grading keeps the retried answer queued while its reset is checked.
    const id = await submit(owner, sessionId, "이영희", "20240103", `${ESSAY}\n[[llm:slow:1500]]`);
    await waitForStatus(id, ["completed"]);
    await makeErrored(id);
    await sql()`update public.analysis_results set overall_score = 11 where submission_id = ${id}`;
    const before = await used(owner);

    const res = await api(`/submissions/${id}/retry`, { method: "POST", token: owner.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.success).toBe(true);
    expect(await used(owner)).toBe(before + 1);

    const [queued] = await sql()`
      select status, usage_charged, usage_period_start, last_error, attempts,
             (select count(*)::int from public.analysis_results r where r.submission_id = e.id and r.overall_score = 11) as stale
        from public.essay_submissions e where id = ${id}`;
    expect(["pending", "analyzing"]).toContain(queued.status);
    expect(queued.usage_charged).toBe(true);
    expect(queued.usage_period_start).not.toBeNull();
    expect(queued.last_error).toBeNull();
    expect(queued.attempts).toBeLessThanOrEqual(1);
    expect(queued.stale).toBe(0);

    const done = await waitForStatus(id, ["completed", "error"]);
    expect(done.status).toBe("completed");
    expect(done.usage_charged).toBe(true);
    const report = await api(`/submissions/${id}/report`, { token: owner.token });
    expect(report.status).toBe(200);
    expect(report.body.overallScore).toBe(80);
    expect(await used(owner)).toBe(before + 1);
  });

  it("refuses answers that are not in error (409) without charging", async () => {
    const id = await submit(owner, sessionId, "최지우", "20240105");
    await waitForStatus(id, ["completed"]);
    const before = await used(owner);
    const res = await api(`/submissions/${id}/retry`, { method: "POST", token: owner.token });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatch(/[가-힣]/);
    expect(await used(owner)).toBe(before);
    const [row] = await sql()`select status from public.essay_submissions where id = ${id}`;
    expect(row.status).toBe("completed");
  });

  it("answers 403 usageExceeded when no use is left and changes nothing", async () => {
    const user = await createMember();
    const sid = await newSession(user);
    const id = await submit(user, sid, "한도초과", "20240199");
    await waitForStatus(id, ["completed"]);
    await makeErrored(id);
    await setUsed(user, 10); // the trial plan's monthly count

    const res = await api(`/submissions/${id}/retry`, { method: "POST", token: user.token });
    expect(res.status).toBe(403);
    expect(res.body.usageExceeded).toBe(true);
    expect(res.body.error).toBe("현재 플랜의 월간 분석 한도에 도달했습니다. 계속 사용하시려면 플랜을 업그레이드하세요.");
    expect(res.body.usageInfo).toMatchObject({ current: 10, limit: 10, remaining: 0, planId: "trial" });
    expect(Array.isArray(res.body.upgradeOptions)).toBe(true);
    expect(res.body.upgradeOptions.length).toBeGreaterThan(0);
    expect(typeof res.body.daysRemaining).toBe("number");

    const [row] = await sql()`
      select status, usage_charged, attempts, last_error,
             (select count(*)::int from public.analysis_results r where r.submission_id = e.id) as results
        from public.essay_submissions e where id = ${id}`;
    expect(row).toMatchObject({ status: "error", usage_charged: false, attempts: 3, results: 1 });
    expect(row.last_error).not.toBeNull();
    expect(await used(user)).toBe(10);
  });
});

describe("DELETE /submissions/:id", () => {
  let sessionId: string;

  beforeAll(async () => {
    sessionId = await newSession(owner);
  });

  // Behaviour changed on purpose: an answer whose grading has started keeps
  // its use, since the model has been called; only a never-claimed answer gives it back
  // (tests/integration/security-llm-spend.test.ts).
  it("keeps the use of an answer being graded, and removes the row, its result and its stored original", async () => {
    const before = await used(owner);
    const id = await submitFile(owner, sessionId, `${ESSAY}\n[[llm:slow:8000]]`);
    let row: any;
    for (let i = 0; i < 300; i++) {
      [row] = await sql()`select status, usage_charged, essay_file_path from public.essay_submissions where id = ${id}`;
      if (row.status === "analyzing") break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(row.status).toBe("analyzing");
    expect(row.usage_charged).toBe(true);
    expect(row.essay_file_path).toBeTruthy();
    const [stored] = await sql()`
      select count(*)::int as n from storage.objects where bucket_id = 'essays' and name = ${row.essay_file_path}`;
    expect(stored.n).toBe(1);
    expect(await used(owner)).toBe(before + 1);

    const res = await api(`/submissions/${id}`, { method: "DELETE", token: owner.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.success).toBe(true);
    expect(await used(owner)).toBe(before + 1);
    const [gone] = await sql()`
      select (select count(*)::int from public.essay_submissions where id = ${id}) as rows,
             (select count(*)::int from public.analysis_results where submission_id = ${id}) as results,
             (select count(*)::int from storage.objects where bucket_id = 'essays' and name = ${row.essay_file_path}) as objects`;
    expect(gone).toEqual({ rows: 0, results: 0, objects: 0 });

    const list = await api(`/sessions/${sessionId}/submissions`, { token: owner.token });
    expect(list.body.map((s: { id: string }) => s.id)).not.toContain(id);
    expect((await api(`/submissions/${id}`, { method: "DELETE", token: owner.token })).status).toBe(404);
  });

  it("deletes a completed answer with its result and keeps the use it was graded with", async () => {
    const id = await submit(owner, sessionId, "정완료", "20240106");
    await waitForStatus(id, ["completed"]);
    const before = await used(owner);
    const res = await api(`/submissions/${id}`, { method: "DELETE", token: owner.token });
    expect(res.status).toBe(200);
    expect(await used(owner)).toBe(before);
    const [gone] = await sql()`
      select (select count(*)::int from public.essay_submissions where id = ${id}) as rows,
             (select count(*)::int from public.analysis_results where submission_id = ${id}) as results`;
    expect(gone).toEqual({ rows: 0, results: 0 });
  });
});

describe("another user's answer", () => {
  it("looks missing (404) to retry and delete, and stays as it was", async () => {
    const sessionId = await newSession(owner);
    const id = await submit(owner, sessionId, "소유자", "20240107");
    await waitForStatus(id, ["completed"]);
    await makeErrored(id);
    const ownerUsed = await used(owner);

    const retry = await api(`/submissions/${id}/retry`, { method: "POST", token: other.token });
    expect(retry.status).toBe(404);
    expect(retry.body.error).toBe("답안을 찾을 수 없습니다.");
    const del = await api(`/submissions/${id}`, { method: "DELETE", token: other.token });
    expect(del.status).toBe(404);
    expect(del.body.error).toBe("답안을 찾을 수 없습니다.");
    expect((await api(`/submissions/${crypto.randomUUID()}/retry`, { method: "POST", token: owner.token })).status).toBe(404);
    expect((await api(`/submissions/not-a-uuid`, { method: "DELETE", token: owner.token })).status).toBe(404);

    const [row] = await sql()`select status from public.essay_submissions where id = ${id}`;
    expect(row.status).toBe("error");
    expect(await used(owner)).toBe(ownerUsed);
    expect(await used(other)).toBe(0);
  });
});
