// One minimum-length rule for typed, file and photo answers, enforced by the server (100 characters
// after trimming, 400 "최소 100자 이상 작성해주세요."); a too-short answer in a batch is recorded in
// the session as refused, with its student, until the teacher dismisses it; a photographed answer
// is read with the vision model at upload and refused when the reading is empty, illegible or JSON,
// and held for the teacher's confirmation when only partly legible (fake model: tests/fakes/llm.ts).
import { describe, expect, it } from "vitest";
import { api, createMember, setPlan, testSql } from "../helpers/users.ts";
import { useTeacherSession } from "../helpers/suite.ts";
import { createSession, FIXTURE_SCAN } from "../helpers/grading.ts";
import { fileOf, utf8 } from "../helpers/files.ts";
import { FAKE_TRANSCRIPTION } from "../fakes/llm.ts";

const ctx = useTeacherSession({ other: createMember });
const TOO_SHORT = "최소 100자 이상 작성해주세요.";

/** `n` characters of Korean text (no spaces at either end), padded with spaces and a newline around it. */
function answerOf(n: number): string {
  const body = "가나다라마바사아자차카타파하 ".repeat(20).trim().slice(0, n);
  expect([...body].length).toBe(n);
  return `  ${body}\n\n`;
}

/** FIXTURE_SCAN with a marker after the image data that picks the fake model's reading. */
const photo = (marker = "") => fileOf(Buffer.concat([FIXTURE_SCAN, Buffer.from(marker)]), "김사진_20240107.png", "image/png");

async function postFile(file: File) {
  const form = new FormData();
  form.append("essayFile", file);
  return api(`/sessions/${ctx.sessionId}/submissions`, { token: ctx.teacher.token, form });
}

const answersOfSession = async (sessionId: string) =>
  Number((await testSql()`select count(*)::int as n from public.essay_submissions where session_id = ${sessionId}`)[0].n);

describe("one minimum length for every answer (server-side)", () => {
  it("typed: 99 characters after trimming → 400, 100 → 201", async () => {
    const short = await api(`/sessions/${ctx.sessionId}/submissions`, { token: ctx.teacher.token, json: { essayContent: answerOf(99) } });
    expect(short.status).toBe(400);
    expect(short.body.error).toBe(TOO_SHORT);
    const ok = await api(`/sessions/${ctx.sessionId}/submissions`, { token: ctx.teacher.token, json: { essayContent: answerOf(100) } });
    expect(ok.status).toBe(201);
  });

  it("file (.txt): 99 characters → the same 400, nothing stored; 100 → 201", async () => {
    const before = await answersOfSession(ctx.sessionId);
    const short = await postFile(fileOf(utf8(answerOf(99)), "이짧음_20240105.txt", "text/plain"));
    expect(short.status).toBe(400);
    expect(short.body.error).toBe(TOO_SHORT);
    expect(await answersOfSession(ctx.sessionId)).toBe(before);
    const ok = await postFile(fileOf(utf8(answerOf(100)), "이충분_20240106.txt", "text/plain"));
    expect(ok.status).toBe(201);
  });

  it("photo: a reading of 99 characters → the same 400; one of 100 → 201 with the text read stored", async () => {
    const short = await postFile(photo("[[ocr:short]]"));
    expect(short.status).toBe(400);
    expect(short.body.error).toBe(TOO_SHORT);
    const ok = await postFile(photo());
    expect(ok.status).toBe(201);
    const [row] = await testSql()`select essay_content, essay_mime_type from public.essay_submissions where id = ${ok.body.id}`;
    expect(row).toEqual({ essay_content: FAKE_TRANSCRIPTION, essay_mime_type: "image/png" });
  });
});

describe("a photographed answer's reading is checked before it is stored", () => {
  it.each([
    ["[[ocr:json]]", "답안으로 보이지 않습니다"],
    ["[[ocr:empty]]", "글자를 읽지 못했습니다"],
    ["[[ocr:illegible]]", "알아볼 수 없습니다"],
  ])("%s → 422 with a Korean message asking for a clearer photo or the text; nothing stored", async (marker, words) => {
    const before = await answersOfSession(ctx.sessionId);
    const res = await postFile(photo(marker));
    expect(res.status).toBe(422);
    expect(res.body.error).toContain(words);
    expect(res.body.error).toMatch(/사진|직접 입력/);
    expect(await answersOfSession(ctx.sessionId)).toBe(before);
  });

  it("a partly legible photo waits for the teacher: 422 needsConfirmation with the text read; the confirmed text is then accepted", async () => {
    const before = await answersOfSession(ctx.sessionId);
    const res = await postFile(photo("[[ocr:partial]]"));
    expect(res.status).toBe(422);
    expect(res.body.needsConfirmation).toBe(true);
    expect(res.body.transcription).toBe(FAKE_TRANSCRIPTION);
    expect(res.body.error).toContain("확인");
    expect(await answersOfSession(ctx.sessionId)).toBe(before);
    const confirmed = await api(`/sessions/${ctx.sessionId}/submissions`, {
      token: ctx.teacher.token,
      json: { essayContent: res.body.transcription, studentName: "김사진" },
    });
    expect(confirmed.status).toBe(201);
  });
});

describe("a too-short answer in a batch is recorded as refused until dismissed", () => {
  it("stages the others, lists the refused student with the reason, and 닫기 removes it (owner only)", async () => {
    await setPlan(ctx.teacher, "educator");
    const sessionId = await createSession(ctx.teacher);
    const form = new FormData();
    form.append("files", fileOf(utf8(answerOf(49)), "박짧음_20240201.txt", "text/plain"));
    form.append("studentNames", "");
    form.append("studentIds", "");
    form.append("files", fileOf(utf8(answerOf(120)), "최충분_20240202.txt", "text/plain"));
    form.append("studentNames", "");
    form.append("studentIds", "");
    const up = await api(`/sessions/${sessionId}/batch-upload`, { token: ctx.teacher.token, form });
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    expect(up.body.count).toBe(1);
    expect(up.body.submissions.map((s: { studentName: string }) => s.studentName)).toEqual(["최충분"]);
    expect(up.body.refused).toEqual([
      { essayFilename: "박짧음_20240201.txt", studentName: "박짧음", studentId: "20240201", reason: TOO_SHORT },
    ]);

    const list = await api(`/sessions/${sessionId}/refused-answers`, { token: ctx.teacher.token });
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({
      studentName: "박짧음",
      studentId: "20240201",
      filename: "박짧음_20240201.txt",
      reason: TOO_SHORT,
    });

    // Another member neither sees nor dismisses it.
    expect((await api(`/sessions/${sessionId}/refused-answers`, { token: ctx.other.token })).status).toBe(404);
    const theirs = await api(`/refused-answers/${list.body[0].id}/dismiss`, { method: "POST", token: ctx.other.token });
    expect(theirs.status).toBe(404);
    const [rls] = await testSql()`select count(*)::int as n from public.refused_answers where session_id = ${sessionId}`;
    expect(rls.n).toBe(1);

    const dismissed = await api(`/refused-answers/${list.body[0].id}/dismiss`, { method: "POST", token: ctx.teacher.token });
    expect(dismissed.status).toBe(200);
    expect((await api(`/sessions/${sessionId}/refused-answers`, { token: ctx.teacher.token })).body).toEqual([]);
    expect((await api(`/refused-answers/${list.body[0].id}/dismiss`, { method: "POST", token: ctx.teacher.token })).status).toBe(404);
    const [row] = await testSql()`select dismissed_at from public.refused_answers where id = ${list.body[0].id}`;
    expect(row.dismissed_at).not.toBeNull();
  });
});
