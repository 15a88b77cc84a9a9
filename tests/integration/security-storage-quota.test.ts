// Security issue follow-up: the server stores a bounded amount per user in the `essays` bucket
// (MAX_STORED_FILES_PER_USER / MAX_STORED_BYTES_PER_USER). A second api instance runs here with a
// tiny bound (3 files, 3,000 bytes); users are created through the shared instance.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiInstance, type ApiInstance } from "../helpers/api-instance.ts";
import { closeTestSql, createMember, testSql, type TestUser } from "../helpers/users.ts";
import { KOREAN_ESSAY } from "../helpers/files.ts";

const FULL = "저장 공간 한도에 도달했습니다. 오래된 작업을 삭제한 뒤 다시 시도해 주세요.";
let instance: ApiInstance;

beforeAll(async () => {
  instance = await startApiInstance({ MAX_STORED_FILES_PER_USER: "3", MAX_STORED_BYTES_PER_USER: "3000" });
});

afterAll(async () => {
  await instance?.stop();
  await closeTestSql();
});

function txt(text: string, name: string): File {
  return new File([Buffer.from(text, "utf8")], name, { type: "text/plain" });
}

async function call(user: TestUser, path: string, init: { method?: string; form?: FormData } = {}) {
  const res = await fetch(`${instance.baseUrl}${path}`, {
    method: init.method ?? (init.form ? "POST" : "GET"),
    headers: user.headers,
    body: init.form,
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as any };
}

function sessionForm(prompt: string, criteria?: string): FormData {
  const form = new FormData();
  form.append("promptFile", txt(prompt, "문제.txt"));
  if (criteria !== undefined) form.append("criteriaFile", txt(criteria, "기준.txt"));
  return form;
}

async function stored(user: TestUser): Promise<{ files: number; bytes: number }> {
  const [r] = await testSql()`
    select count(*)::int as files, coalesce(sum((metadata ->> 'size')::bigint), 0)::int as bytes
      from storage.objects where bucket_id = 'essays' and name like ${user.user.id + "/%"}`;
  return r as { files: number; bytes: number };
}

describe("per-user storage bound", () => {
  it("refuses what would pass the file count, in Korean, storing nothing, and allows again after a delete", async () => {
    const user = await createMember();
    const first = await call(user, "/sessions", { form: sessionForm("논술 문제 하나", "평가 기준 하나") });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(await stored(user)).toMatchObject({ files: 2 });

    const tooMany = await call(user, "/sessions", { form: sessionForm("논술 문제 둘", "평가 기준 둘") });
    expect(tooMany.status).toBe(413);
    expect(tooMany.body.error).toBe(FULL);
    expect(tooMany.body.storageFull).toBe(true);
    expect(await stored(user)).toMatchObject({ files: 2 });

    const second = await call(user, "/sessions", { form: sessionForm("논술 문제 셋") });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(await stored(user)).toMatchObject({ files: 3 });

    // An answer file is bounded the same way (and no row is written for it).
    const answer = new FormData();
    answer.append("essayFile", txt(KOREAN_ESSAY, "홍길동_20240001.txt"));
    const refused = await call(user, `/sessions/${second.body.id}/submissions`, { form: answer });
    expect(refused.status).toBe(413);
    expect(refused.body.error).toBe(FULL);
    const [{ n }] = await testSql()`select count(*)::int as n from public.essay_submissions where user_id = ${user.user.id}`;
    expect(n).toBe(0);
    expect(await stored(user)).toMatchObject({ files: 3 });
    const [{ sessions }] = await testSql()`
      select count(*)::int as sessions from public.analysis_sessions where user_id = ${user.user.id}`;
    expect(sessions).toBe(2);

    const deleted = await call(user, `/sessions/${first.body.id}`, { method: "DELETE" });
    expect(deleted.status).toBe(200);
    expect(await stored(user)).toMatchObject({ files: 1 });
    const again = await call(user, "/sessions", { form: sessionForm("논술 문제 넷") });
    expect(again.status).toBe(201);
  });

  it("refuses what would pass the byte budget", async () => {
    const user = await createMember();
    const big = await call(user, "/sessions", { form: sessionForm("가".repeat(800)) }); // 2,400 bytes
    expect(big.status, JSON.stringify(big.body)).toBe(201);
    const over = await call(user, "/sessions", { form: sessionForm("나".repeat(250)) }); // +750 bytes
    expect(over.status).toBe(413);
    expect(over.body.error).toBe(FULL);
    expect(await stored(user)).toEqual({ files: 1, bytes: 2400 });
    const fits = await call(user, "/sessions", { form: sessionForm("다".repeat(150)) }); // +450 bytes
    expect(fits.status).toBe(201);
    expect(await stored(user)).toEqual({ files: 2, bytes: 2850 });
  });

  it("keeps the bound under concurrent uploads of one user", async () => {
    const user = await createMember();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => call(user, "/sessions", { form: sessionForm(`동시 업로드 문제 ${i}`) })),
    );
    const statuses = results.map((r) => r.status);
    expect(
      statuses.every((s) => s === 201 || s === 413),
      JSON.stringify(results.map((r) => r.body)),
    ).toBe(true);
    const created = results.filter((r) => r.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(created.length).toBeLessThanOrEqual(3);
    const after = await stored(user);
    expect(after.files).toBe(created.length);
    // Every stored object belongs to a created session, and every created session has its file.
    const rows = await testSql()`
      select s.prompt_file_path as path, o.name
        from public.analysis_sessions s
        left join storage.objects o on o.bucket_id = 'essays' and o.name = s.prompt_file_path
       where s.user_id = ${user.user.id}`;
    expect(rows).toHaveLength(created.length);
    for (const r of rows) expect(r.name).toBe(r.path);
  });

  it("counts anchor answer files (기준 답안) against the same bound; a typed anchor stores nothing", async () => {
    const user = await createMember();
    const session = await call(user, "/sessions", { form: sessionForm("논술 문제 하나", "평가 기준 하나") });
    expect(session.status).toBe(201);
    const anchorForm = (name: string) => {
      const form = new FormData();
      form.append("file", txt(`${name} ${KOREAN_ESSAY}`.slice(0, 300), `${name}.txt`));
      form.append("totalScore", "70");
      return form;
    };
    const path = `/sessions/${session.body.id}/anchors`;
    expect((await call(user, path, { form: anchorForm("기준1") })).status).toBe(201);
    expect(await stored(user)).toMatchObject({ files: 3 });
    const over = await call(user, path, { form: anchorForm("기준2") });
    expect(over.status).toBe(413);
    expect(over.body.error).toBe(FULL);
    expect(await stored(user)).toMatchObject({ files: 3 });
    const typed = new FormData();
    typed.append("content", KOREAN_ESSAY);
    typed.append("totalScore", "70");
    expect((await call(user, path, { form: typed })).status).toBe(201);
    expect(await stored(user)).toMatchObject({ files: 3 });
  });
});
