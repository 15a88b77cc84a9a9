// Column rules live in the database: every column a signed-in user can write through the Data API
// (PostgREST) refuses what the API's zod rules refuse, and the columns only the server sets are not
// writable at all. The writable columns are read from the catalog, so a new grant without a case here
// fails the suite.
import { randomUUID } from "node:crypto";
import type { TransactionSql } from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authenticatedClaims, createSession, rolledBackAs } from "../helpers/grading.ts";
import { fileOf, utf8, KOREAN_ESSAY } from "../helpers/files.ts";
import { api, closeTestSql, createMember, testSql, type TestUser } from "../helpers/users.ts";

const sql = () => testSql();
type Actor = "owner" | "admin";
const uid = {} as Record<Actor | "other", string>;
const fx = {
  submission: "",
  post: "",
  otherPost: "",
  attachment: "",
  ownerClass: "",
  otherClass: "",
  ownerStudent: "",
  otherStudent: "",
  ownerOrg: "",
  otherOrg: "",
};
const suffix = randomUUID().slice(0, 8);
const objectName = (ext = "png") => `attachments/${randomUUID()}.${ext}`;

async function authUser(admin = false): Promise<string> {
  const id = randomUUID();
  await sql()`insert into auth.users (id, aud, role, email, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
              values (${id}, 'authenticated', 'authenticated', ${`cols-${id.slice(0, 8)}@example.com`},
                      ${sql().json({ provider: "email", providers: ["email"] })}, '{}', now(), now())`;
  if (admin) await sql()`update public.profiles set is_admin = true where id = ${id}`;
  return id;
}

beforeAll(async () => {
  uid.owner = await authUser();
  uid.other = await authUser();
  uid.admin = await authUser(true);
  const [s] = await sql()`insert into public.analysis_sessions (user_id, prompt_content) values (${uid.owner}, '문제') returning id`;
  const [e] = await sql()`insert into public.essay_submissions (session_id, user_id, student_name, student_id, essay_content)
                          values (${s.id}, ${uid.owner}, '홍길동', '1234', '답안') returning id`;
  fx.submission = e.id;
  for (const who of ["owner", "other"] as const) {
    const [c] = await sql()`insert into public.classes (user_id, name) values (${uid[who]}, '1반') returning id`;
    const [st] = await sql()`insert into public.students (user_id, exam_number, name) values (${uid[who]}, '1', '김민수') returning id`;
    await sql()`insert into public.class_students (class_id, student_id, seat_number) values (${c.id}, ${st.id}, 1)`;
    fx[`${who}Class`] = c.id;
    fx[`${who}Student`] = st.id;
    // An organisation each belongs to (as a teacher): a class or student may be made in one's own only.
    const [o] = await sql()`insert into public.organisations (name) values ('학원') returning id`;
    await sql()`insert into public.org_members (org_id, user_id, role) values (${o.id}, ${uid[who]}, 'teacher')`;
    fx[`${who}Org`] = o.id;
  }
  const post = async (slug: string) =>
    (
      await sql()`insert into public.blog_posts (author_id, title, slug, excerpt, content, category, is_published)
                 values (${uid.admin}, '글', ${slug}, '요약', '본문', 'essay-tips', true) returning id`
    )[0].id as string;
  fx.post = await post(`cols-${suffix}`);
  fx.otherPost = await post(`cols-other-${suffix}`);
  const [a] =
    await sql()`insert into public.blog_attachments (blog_post_id, uploaded_by, filename, filepath, file_type, mime_type, file_size)
                          values (${fx.post}, ${uid.admin}, 'a.png', ${objectName()}, 'image', 'image/png', 10) returning id`;
  fx.attachment = a.id;
});

afterAll(async () => {
  await sql()`delete from public.blog_posts where id in ${sql()([fx.post, fx.otherPost].filter(Boolean))}`;
  await sql()`delete from public.organisations where id in ${sql()([fx.ownerOrg, fx.otherOrg].filter(Boolean))}`;
  await sql()`delete from auth.users where id in ${sql()(Object.values(uid))}`;
  await closeTestSql();
});

/** "ok" with the rows written (or what `write` returned), else the SQLSTATE ("denied" for 42501), in a rolled-back transaction. */
async function attempt(actor: Actor, write: (tx: TransactionSql) => Promise<unknown>): Promise<unknown> {
  try {
    return await rolledBackAs(authenticatedClaims(uid[actor]), write, { sql: sql() });
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code) return code;
    throw err;
  }
}

// -----------------------------------------------------------------------------
// One case per writable column: a valid value that is written, and values the API refuses.
// -----------------------------------------------------------------------------
interface Bad {
  value: unknown;
  /** SQLSTATE of the refusal ("denied" = 42501), or the value the database stores instead (cleaned). */
  refused?: "23514" | "23502" | "23503" | "denied";
  stored?: unknown;
}
interface ColumnCase {
  actor: Actor;
  /** Writes `value` into the column; the rows written (or the stored value, for a cleaned column). */
  write: (tx: TransactionSql, value: unknown) => Promise<unknown>;
  good: unknown;
  /** What writing `good` gives (default: 1 row). */
  written?: unknown;
  bad: Bad[];
}

const long = (n: number, ch = "가") => ch.repeat(n);
const refused = (code: Bad["refused"], ...values: unknown[]): Bad[] => values.map((value) => ({ value, refused: code }));
const count = async (q: Promise<{ count: number }>) => (await q).count;

const POST = {
  title: "새 글",
  slug: "",
  excerpt: "요약",
  content: "본문",
  category: "essay-tips",
  tags: [] as string[],
  featured_image: null,
  meta_title: null,
  meta_description: null,
  is_published: false,
  author_id: "",
};
const insertPost = (column: string) => (tx: TransactionSql, value: unknown) => {
  const row = { ...POST, slug: `cols-new-${randomUUID().slice(0, 8)}`, author_id: uid.admin, [column]: value };
  return count(tx`insert into public.blog_posts ${tx(row as Record<string, any>)}`);
};
const updatePost = (column: string) => (tx: TransactionSql, value: unknown) =>
  count(tx`update public.blog_posts set ${tx({ [column]: value } as Record<string, any>)} where id = ${fx.post}`);

const ATTACHMENT = {
  blog_post_id: "",
  uploaded_by: "",
  filename: "b.pdf",
  filepath: "",
  file_type: "document",
  mime_type: "application/pdf",
  file_size: 1,
  display_order: 0,
};
const insertAttachment = (column: string) => (tx: TransactionSql, value: unknown) => {
  const row = { ...ATTACHMENT, blog_post_id: fx.post, uploaded_by: uid.admin, filepath: objectName("pdf"), [column]: value };
  return count(tx`insert into public.blog_attachments ${tx(row as Record<string, any>)}`);
};

const studentField = (column: "student_name" | "student_id", good: string): ColumnCase => ({
  actor: "owner",
  write: (tx, v) =>
    count(tx`update public.essay_submissions set ${tx({ [column]: v } as Record<string, any>)} where id = ${fx.submission}`),
  good,
  bad: refused("23514", long(1_000_000), long(51), "", "   ", ` ${good}`, `${good}\n`, "\u3000홍길동", "홍길동".normalize("NFD")),
});

/** A class's and a student's text columns (_shared/classes.ts: trimmed, NFC, bounded); the same on insert and update. */
const trimmedText = (max: number, good: string, nfc = true): Bad[] => [
  ...refused("23514", "", "   ", ` ${good}`, `${good}\n`, long(max + 1)),
  // Names and 수험번호 are stored composed (NFC); 학년, 과목, 학기 are not compared, so not checked.
  ...(nfc ? refused("23514", "김민수".normalize("NFD")) : []),
];
const CLASS_ROW = { name: "반", grade: null, subject: null, term: null };
const insertClass = (column: string) => (tx: TransactionSql, v: unknown) =>
  count(tx`insert into public.classes ${tx({ ...CLASS_ROW, [column]: v } as Record<string, any>)}`);
const updateClass = (column: string) => (tx: TransactionSql, v: unknown) =>
  count(tx`update public.classes set ${tx({ [column]: v } as Record<string, any>)} where id = ${fx.ownerClass}`);
const insertStudent = (column: string) => (tx: TransactionSql, v: unknown) =>
  count(
    tx`insert into public.students ${tx({ exam_number: randomUUID().slice(0, 8), name: "학생", notes: "", [column]: v } as Record<string, any>)}`,
  );
const updateStudent = (column: string) => (tx: TransactionSql, v: unknown) =>
  count(tx`update public.students set ${tx({ [column]: v } as Record<string, any>)} where id = ${fx.ownerStudent}`);
/** An enrolment of a new student of the owner's (or `student`) in the owner's class (or `classId`). */
const insertEnrolment = (column: "class_id" | "student_id" | "seat_number") => async (tx: TransactionSql, v: unknown) => {
  const fresh = randomUUID();
  await tx`insert into public.students (id, exam_number, name) values (${fresh}, ${fresh.slice(0, 8)}, '새학생')`;
  const row = { class_id: fx.ownerClass, student_id: fresh, seat_number: null, [column]: v };
  return count(tx`insert into public.class_students ${tx(row as Record<string, any>)}`);
};
const classRules: Record<string, { good: unknown; bad: Bad[] }> = {
  name: { good: "1학년 3반", bad: [...trimmedText(50, "1학년 3반"), ...refused("23502", null)] },
  grade: { good: "1학년", bad: trimmedText(20, "1학년", false) },
  subject: { good: "국어", bad: trimmedText(30, "국어", false) },
  term: { good: "2026-1학기", bad: trimmedText(30, "2026-1학기", false) },
};
const studentRules: Record<string, { good: unknown; bad: Bad[] }> = {
  exam_number: { good: "20240101", bad: [...trimmedText(50, "20240101"), ...refused("23502", null)] },
  name: { good: "김철수", bad: [...trimmedText(50, "김철수"), ...refused("23502", null)] },
  notes: { good: "논술 동아리", bad: [...refused("23514", long(2001)), ...refused("23502", null)] },
};

/** The post columns' rules, the same on insert and update (_shared/blog.ts blogPostFieldsSchema). */
const postRules: Record<string, { good: unknown; bad: Bad[] }> = {
  title: { good: "제목", bad: [...refused("23514", "", "  ", " 제목", long(201), long(1_000_000)), ...refused("23502", null)] },
  slug: {
    good: () => `cols-ok-${randomUUID().slice(0, 8)}`,
    bad: refused("23514", "Upper", "a b", "a--b", "-a", "a/b", "a?b", long(201, "a")),
  },
  excerpt: { good: "짧은 요약", bad: refused("23514", long(1001), " 요약", "요약\n") },
  content: { good: "본문입니다.", bad: [...refused("23514", "", " \n\t", long(200_001)), ...refused("23502", null)] },
  category: { good: "platform-guide", bad: refused("23514", "gossip", "") },
  tags: {
    good: ["논술", "글쓰기"],
    bad: [...refused("23514", Array(31).fill("t"), [long(51)], [" 공백"], [""], ["a", null]), ...refused("23502", null)],
  },
  featured_image: {
    good: "https://example.com/a.png",
    bad: refused("23514", "javascript:alert(1)", "data:image/png;base64,AA", " https://x.kr/a.png", `https://x.kr/${long(2000, "a")}`, ""),
  },
  meta_title: { good: "메타 제목", bad: refused("23514", long(201), "", " 제목") },
  meta_description: { good: "메타 설명", bad: refused("23514", long(501), "", "설명 ") },
  is_published: { good: true, bad: refused("23502", null) },
};
const value = (v: unknown) => (typeof v === "function" ? (v as () => unknown)() : v);

const cases: Record<string, ColumnCase> = {
  "profiles.display_name:UPDATE": {
    actor: "owner",
    write: async (tx, v) =>
      (
        await tx`update public.profiles set display_name = ${v as string} where id = ${uid.owner}
                                     returning display_name`
      )[0]?.display_name,
    good: "새 이름",
    written: "새 이름",
    // The profile trigger cleans every display name (private.clean_display_name) instead of refusing it.
    bad: [
      { value: long(1_000_000), stored: long(100) },
      { value: "\u202E이름\u0007 ", stored: "이름" },
      { value: "   ", stored: null },
    ],
  },
  "essay_submissions.student_name:UPDATE": studentField("student_name", "김철수"),
  "essay_submissions.student_id:UPDATE": studentField("student_id", "20240101"),
  "blog_posts.author_id:INSERT": {
    actor: "admin",
    write: insertPost("author_id"),
    good: "admin",
    // A post's author is the admin who writes it.
    bad: [
      { value: "other", refused: "denied" },
      { value: null, refused: "denied" },
    ],
  },
  "blog_attachments.blog_post_id:INSERT": {
    actor: "admin",
    write: insertAttachment("blog_post_id"),
    good: null,
    bad: refused("23503", randomUUID()),
  },
  "blog_attachments.blog_post_id:UPDATE": {
    actor: "admin",
    write: (tx, v) => count(tx`update public.blog_attachments set blog_post_id = ${v as string} where id = ${fx.attachment}`),
    good: "otherPost",
    bad: refused("23503", randomUUID()),
  },
  "blog_attachments.uploaded_by:INSERT": {
    actor: "admin",
    write: insertAttachment("uploaded_by"),
    good: "admin",
    bad: refused("denied", "other", null),
  },
  "blog_attachments.filename:INSERT": {
    actor: "admin",
    write: insertAttachment("filename"),
    good: "수행평가 안내.pdf",
    bad: [...refused("23514", "", "a\u0007.pdf", "a\nb.pdf", long(201)), ...refused("23502", null)],
  },
  "blog_attachments.filepath:INSERT": {
    actor: "admin",
    write: insertAttachment("filepath"),
    good: () => objectName("pdf"),
    bad: refused(
      "23514",
      "../essays/x.pdf",
      "attachments/x.pdf",
      `attachments/${randomUUID()}.html`,
      `/attachments/${randomUUID()}.pdf`,
      "x/b.pdf",
    ),
  },
  "blog_attachments.file_type:INSERT": {
    actor: "admin",
    write: insertAttachment("file_type"),
    good: "document",
    bad: refused("23514", "video", "image", ""),
  },
  "blog_attachments.mime_type:INSERT": {
    actor: "admin",
    write: insertAttachment("mime_type"),
    good: "text/plain",
    bad: refused("23514", "text/html", "image/png", "application/x-msdownload"),
  },
  "blog_attachments.file_size:INSERT": {
    actor: "admin",
    write: insertAttachment("file_size"),
    good: 10 * 1024 * 1024,
    bad: refused("23514", 0, -1, 10 * 1024 * 1024 + 1),
  },
  "blog_attachments.display_order:INSERT": { actor: "admin", write: insertAttachment("display_order"), good: 3, bad: refused("23514", -1) },
};
for (const [column, rule] of Object.entries(classRules)) {
  cases[`classes.${column}:INSERT`] = { actor: "owner", write: insertClass(column), ...rule };
  cases[`classes.${column}:UPDATE`] = { actor: "owner", write: updateClass(column), ...rule };
}
for (const [column, rule] of Object.entries(studentRules)) {
  cases[`students.${column}:INSERT`] = { actor: "owner", write: insertStudent(column), ...rule };
  cases[`students.${column}:UPDATE`] = { actor: "owner", write: updateStudent(column), ...rule };
}
// The API chooses a new class's or student's id (no `insert … returning` under the helper-based policies).
cases["classes.id:INSERT"] = { actor: "owner", write: insertClass("id"), good: () => randomUUID(), bad: refused("23502", null) };
cases["students.id:INSERT"] = { actor: "owner", write: insertStudent("id"), good: () => randomUUID(), bad: refused("23502", null) };
// A class or student in an organisation's space: only in one the writer is a member of (null: the personal space).
cases["classes.org_id:INSERT"] = {
  actor: "owner",
  write: insertClass("org_id"),
  good: "ownerOrg",
  bad: refused("denied", "otherOrg", randomUUID()),
};
cases["students.org_id:INSERT"] = {
  actor: "owner",
  write: insertStudent("org_id"),
  good: "ownerOrg",
  bad: refused("denied", "otherOrg", randomUUID()),
};
// Links stay within one owner (private.check_class_links): another teacher's class or student is refused.
cases["class_students.class_id:INSERT"] = {
  actor: "owner",
  write: insertEnrolment("class_id"),
  good: "ownerClass",
  bad: refused("23514", "otherClass", randomUUID()),
};
cases["class_students.student_id:INSERT"] = {
  actor: "owner",
  write: (tx, v) =>
    v === "fresh"
      ? insertEnrolment("seat_number")(tx, null)
      : count(tx`insert into public.class_students (class_id, student_id) values (${fx.ownerClass}, ${v as string})`),
  good: "fresh",
  bad: refused("23514", "otherStudent", randomUUID()),
};
cases["class_students.seat_number:INSERT"] = {
  actor: "owner",
  write: insertEnrolment("seat_number"),
  good: 999,
  bad: refused("23514", 0, 1000),
};
cases["class_students.seat_number:UPDATE"] = {
  actor: "owner",
  write: (tx, v) => count(tx`update public.class_students set seat_number = ${v as number} where class_id = ${fx.ownerClass}`),
  good: 7,
  bad: refused("23514", 0, 1000),
};
cases["essay_submissions.roster_student_id:UPDATE"] = {
  actor: "owner",
  write: (tx, v) => count(tx`update public.essay_submissions set roster_student_id = ${v as string} where id = ${fx.submission}`),
  good: "ownerStudent",
  bad: refused("23514", "otherStudent", randomUUID()),
};
for (const [column, rule] of Object.entries(postRules)) {
  cases[`blog_posts.${column}:INSERT`] = { actor: "admin", write: insertPost(column), ...rule };
  cases[`blog_posts.${column}:UPDATE`] = { actor: "admin", write: updatePost(column), ...rule };
}
// The rubric library and the comment bank (_shared/library.ts): a rubric's criteria are a session's rubric.
const LIBRARY_CRITERIA = [
  { name: "논리 구조", maxScore: 60 },
  { name: "표현", maxScore: 40, description: "맞춤법과 문장" },
];
let ownerRubric = "";
beforeAll(async () => {
  [{ id: ownerRubric }] = await sql()`insert into public.rubrics (user_id, name, criteria)
                                        values (${uid.owner}, '기준', ${sql().json(LIBRARY_CRITERIA)}) returning id`;
});
const insertRubric = (column: string) => (tx: TransactionSql, v: unknown) => {
  const row = { org_id: null, name: "인문 논술", description: "", criteria: LIBRARY_CRITERIA, [column]: v } as Record<string, any>;
  return count(tx`insert into public.rubrics (org_id, name, description, criteria)
                  values (${row.org_id}, ${row.name}, ${row.description}, ${row.criteria === null ? null : tx.json(row.criteria)})`);
};
const updateRubric = (column: string) => (tx: TransactionSql, v: unknown) =>
  column === "criteria"
    ? count(tx`update public.rubrics set criteria = ${v === null ? null : tx.json(v as any)} where id = ${ownerRubric}`)
    : count(tx`update public.rubrics set ${tx({ [column]: v } as Record<string, any>)} where id = ${ownerRubric}`);
const rubricRules: Record<string, { good: unknown; bad: Bad[] }> = {
  name: { good: "찬반 논증", bad: [...trimmedText(50, "찬반 논증"), ...refused("23502", null)] },
  description: { good: "3학년 모의 논술용", bad: [...refused("23514", long(301), " 설명", "설명\n"), ...refused("23502", null)] },
  criteria: {
    good: [{ name: "종합", maxScore: 100 }],
    bad: [
      ...refused(
        "23514",
        [],
        [{ name: "논리", maxScore: 1.5 }],
        [
          { name: "논리", maxScore: 600 },
          { name: "표현", maxScore: 600 },
        ],
      ),
      ...refused("23514", [{ name: " 논리", maxScore: 10 }], [{ name: "논리", maxScore: 10, extra: 1 }]),
      ...refused("23502", null),
    ],
  },
};
for (const [column, rule] of Object.entries(rubricRules)) {
  cases[`rubrics.${column}:INSERT`] = { actor: "owner", write: insertRubric(column), ...rule };
  cases[`rubrics.${column}:UPDATE`] = { actor: "owner", write: updateRubric(column), ...rule };
}
// The space is the caller's own (null) or an organisation they may share into (rls-org-library.test.ts).
cases["rubrics.org_id:INSERT"] = { actor: "owner", write: insertRubric("org_id"), good: null, bad: refused("denied", randomUUID()) };
const insertComment = (column: string) => (tx: TransactionSql, v: unknown) =>
  count(
    tx`insert into public.comment_bank ${tx({ org_id: null, text: "근거를 더 구체적으로", category: null, [column]: v } as Record<string, any>)}`,
  );
cases["comment_bank.org_id:INSERT"] = { actor: "owner", write: insertComment("org_id"), good: null, bad: refused("denied", randomUUID()) };
cases["comment_bank.text:INSERT"] = {
  actor: "owner",
  write: insertComment("text"),
  good: "서론에서 주장을 먼저 밝히세요.",
  bad: [...trimmedText(500, "서론"), ...refused("23502", null)],
};
cases["comment_bank.category:INSERT"] = {
  actor: "owner",
  write: insertComment("category"),
  good: "고칠 점",
  bad: trimmedText(40, "고칠 점", false),
};
/** Names of fixture users and posts in `good` / `bad` values, resolved once the fixtures exist. */
const resolve = (v: unknown) => {
  const named: Record<string, string> = {
    admin: uid.admin,
    other: uid.other,
    otherPost: fx.otherPost,
    ownerClass: fx.ownerClass,
    otherClass: fx.otherClass,
    ownerStudent: fx.ownerStudent,
    otherStudent: fx.otherStudent,
    ownerOrg: fx.ownerOrg,
    otherOrg: fx.otherOrg,
  };
  const raw = value(v);
  return typeof raw === "string" && raw in named ? named[raw] : raw;
};

describe("every column a signed-in user can write carries the API's rules", () => {
  it("has a case for each column granted to authenticated (insert or update, schema public)", async () => {
    const granted = await sql()`
      select table_name || '.' || column_name || ':' || privilege_type as key
        from information_schema.column_privileges
       where grantee = 'authenticated' and table_schema = 'public' and privilege_type in ('INSERT', 'UPDATE')
       order by 1`;
    expect(granted.map((r) => r.key as string).sort()).toEqual(Object.keys(cases).sort());
  });

  it("visitors (anon, PUBLIC) can write no column at all", async () => {
    const granted = await sql()`
      select table_name || '.' || column_name || ':' || privilege_type as key
        from information_schema.column_privileges
       where grantee in ('anon', 'PUBLIC') and table_schema = 'public' and privilege_type in ('INSERT', 'UPDATE')`;
    expect(granted.map((r) => r.key)).toEqual([]);
  });

  it.each(Object.entries(cases))("%s", async (_key, c) => {
    const good = await attempt(c.actor, (tx) => c.write(tx, resolve(c.good)));
    expect(good, "the valid value is written").toEqual(c.written ?? 1);
    for (const bad of c.bad) {
      const outcome = await attempt(c.actor, (tx) => c.write(tx, resolve(bad.value)));
      const shown = JSON.stringify(resolve(bad.value))?.slice(0, 60);
      expect(outcome, shown).toEqual(bad.refused ?? bad.stored);
    }
  });
});

describe("columns only the server sets are not writable by users", () => {
  const denied = (actor: Actor, write: (tx: TransactionSql) => Promise<unknown>) => attempt(actor, write);

  it("profiles.last_login_at (set by the API at login, shown to admins)", async () => {
    expect(await denied("owner", (tx) => tx`update public.profiles set last_login_at = '2099-01-01' where id = ${uid.owner}`)).toBe(
      "denied",
    );
  });

  it("a blog post's view count, publication time and timestamps", async () => {
    for (const set of ["view_count = 1000000", "published_at = '2099-01-01'", "created_at = now()", "updated_at = now()"]) {
      expect(await denied("admin", (tx) => tx.unsafe(`update public.blog_posts set ${set} where id = $1`, [fx.post])), set).toBe("denied");
    }
  });

  it("plans and the abuse tables are written by the service connection only", async () => {
    const writes = [
      "update public.subscription_plans set price = 1 where id = 'trial'",
      "insert into public.subscription_plans (id, name, price, max_essays_per_month) values ('cols_x', 'x', 1, 1)",
      "insert into public.rate_limits (identifier, type, action, reset_at) values ('cols-x', 'ip', 'login', now())",
      "insert into public.abuse_tracking (event_type) values ('cols')",
    ];
    for (const w of writes) expect(await denied("admin", (tx) => tx.unsafe(w)), w).toBe("denied");
  });
});

describe("student fields read from a file name", () => {
  let teacher: TestUser;
  beforeAll(async () => {
    teacher = await createMember();
  });

  it("are held to 50 characters like typed ones, so a long Hangul file name is still accepted", async () => {
    const sessionId = await createSession(teacher);
    const form = new FormData();
    form.append("essayFile", fileOf(utf8(KOREAN_ESSAY), `${long(60, "김")}_${"1".repeat(12)}.txt`, "text/plain"));
    const res = await api(`/sessions/${sessionId}/submissions`, { token: teacher.token, form });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [row] = await sql()`select student_name, student_id from public.essay_submissions where id = ${res.body.id}`;
    expect(row).toEqual({ student_name: long(50, "김"), student_id: "1".repeat(12) });
  });
});
