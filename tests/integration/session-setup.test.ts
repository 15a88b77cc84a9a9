// Checking the setup and re-grading against the real stack: the teacher's edited rubric reaches the grader (its
// prompt and the score categories), files are replaced in the same session (no orphan session or
// object), a work item is renamed, and a completed answer is re-graded for one use while its previous
// result stays readable.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, closeTestSql, createMember, testSql, type TestUser } from "../helpers/users.ts";
import { readStack } from "../helpers/stack.ts";
import { fileOf, utf8 } from "../helpers/files.ts";
import { waitForStatus } from "../helpers/submissions.ts";

const fixtures = join(import.meta.dirname, "../fixtures/essays");
const PROMPT = readFileSync(join(fixtures, "prompt.txt"), "utf8");
const ESSAY = readFileSync(join(fixtures, "strong.txt"), "utf8");
const sql = () => testSql();

const EDITED = [
  { name: "주장의 명료성", maxScore: 50, description: "주장이 한 문장으로 분명한가" },
  { name: "반론 검토", maxScore: 30 },
  { name: "맞춤법", maxScore: 20 },
];

async function llmRequests(marker: string): Promise<{ marker: string; system: string; user: string }[]> {
  const { fakeLlmUrl } = readStack();
  const res = await fetch(`${fakeLlmUrl!.replace(/\/v1$/, "")}/__requests`);
  return ((await res.json()) as { marker: string; system: string; user: string }[]).filter((r) => r.marker === marker);
}

async function newSession(user: TestUser, criteria?: string): Promise<string> {
  const form = new FormData();
  form.append("promptFile", fileOf(utf8(PROMPT), "prompt.txt", "text/plain"));
  if (criteria) form.append("criteriaFile", fileOf(utf8(criteria), "기준.txt", "text/plain"));
  const res = await api("/sessions", { token: user.token, form });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

async function submit(user: TestUser, sessionId: string, marker: string): Promise<string> {
  const res = await api(`/sessions/${sessionId}/submissions`, {
    token: user.token,
    json: { essayContent: `${ESSAY}\n[[llm:${marker}]]`, studentName: "홍길동", studentId: "20240101" },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

/** A new member with a session (rubric from `criteria` if given) and an answer graded with `marker`, completed. */
async function gradedAnswer(marker: string, criteria?: string) {
  const user = await createMember();
  const id = await newSession(user, criteria);
  const sid = await submit(user, id, marker);
  await waitForStatus(sid, ["completed"]);
  return { user, id, sid };
}

async function used(user: TestUser): Promise<number> {
  const res = await api("/usage/status", { token: user.token });
  expect(res.status).toBe(200);
  return res.body.usage.current;
}

async function objects(user: TestUser): Promise<string[]> {
  const rows = await sql()`
    select name from storage.objects where bucket_id = 'essays' and name like ${user.user.id + "/%"} order by name`;
  return rows.map((r) => r.name as string);
}

let owner: TestUser;
let other: TestUser;

beforeAll(async () => {
  [owner, other] = await Promise.all([createMember(), createMember()]);
  await sql()`update public.subscriptions set plan_id = 'business', status = 'active' where user_id = ${owner.user.id}`;
});

afterAll(async () => {
  await closeTestSql();
});

describe("PATCH /sessions/:id (rubric and name)", () => {
  it("returns the rubric read from the criteria until the teacher edits it", async () => {
    const id = await newSession(owner, "1. 논리 구조 (40점)\n2. 근거 (30점)\n3. 표현 (30점)");
    const res = await api(`/sessions/${id}`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.rubricEdited).toBe(false);
    expect(res.body.rubric.map((c: { name: string; maxScore: number }) => [c.name, c.maxScore])).toEqual([
      ["논리 구조", 40],
      ["근거", 30],
      ["표현", 30],
    ]);
    expect(res.body.title).toBeNull();
  });

  it("stores an edited rubric that reaches the grader's prompt and the score categories", async () => {
    const id = await newSession(owner, "1. 논리 구조 (40점)\n2. 근거 (30점)\n3. 표현 (30점)");
    const patched = await api(`/sessions/${id}`, {
      method: "PATCH",
      token: owner.token,
      json: { rubric: EDITED, title: "  3반   논술 모의고사 " },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.rubricEdited).toBe(true);
    expect(patched.body.title).toBe("3반 논술 모의고사");
    expect(patched.body.rubric).toEqual(EDITED);

    const sid = await submit(owner, id, "ok:edited-rubric");
    await waitForStatus(sid, ["completed"]);
    const [req] = await llmRequests("ok:edited-rubric");
    expect(req.system).toContain("주장의 명료성 (50점)");
    expect(req.system).toContain("반론 검토 (30점)");
    expect(req.system).not.toContain("논리 구조 (40점)");
    const report = await api(`/submissions/${sid}/report`, { token: owner.token });
    expect(report.status).toBe(200);
    expect(report.body.categories.map((c: { name: string; maxScore: number }) => [c.name, c.maxScore])).toEqual([
      ["주장의 명료성", 50],
      ["반론 검토", 30],
      ["맞춤법", 20],
    ]);
    expect(report.body.maxScore).toBe(100);
    expect(report.body.rubric.map((c: { name: string }) => c.name)).toEqual(["주장의 명료성", "반론 검토", "맞춤법"]);

    const list = await api("/sessions", { token: owner.token });
    expect(list.body.find((s: { id: string }) => s.id === id).title).toBe("3반 논술 모의고사");

    // rubric: null goes back to the criteria's rubric.
    const reset = await api(`/sessions/${id}`, { method: "PATCH", token: owner.token, json: { rubric: null } });
    expect(reset.status).toBe(200);
    expect(reset.body.rubricEdited).toBe(false);
    expect(reset.body.rubric[0].name).toBe("논리 구조");
  });

  it.each([
    [{ rubric: [] }, "채점 항목을 하나 이상 넣어 주세요."],
    [{ rubric: [{ name: "논리", maxScore: 2.5 }] }, "배점은 1점 단위의 정수로 입력해 주세요."],
    [{ rubric: [{ name: "논리", maxScore: 0 }] }, "배점은 1점에서 1000점 사이로 입력해 주세요."],
    [{ rubric: [{ name: "   ", maxScore: 10 }] }, "항목 이름을 입력해 주세요."],
    [{ rubric: [{ name: "가".repeat(41), maxScore: 10 }] }, "항목 이름은 40자까지 입력할 수 있습니다."],
    [{ rubric: Array.from({ length: 11 }, (_, i) => ({ name: `항목${i}`, maxScore: 5 })) }, "채점 항목은 10개까지 만들 수 있습니다."],
    [
      {
        rubric: [
          { name: "논리", maxScore: 10 },
          { name: "논 리", maxScore: 10 },
        ],
      },
      "'논 리' 항목이 두 번 있습니다. 항목 이름은 서로 달라야 합니다.",
    ],
    [
      {
        rubric: [
          { name: "논리", maxScore: 900 },
          { name: "표현", maxScore: 200 },
        ],
      },
      "배점 합계는 1000점을 넘을 수 없습니다.",
    ],
    [{ rubric: [{ name: "논리", maxScore: "10" }] }, "배점은 숫자로 입력해 주세요."],
    [{ title: "" }, "작업 이름을 입력해 주세요."],
    [{}, "바꿀 내용이 없습니다. 작업 이름, 채점 기준표 또는 파일을 보내 주세요."],
  ])("refuses %j with a Korean 400", async (body, message) => {
    const id = await newSession(owner);
    const res = await api(`/sessions/${id}`, { method: "PATCH", token: owner.token, json: body });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
    const [row] = await sql()`select rubric, title from public.analysis_sessions where id = ${id}`;
    expect(row).toEqual({ rubric: null, title: null });
  });

  it("checks the rubric in SQL too, and users cannot write it themselves", async () => {
    const id = await newSession(owner);
    await expect(
      sql()`update public.analysis_sessions set rubric = ${sql().json([{ name: "x", maxScore: 1.5 }])} where id = ${id}`,
    ).rejects.toThrow(/analysis_sessions_rubric_valid/);
    await expect(
      sql()`update public.analysis_sessions set rubric = ${sql().json([{ name: "x", maxScore: 10, evil: 1 }])} where id = ${id}`,
    ).rejects.toThrow(/analysis_sessions_rubric_valid/);
    await expect(
      sql().begin(async (tx) => {
        await tx`set local role authenticated`;
        await tx`select set_config('request.jwt.claims', ${JSON.stringify({ sub: owner.user.id, role: "authenticated" })}, true)`;
        await tx`update public.analysis_sessions set title = 'x' where id = ${id}`;
      }),
    ).rejects.toThrow(/permission denied/);
  });

  it("answers 404 for another user's session, and changes nothing", async () => {
    const id = await newSession(owner);
    const res = await api(`/sessions/${id}`, { method: "PATCH", token: other.token, json: { title: "가로채기" } });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe("작업을 찾을 수 없습니다.");
    const form = new FormData();
    form.append("promptFile", fileOf(utf8("다른 사람의 문제"), "x.txt", "text/plain"));
    const files = await api(`/sessions/${id}`, { method: "PATCH", token: other.token, form });
    expect(files.status).toBe(404);
    const [row] = await sql()`select title, prompt_filename from public.analysis_sessions where id = ${id}`;
    expect(row).toEqual({ title: null, prompt_filename: "prompt.txt" });
  });
});

describe("PATCH /sessions/:id with files (replace in the same session)", () => {
  it("replaces the files, resets the edited rubric, and leaves no orphan session or object", async () => {
    const user = await createMember();
    const id = await newSession(user, "1. 논리 구조 (40점)\n2. 근거 (60점)");
    await api(`/sessions/${id}`, { method: "PATCH", token: user.token, json: { rubric: EDITED } });
    const before = await objects(user);
    expect(before).toHaveLength(2);

    const form = new FormData();
    form.append("promptFile", fileOf(utf8("새 문제: 인공지능과 교육에 대해 논하시오."), "새문제.txt", "text/plain"));
    form.append("criteriaFile", fileOf(utf8("- 창의성: 60점\n- 표현력: 40점"), "새기준.txt", "text/plain"));
    const res = await api(`/sessions/${id}`, { method: "PATCH", token: user.token, form });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.id).toBe(id);
    expect(res.body.promptFilename).toBe("새문제.txt");
    expect(res.body.promptContent).toContain("인공지능과 교육");
    expect(res.body.criteriaFilename).toBe("새기준.txt");
    expect(res.body.rubricEdited).toBe(false);
    expect(res.body.rubric.map((c: { name: string }) => c.name)).toEqual(["창의성", "표현력"]);

    const [{ n }] = await sql()`select count(*)::int as n from public.analysis_sessions where user_id = ${user.user.id}`;
    expect(n).toBe(1);
    const after = await objects(user);
    expect(after).toHaveLength(2);
    expect(after.filter((o) => before.includes(o))).toEqual([]);
    const [row] = await sql()`select prompt_file_path, criteria_file_path from public.analysis_sessions where id = ${id}`;
    expect(after.sort()).toEqual([row.prompt_file_path, row.criteria_file_path].sort());

    // Only the prompt: the criteria (and their rubric) stay.
    const onlyPrompt = new FormData();
    onlyPrompt.append("promptFile", fileOf(utf8("세 번째 문제"), "셋째.txt", "text/plain"));
    const again = await api(`/sessions/${id}`, { method: "PATCH", token: user.token, form: onlyPrompt });
    expect(again.status).toBe(200);
    expect(again.body.criteriaFilename).toBe("새기준.txt");
    expect(await objects(user)).toHaveLength(2);
  });

  it("refuses (409, Korean) while an answer of the session is queued or being graded", async () => {
    const user = await createMember();
    const id = await newSession(user);
    const sid = await submit(user, id, "slow:2000:replace");
    const form = new FormData();
    form.append("promptFile", fileOf(utf8("바뀐 문제"), "바뀐.txt", "text/plain"));
    const res = await api(`/sessions/${id}`, { method: "PATCH", token: user.token, form });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatch(/채점 중이거나 대기 중인 답안이 있어/);
    const rubric = await api(`/sessions/${id}`, { method: "PATCH", token: user.token, json: { rubric: EDITED } });
    expect(rubric.status).toBe(409);
    // The name can change at any time.
    const title = await api(`/sessions/${id}`, { method: "PATCH", token: user.token, json: { title: "채점 중 이름" } });
    expect(title.status).toBe(200);
    expect(await objects(user)).toHaveLength(1);
    await waitForStatus(sid, ["completed"]);
    const after = await api(`/sessions/${id}`, { method: "PATCH", token: user.token, form });
    expect(after.status).toBe(200);
  });

  it("refuses a request without files (400) and a bad file type (400), storing nothing", async () => {
    const user = await createMember();
    const id = await newSession(user);
    const empty = new FormData();
    empty.append("note", "x");
    const none = await api(`/sessions/${id}`, { method: "PATCH", token: user.token, form: empty });
    expect(none.status).toBe(400);
    expect(none.body.error).toBe("바꿀 파일을 선택해 주세요. (논술 문제 또는 평가 기준)");
    const bad = new FormData();
    bad.append("promptFile", fileOf(utf8("x"), "문제.exe", "application/octet-stream"));
    const res = await api(`/sessions/${id}`, { method: "PATCH", token: user.token, form: bad });
    expect(res.status).toBe(400);
    expect(await objects(user)).toHaveLength(1);
  });
});

describe("POST /submissions/:id/regrade", () => {
  it("charges one use, keeps the previous result readable meanwhile, then grades with the edited rubric", async () => {
    const { user, id, sid } = await gradedAnswer("slow:2000:regrade", "1. 논리 구조 (40점)\n2. 근거 (30점)\n3. 표현 (30점)");
    const first = await api(`/submissions/${sid}/report`, { token: user.token });
    expect(first.body.categories.map((c: { name: string }) => c.name)).toEqual(["논리 구조", "근거", "표현"]);
    const usedBefore = await used(user);

    expect((await api(`/sessions/${id}`, { method: "PATCH", token: user.token, json: { rubric: EDITED } })).status).toBe(200);
    const res = await api(`/submissions/${sid}/regrade`, { method: "POST", token: user.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.regrading).toBe(true);
    expect(await used(user)).toBe(usedBefore + 1);

    // Meanwhile: the old result is readable and the list says it is being graded again.
    const during = await api(`/submissions/${sid}/report`, { token: user.token });
    expect(during.status).toBe(200);
    expect(during.body.regrading).toBe(true);
    expect(during.body.categories.map((c: { name: string }) => c.name)).toEqual(["논리 구조", "근거", "표현"]);
    const list = await api(`/sessions/${id}/submissions`, { token: user.token });
    const item = list.body.find((s: { id: string }) => s.id === sid);
    expect(item.regrading).toBe(true);
    expect(["pending", "analyzing"]).toContain(item.status);
    // A second regrade while the first runs is refused and charges nothing.
    const twice = await api(`/submissions/${sid}/regrade`, { method: "POST", token: user.token });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe("채점이 끝난 답안만 재채점할 수 있습니다.");
    expect(await used(user)).toBe(usedBefore + 1);

    await waitForStatus(sid, ["completed"]);
    const after = await api(`/submissions/${sid}/report`, { token: user.token });
    expect(after.body.regrading).toBe(false);
    expect(after.body.categories.map((c: { name: string }) => c.name)).toEqual(["주장의 명료성", "반론 검토", "맞춤법"]);
    expect(await used(user)).toBe(usedBefore + 1);
    const [{ n }] = await sql()`select count(*)::int as n from public.analysis_results where submission_id = ${sid}`;
    expect(n).toBe(1);
  });

  it("clears the teacher review of the old result when the new one is stored", async () => {
    const { user, sid } = await gradedAnswer("ok:regrade-review");
    expect((await api(`/submissions/${sid}/review/complete`, { method: "POST", token: user.token })).status).toBe(200);
    const [reviewed] = await sql()`select reviewed_at from public.analysis_results where submission_id = ${sid}`;
    expect(reviewed.reviewed_at).not.toBeNull();
    expect((await api(`/submissions/${sid}/regrade`, { method: "POST", token: user.token })).status).toBe(200);
    await waitForStatus(sid, ["completed"]);
    const [row] = await sql()`select reviewed_at, review from public.analysis_results where submission_id = ${sid}`;
    expect(row).toEqual({ reviewed_at: null, review: null });
    const [{ edits }] = await sql()`
      select count(*)::int as edits from public.result_edits x join public.analysis_results r on r.id = x.result_id
       where r.submission_id = ${sid}`;
    expect(edits).toBeGreaterThan(0);
  });

  it("a failed re-grade keeps the previous result and gives the use back", async () => {
    const { user, sid } = await gradedAnswer("ok:regrade-fail");
    const usedBefore = await used(user);
    // As the regrade route does: one use reserved, then the answer queued again.
    await sql()`
      update public.usage_tracking set essay_count = essay_count + 1
       where user_id = ${user.user.id} and period_start = (private.current_period()).period_start`;
    await sql()`select private.requeue_completed_submission(${sid}::uuid, (private.current_period()).period_start)`;
    expect(await used(user)).toBe(usedBefore + 1);
    await sql()`update public.essay_submissions set status = 'analyzing', lease_owner = 'w' where id = ${sid}`;
    await sql()`select private.finish_grading_job_error(${sid}::uuid, 'w', 'AI 응답을 받지 못했습니다.')`;
    const [row] = await sql()`select status, progress_message, usage_charged from public.essay_submissions where id = ${sid}`;
    expect(row.status).toBe("completed");
    expect(row.progress_message).toBe("재채점하지 못해 이전 결과를 유지합니다: AI 응답을 받지 못했습니다.");
    expect((await api(`/submissions/${sid}/report`, { token: user.token })).status).toBe(200);
    expect(await used(user)).toBe(usedBefore);
  });

  it("403 usageExceeded when no use is left (nothing changes), 409 before completion, 404 for another user's answer", async () => {
    const { user, sid } = await gradedAnswer("ok:regrade-limits");

    const stranger = await api(`/submissions/${sid}/regrade`, { method: "POST", token: other.token });
    expect(stranger.status).toBe(404);
    expect(stranger.body.error).toBe("답안을 찾을 수 없습니다.");

    await sql()`select private.ensure_current_usage(${user.user.id}::uuid)`;
    await sql()`
      update public.usage_tracking set essay_count = 100000
       where user_id = ${user.user.id} and period_start = (private.current_period()).period_start`;
    const full = await api(`/submissions/${sid}/regrade`, { method: "POST", token: user.token });
    expect(full.status).toBe(403);
    expect(full.body.usageExceeded).toBe(true);
    const [row] = await sql()`select status from public.essay_submissions where id = ${sid}`;
    expect(row.status).toBe("completed");

    const sid2 = await submit(owner, await newSession(owner), "slow:2000:regrade-early");
    const early = await api(`/submissions/${sid2}/regrade`, { method: "POST", token: owner.token });
    expect(early.status).toBe(409);
    await waitForStatus(sid2, ["completed"]);
  });
});
