// Reading teachers' real files through the API: good files are extracted, bad ones are a 4xx in Korean
// and leave the database, storage and usage exactly as they were.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAKE_TRANSCRIPTION } from "../fakes/llm.ts";
import { api, closeTestSql, createMember, testSql, type TestUser } from "../helpers/users.ts";
import {
  cp949,
  DOCX_PARAGRAPHS,
  fileOf,
  KOREAN_ESSAY,
  makeCorruptDocx,
  makeDocx,
  makeEncryptedPdf,
  makeImageOnlyPdf,
  makeLargeText,
  makeLyingZipBomb,
  makeManyEntryZip,
  makePdf,
  makePng,
  makeZipBomb,
  PDF_PAGES,
  utf16be,
  utf16le,
  utf8,
} from "../helpers/files.ts";

const HANGUL = /[\uac00-\ud7a3]/;
let teacher: TestUser;
let sessionId: string;

async function createSession(user: TestUser, prompt: File, criteria?: File) {
  const form = new FormData();
  form.append("promptFile", prompt);
  if (criteria) form.append("criteriaFile", criteria);
  return api("/sessions", { token: user.token, form });
}

async function submitFile(file: File, extra: Record<string, string> = {}) {
  const form = new FormData();
  form.append("essayFile", file);
  for (const [k, v] of Object.entries(extra)) form.append(k, v);
  return api(`/sessions/${sessionId}/submissions`, { token: teacher.token, form });
}

/** Everything a rejected upload must not change. */
async function snapshot(user: TestUser) {
  const sql = testSql();
  const [counts] = await sql`
    select (select count(*) from public.analysis_sessions where user_id = ${user.user.id})::int as sessions,
           (select count(*) from public.essay_submissions where user_id = ${user.user.id})::int as submissions,
           (select coalesce(sum(essay_count), 0) from public.usage_tracking where user_id = ${user.user.id})::int as used`;
  const objects = await sql`
    select name from storage.objects where bucket_id = 'essays' and name like ${user.user.id + "/%"} order by name`;
  return { ...counts, objects: objects.map((o) => o.name) };
}

async function essayContentOf(id: string): Promise<string> {
  const [row] = await testSql()`select essay_content from public.essay_submissions where id = ${id}`;
  return row.essay_content;
}

beforeAll(async () => {
  teacher = await createMember();
  // Plenty of uses so quota never interferes with what is tested here.
  await testSql()`update public.subscriptions set plan_id = 'business', status = 'active' where user_id = ${teacher.user.id}`;
  const res = await createSession(teacher, fileOf(utf8("다음 글을 읽고 논술하시오."), "문제.txt"));
  expect(res.status).toBe(201);
  sessionId = res.body.id;
});

afterAll(async () => {
  await closeTestSql();
});

describe("good files are read", () => {
  it("reads a .docx with Korean paragraphs and a table", async () => {
    const res = await createSession(teacher, fileOf(await makeDocx(), "논술문제.docx"));
    expect(res.status).toBe(201);
    expect(res.body.promptFilename).toBe("논술문제.docx");
    for (const p of DOCX_PARAGRAPHS) expect(res.body.promptContent).toContain(p);
    expect(res.body.promptContent).toContain("평가 항목 | 배점");
    expect(res.body.promptContent).toContain("근거의 타당성 | 30점");
  });

  it("reads every page of a multi-page PDF", async () => {
    const res = await createSession(teacher, fileOf(utf8("문제"), "q.txt"), fileOf(await makePdf(), "기준.pdf"));
    expect(res.status).toBe(201);
    for (const page of PDF_PAGES) expect(res.body.criteriaContent).toContain(page);
    expect(res.body.criteriaFilename).toBe("기준.pdf");
  });

  it.each([
    ["UTF-8", utf8(KOREAN_ESSAY)],
    ["UTF-8 with BOM", utf8(KOREAN_ESSAY, true)],
    ["CP949 (Notepad)", cp949(KOREAN_ESSAY)],
    ["UTF-16LE with BOM", utf16le(KOREAN_ESSAY)],
    ["UTF-16BE with BOM", utf16be(KOREAN_ESSAY)],
    ["UTF-16LE without BOM", utf16le(KOREAN_ESSAY).subarray(2)],
    ["UTF-16BE without BOM", utf16be(KOREAN_ESSAY).subarray(2)],
  ])("decodes %s text without mojibake", async (_label, bytes) => {
    const res = await submitFile(fileOf(bytes, "홍길동_20240101.txt"));
    expect(res.status).toBe(201);
    expect(await essayContentOf(res.body.id)).toBe(KOREAN_ESSAY);
    expect(res.body.studentName).toBe("홍길동");
    expect(res.body.studentId).toBe("20240101");
  });

  it("keeps a PNG as the original with the text read at upload and stores it under the user's session folder", async () => {
    const png = makePng();
    const res = await submitFile(fileOf(png, "김철수_20240102.png"));
    expect(res.status).toBe(201);
    expect(res.body.essayMimeType).toBe("image/png");
    // Read by the vision model before it is stored (the minimum length applies to the reading).
    expect(await essayContentOf(res.body.id)).toBe(FAKE_TRANSCRIPTION);
    const path: string = res.body.essayFilePath;
    expect(path.startsWith(`${teacher.user.id}/${sessionId}/`)).toBe(true);
    expect(path).not.toContain("김철수");
    const [obj] = await testSql()`
      select metadata from storage.objects where bucket_id = 'essays' and name = ${path}`;
    expect(Number(obj.metadata.size)).toBe(png.length);
  });
});

/** Builds a (possibly slow to make) file once for all the tests that use it. */
function once(make: () => Promise<File> | File): () => Promise<File> {
  let file: Promise<File> | null = null;
  return () => (file ??= Promise.resolve(make()));
}

describe("bad files are rejected in Korean and change nothing", () => {
  const cases: [string, () => Promise<File> | File, number, RegExp][] = [
    ["an empty file", () => fileOf(Buffer.alloc(0), "빈파일.txt"), 400, /빈 파일/],
    ["a PNG renamed .pdf", () => fileOf(makePng(), "답안.pdf"), 400, /파일 형식 안내/],
    ["a corrupt .docx", async () => fileOf(await makeCorruptDocx(), "답안.docx"), 400, /손상/],
    ["a zip bomb .docx", once(() => fileOf(makeZipBomb(100), "폭탄.docx")), 400, /압축 해제 크기/],
    ["a zip bomb that lies about its sizes", once(() => fileOf(makeLyingZipBomb(100), "폭탄2.docx")), 400, /압축 해제 크기/],
    ["a .docx with thousands of entries", once(() => fileOf(makeManyEntryZip(5000), "많음.docx")), 400, /압축 해제 크기/],
    ["an encrypted PDF", () => fileOf(makeEncryptedPdf(), "암호.pdf"), 400, /암호/],
    ["an image-only PDF", async () => fileOf(await makeImageOnlyPdf(), "스캔.pdf"), 400, /텍스트를 찾을 수 없습니다/],
    ["an 11 MB file", once(() => fileOf(makeLargeText(), "큰파일.txt")), 413, /10MB/],
    ["an unsupported type", () => fileOf(utf8("hello"), "답안.hwp"), 400, /파일 형식 안내/],
    [
      "binary bytes named .txt",
      () => fileOf(Buffer.from(Array.from({ length: 4000 }, (_, i) => (i * 7) % 32)), "이상.txt"),
      400,
      /텍스트 파일을 읽을 수 없습니다/,
    ],
  ];

  it.each(cases)("rejects %s as an answer", async (_label, make, status, message) => {
    const before = await snapshot(teacher);
    const res = await submitFile(await make());
    expect(res.status).toBe(status);
    expect(res.body.error).toMatch(HANGUL);
    expect(res.body.error).toMatch(message);
    expect(await snapshot(teacher)).toEqual(before);
  });

  it.each(cases)("rejects %s as a prompt without creating a session", async (_label, make, status) => {
    const before = await snapshot(teacher);
    const res = await createSession(teacher, await make());
    expect(res.status).toBe(status);
    expect(res.body.error).toMatch(HANGUL);
    expect(await snapshot(teacher)).toEqual(before);
  });

  it("rejects a bad criteria file and does not keep the good prompt", async () => {
    const before = await snapshot(teacher);
    const res = await createSession(teacher, fileOf(await makeDocx(), "문제.docx"), fileOf(makeEncryptedPdf(), "기준.pdf"));
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/평가 기준/);
    expect(await snapshot(teacher)).toEqual(before);
  });

  it("rejects a whole batch when one file is bad, keeping earlier submissions", async () => {
    const before = await snapshot(teacher);
    const form = new FormData();
    form.append("files", fileOf(utf8(KOREAN_ESSAY), "홍길동_20240101.txt"));
    form.append("files", fileOf(makePng(), "김철수_20240102.pdf"));
    const res = await api(`/sessions/${sessionId}/batch-upload`, { token: teacher.token, form });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/김철수_20240102\.pdf/);
    expect(await snapshot(teacher)).toEqual(before);
  });
});
