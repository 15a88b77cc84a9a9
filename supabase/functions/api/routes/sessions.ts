// Sessions (prompt + criteria), submissions, batch upload / start (issue 3). See ../README.md.
import type { GraderKind } from "../../_shared/grading.ts";
import { z } from "zod";
import type postgres from "postgres";
import type { Ctx, Route } from "../lib/types.ts";
import { HttpError } from "../lib/errors.ts";
import { json } from "../lib/http.ts";
import { enforceRateLimit, RATE_LIMITS } from "../lib/rate-limit.ts";
import { getAccountUsage } from "../lib/account.ts";
import { checkFileMeta, type ReadFile, readUpload } from "../files/index.ts";
import { objectPath, putObject, putObjects, removeObjects } from "../files/storage.ts";
import { assertUsageAvailable, reserveUsage, usageExceededError } from "../usage/quota.ts";
import { startWorkerInBackground } from "../grading/worker.ts";
import { type CsvSubmissionRow, resultsCsv, resultsCsvFilename } from "../grading/csv.ts";
import { attachmentHeader } from "../grading/report.ts";
import {
  ESSAY_EXTENSIONS,
  exceedsChars,
  MAX_CRITERIA_CHARS,
  MAX_ESSAY_CHARS,
  MAX_PROMPT_CHARS,
  MIN_ESSAY_LENGTH,
  SETUP_EXTENSIONS,
  uploadMessages,
} from "../../_shared/upload-rules.ts";
import { canBatch } from "../../_shared/plans.ts";
import { parseStudentFilename } from "../../_shared/student-filename.ts";
import type { AnalysisSession, Submission } from "../../_shared/types.ts";

type Sql = postgres.Sql | postgres.TransactionSql;

export const SESSION_MESSAGES = {
  sessionNotFound: "작업을 찾을 수 없습니다.",
  deleted: "작업이 성공적으로 삭제되었습니다.",
  submitted: "AI 분석이 시작되었습니다. 잠시만 기다려주세요.",
  batchUploaded: (n: number) => `${n}개의 답안이 업로드되었습니다. 첨삭을 시작해 주세요.`,
  batchStarted: (n: number) => `${n}개의 답안 첨삭을 시작했습니다.`,
  nothingToStart: "시작할 답안이 없습니다. 먼저 답안 파일을 업로드해주세요.",
  studentFieldTooLong: "학생 이름과 수험번호는 50자 이내로 입력해주세요.",
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const iso = (v: unknown) => (v == null ? null : v instanceof Date ? v.toISOString() : String(v));

// ---------------------------------------------------------------------------------------------
// JSON shapes
// ---------------------------------------------------------------------------------------------

interface SessionRow {
  id: string;
  user_id: string;
  prompt_content: string;
  criteria_content: string | null;
  prompt_filename: string | null;
  criteria_filename: string | null;
  prompt_file_path: string | null;
  criteria_file_path: string | null;
  prompt_mime_type: string | null;
  criteria_mime_type: string | null;
  created_at: Date;
  updated_at: Date;
  submission_count?: number;
  completed_count?: number;
}

function sessionJson(r: SessionRow): AnalysisSession & { promptMimeType: string | null; criteriaMimeType: string | null } {
  return {
    id: r.id,
    userId: r.user_id,
    promptContent: r.prompt_content,
    criteriaContent: r.criteria_content,
    promptFilename: r.prompt_filename,
    criteriaFilename: r.criteria_filename,
    promptFilePath: r.prompt_file_path,
    criteriaFilePath: r.criteria_file_path,
    promptMimeType: r.prompt_mime_type,
    criteriaMimeType: r.criteria_mime_type,
    createdAt: iso(r.created_at)!,
    updatedAt: iso(r.updated_at)!,
    submissionCount: Number(r.submission_count ?? 0),
    completedCount: Number(r.completed_count ?? 0),
  };
}

interface SubmissionRow {
  id: string;
  session_id: string;
  user_id: string;
  student_name: string | null;
  student_id: string | null;
  essay_content: string;
  essay_file_path: string | null;
  essay_filename: string | null;
  essay_mime_type: string | null;
  status: Submission["status"];
  progress: number;
  progress_message: string;
  submitted_at: Date;
  analysis_started_at: Date | null;
  analysis_completed_at: Date | null;
  overall_score: string | number | null;
  max_score: string | number | null;
  grader: GraderKind | null;
}

/** A §3 list item. `essay` is the first 100 characters (the list preview); the report has the rest. */
function submissionJson(r: SubmissionRow): Submission & { essayMimeType: string | null } {
  const done = r.status === "completed" && r.overall_score != null;
  const score = done ? Number(r.overall_score) : null;
  return {
    id: r.id,
    sessionId: r.session_id,
    userId: r.user_id,
    studentName: r.student_name ?? "",
    studentId: r.student_id ?? "",
    essayContent: null,
    essayFilePath: r.essay_file_path,
    essayFilename: r.essay_filename,
    essayMimeType: r.essay_mime_type,
    status: r.status,
    progress: r.progress,
    progressMessage: r.progress_message,
    submittedAt: iso(r.submitted_at)!,
    analysisStartedAt: iso(r.analysis_started_at),
    analysisCompletedAt: iso(r.analysis_completed_at),
    score,
    submitTime: iso(r.submitted_at)!,
    essay: [...(r.essay_content ?? "")].slice(0, 100).join(""),
    result: done ? { overallScore: score!, maxScore: Number(r.max_score ?? 100), grader: r.grader ?? "ai" } : null,
  };
}

const SUBMISSION_COLUMNS = (sql: Sql) =>
  sql`e.id, e.session_id, e.user_id, e.student_name, e.student_id, e.essay_content, e.essay_file_path,
      e.essay_filename, e.essay_mime_type, e.status, e.progress, e.progress_message, e.submitted_at,
      e.analysis_started_at, e.analysis_completed_at, r.overall_score, r.max_score, r.grader`;

/** Staged batch items (uploaded, not started) are `pending` with no reserved use; lists hide them. */
const NOT_STAGED = (sql: Sql) => sql`not (e.status = 'pending' and not e.usage_charged)`;

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

function userId(ctx: Ctx): string {
  return ctx.user!.id;
}

function notFound(): HttpError {
  return new HttpError(404, SESSION_MESSAGES.sessionNotFound);
}

/** The caller's session or 404 (a missing id, a malformed id and another user's session look the same). */
async function ownedSession(ctx: Ctx, id: string): Promise<SessionRow> {
  if (!UUID.test(id)) throw notFound();
  const rows = await ctx.asUser((sql) =>
    sql<SessionRow[]>`select * from public.analysis_sessions where id = ${id} and user_id = ${userId(ctx)}`
  );
  if (!rows[0]) throw notFound();
  return rows[0];
}

function fileField(form: FormData, name: string): File | null {
  const v = form.get(name);
  if (!(v instanceof File)) return null;
  if (v.size === 0 && !v.name) return null; // an empty <input type=file>
  return v;
}

function textField(form: FormData, name: string): string | null {
  const v = form.get(name);
  return typeof v === "string" ? v : null;
}

function cleanStudentField(v: string | null | undefined): string | null {
  const t = (v ?? "").normalize("NFC").trim();
  if (t.length > 50) throw new HttpError(400, SESSION_MESSAGES.studentFieldTooLong);
  return t || null;
}

function essayLongEnough(text: string): boolean {
  return [...text.trim()].length >= MIN_ESSAY_LENGTH;
}

/** 413 with `message` when `text` (trimmed) is longer than `max` characters. */
function capText(text: string, max: number, message: string): void {
  if (exceedsChars(text.trim(), max)) throw new HttpError(413, message);
}

/** The plan's files-per-upload and whether batch is allowed (DB plan values; guests use the trial plan's). */
async function planLimits(ctx: Ctx): Promise<{ planId: string; maxFiles: number; batch: boolean }> {
  const account = await getAccountUsage(ctx.admin, userId(ctx));
  const planId = account?.plan.id ?? "trial";
  const batch = !account?.isGuest && canBatch(planId);
  return { planId, maxFiles: batch ? Math.max(1, account?.maxFilesPerUpload ?? 1) : 1, batch };
}

function batchNotAllowed(): HttpError {
  return new HttpError(403, uploadMessages.batchNotAllowed, { batchNotAllowed: true });
}

async function selectSubmission(sql: Sql, id: string): Promise<SubmissionRow> {
  const [row] = await sql<SubmissionRow[]>`
    select ${SUBMISSION_COLUMNS(sql)}
      from public.essay_submissions e
      left join public.analysis_results r on r.submission_id = e.id
     where e.id = ${id}`;
  return row;
}

// ---------------------------------------------------------------------------------------------
// Handlers
// ---------------------------------------------------------------------------------------------

async function listSessions(ctx: Ctx): Promise<Response> {
  const rows = await ctx.asUser((sql) =>
    sql<SessionRow[]>`
      select s.*,
             (select count(*) from public.essay_submissions e
               where e.session_id = s.id and ${NOT_STAGED(sql)})::int as submission_count,
             (select count(*) from public.essay_submissions e
               where e.session_id = s.id and e.status = 'completed')::int as completed_count
        from public.analysis_sessions s
       where s.user_id = ${userId(ctx)}
       order by s.created_at desc, s.id`
  );
  return json(rows.map(sessionJson));
}

async function createSession(ctx: Ctx): Promise<Response> {
  const uid = userId(ctx);
  const form = await ctx.form();
  const promptFile = fileField(form, "promptFile");
  const criteriaFile = fileField(form, "criteriaFile");
  if (!promptFile) throw new HttpError(400, uploadMessages.promptRequired);

  const opts = { extensions: SETUP_EXTENSIONS };
  checkFileMeta(promptFile, { ...opts, label: "논술 문제" });
  if (criteriaFile) checkFileMeta(criteriaFile, { ...opts, label: "평가 기준" });
  await assertUsageAvailable(ctx.admin, uid);
  await enforceRateLimit(ctx.admin, RATE_LIMITS.sessions, uid);

  const prompt = await readUpload(promptFile, { ...opts, label: "논술 문제" });
  capText(prompt.text, MAX_PROMPT_CHARS, uploadMessages.promptTooLong);
  const criteria = criteriaFile ? await readUpload(criteriaFile, { ...opts, label: "평가 기준" }) : null;
  if (criteria) capText(criteria.text, MAX_CRITERIA_CHARS, uploadMessages.criteriaTooLong);

  const sessionId = crypto.randomUUID();
  const where = { ownerId: uid, sessionId };
  const promptPath = objectPath(uid, sessionId, "prompt", prompt);
  const criteriaPath = criteria ? objectPath(uid, sessionId, "criteria", criteria) : null;
  const uploads = [{ path: promptPath, file: prompt }];
  if (criteria && criteriaPath) uploads.push({ path: criteriaPath, file: criteria });
  await putObjects(uploads, where);

  try {
    // Written by the server only (users have no insert grant): the owner is the verified caller,
    // and the paths, texts and MIME types are the ones decided above.
    const [full] = await ctx.admin<SessionRow[]>`
      insert into public.analysis_sessions
        (id, user_id, prompt_content, criteria_content, prompt_filename, criteria_filename,
         prompt_file_path, criteria_file_path, prompt_mime_type, criteria_mime_type)
      values (${sessionId}, ${uid}, ${prompt.text}, ${criteria ? criteria.text : null},
              ${prompt.originalName}, ${criteria?.originalName ?? null}, ${promptPath}, ${criteriaPath},
              ${prompt.mimeType}, ${criteria?.mimeType ?? null})
      returning *`;
    return json(sessionJson(full), 201);
  } catch (err) {
    await ctx.admin`delete from public.analysis_sessions where id = ${sessionId}`.catch(() => {});
    await removeObjects([promptPath, criteriaPath], where);
    throw err;
  }
}

async function getSession(ctx: Ctx): Promise<Response> {
  const s = await ownedSession(ctx, ctx.params.id);
  const [counts] = await ctx.asUser((sql) =>
    sql<{ submission_count: number; completed_count: number }[]>`
      select count(*) filter (where ${NOT_STAGED(sql)})::int as submission_count,
             count(*) filter (where e.status = 'completed')::int as completed_count
        from public.essay_submissions e where e.session_id = ${s.id}`
  );
  return json(sessionJson({ ...s, ...counts }));
}

async function deleteSession(ctx: Ctx): Promise<Response> {
  const uid = userId(ctx);
  const s = await ownedSession(ctx, ctx.params.id);
  const paths = await ctx.admin.begin(async (sql) => {
    const [locked] = await sql`
      select id from public.analysis_sessions where id = ${s.id} and user_id = ${uid} for update`;
    if (!locked) throw notFound();
    // Answers no worker has claimed yet give their use back; one being (or already) graded keeps
    // it, since the model has been called for it.
    await sql`
      select private.release_unclaimed_usage(e.id) from public.essay_submissions e
       where e.session_id = ${s.id} and e.status = 'pending' and e.usage_charged`;
    const files = await sql<{ path: string | null }[]>`
      select essay_file_path as path from public.essay_submissions where session_id = ${s.id}`;
    await sql`delete from public.analysis_sessions where id = ${s.id}`;
    return [s.prompt_file_path, s.criteria_file_path, ...files.map((f) => f.path)];
  });
  await removeObjects(paths, { ownerId: uid, sessionId: s.id });
  return json({ success: true, message: SESSION_MESSAGES.deleted });
}

async function listSubmissions(ctx: Ctx): Promise<Response> {
  const s = await ownedSession(ctx, ctx.params.id);
  const rows = await ctx.asUser((sql) =>
    sql<SubmissionRow[]>`
      select ${SUBMISSION_COLUMNS(sql)}
        from public.essay_submissions e
        left join public.analysis_results r on r.submission_id = e.id
       where e.session_id = ${s.id} and e.user_id = ${userId(ctx)} and ${NOT_STAGED(sql)}
       order by e.submitted_at desc, e.id`
  );
  return json(rows.map(submissionJson));
}

/** One row per submission (staged batch items excluded), oldest first, as a spreadsheet-safe CSV. */
async function resultsCsvDownload(ctx: Ctx): Promise<Response> {
  const s = await ownedSession(ctx, ctx.params.id);
  const rows = await ctx.asUser((sql) =>
    sql<CsvSubmissionRow[]>`
      select e.student_name, e.student_id, e.status, e.submitted_at, e.analysis_completed_at,
             r.overall_score, r.max_score, r.category_scores, r.grader
        from public.essay_submissions e
        left join public.analysis_results r on r.submission_id = e.id
       where e.session_id = ${s.id} and e.user_id = ${userId(ctx)} and ${NOT_STAGED(sql)}
       order by e.submitted_at, e.id`
  );
  return new Response(resultsCsv(rows), {
    status: 200,
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": attachmentHeader(resultsCsvFilename(s.prompt_filename)),
      "Cache-Control": "no-store",
    },
  });
}

const jsonSubmissionSchema = z.object({
  essayContent: z.string({ error: uploadMessages.essayTooShort }),
  studentName: z.string().nullish(),
  studentId: z.string().nullish(),
});

async function createSubmission(ctx: Ctx): Promise<Response> {
  const uid = userId(ctx);
  const session = await ownedSession(ctx, ctx.params.id);
  const isMultipart = /^multipart\/form-data/i.test(ctx.req.headers.get("content-type") ?? "");

  let text = "";
  let file: ReadFile | null = null;
  let studentName: string | null;
  let studentId: string | null;
  if (isMultipart) {
    const form = await ctx.form();
    const upload = fileField(form, "essayFile");
    studentName = cleanStudentField(textField(form, "studentName"));
    studentId = cleanStudentField(textField(form, "studentId"));
    if (upload) {
      checkFileMeta(upload, { extensions: ESSAY_EXTENSIONS });
      await assertUsageAvailable(ctx.admin, uid);
      file = await readUpload(upload, { extensions: ESSAY_EXTENSIONS });
      capText(file.text, MAX_ESSAY_CHARS, uploadMessages.essayTooLong);
      text = file.text;
      if (!studentName && !studentId) {
        const parsed = parseStudentFilename(file.originalName);
        studentName = parsed.name || null;
        studentId = parsed.studentId || null;
      }
    } else {
      text = textField(form, "essayContent") ?? "";
      if (!text.trim()) throw new HttpError(400, uploadMessages.essayFileMissing);
    }
  } else {
    const body = await ctx.json(jsonSubmissionSchema);
    text = body.essayContent;
    studentName = cleanStudentField(body.studentName);
    studentId = cleanStudentField(body.studentId);
  }
  if (!file) {
    // Before NFC (bounded work on huge input); NFC composes at most 3 jamo into one syllable.
    capText(text, MAX_ESSAY_CHARS * 3, uploadMessages.essayTooLong);
    text = text.normalize("NFC").trim();
    capText(text, MAX_ESSAY_CHARS, uploadMessages.essayTooLong);
    if (!essayLongEnough(text)) throw new HttpError(400, uploadMessages.essayTooShort);
    await assertUsageAvailable(ctx.admin, uid);
  }

  const submissionId = crypto.randomUUID();
  const where = { ownerId: uid, sessionId: session.id, roles: ["essay"] } as const;
  const path = file ? objectPath(uid, session.id, "essay", file) : null;
  if (file && path) await putObject(path, file, where);

  try {
    const row = await ctx.admin.begin(async (sql) => {
      const [owned] = await sql`
        select id from public.analysis_sessions where id = ${session.id} and user_id = ${uid} for share`;
      if (!owned) throw notFound();
      const reservation = await reserveUsage(sql, uid, 1, ctx.req);
      if (!reservation.allowed) throw await usageExceededError(sql, reservation, 1);
      await sql`
        insert into public.essay_submissions
          (id, session_id, user_id, student_name, student_id, essay_content, essay_file_path,
           essay_filename, essay_mime_type, usage_charged, usage_period_start)
        values (${submissionId}, ${session.id}, ${uid}, ${studentName}, ${studentId}, ${text}, ${path},
                ${file?.originalName ?? null}, ${file?.mimeType ?? null}, true, ${reservation.periodStart})`;
      return await selectSubmission(sql, submissionId);
    });
    startWorkerInBackground();
    return json({ ...submissionJson(row), message: SESSION_MESSAGES.submitted }, 201);
  } catch (err) {
    if (path) await removeObjects([path], where);
    throw err;
  }
}

/** `?append=1` (or a form field `append=1`): add to the staged batch instead of replacing it. */
function appendFlag(v: string | null | undefined): boolean {
  return v != null && /^(1|true)$/i.test(v.trim());
}

/** How many answers of this session are staged (uploaded, not started). */
async function stagedCount(sql: Sql, sessionId: string, uid: string): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    select count(*)::int as n from public.essay_submissions e
     where e.session_id = ${sessionId} and e.user_id = ${uid}
       and e.status = 'pending' and not e.usage_charged`;
  return Number(row?.n ?? 0);
}

/**
 * Stages answer files for start-batch. Without `append` the upload replaces a batch that was
 * uploaded but never started; with `append=1` (query or form field) the files join it, so a big
 * batch can arrive in several requests under MAX_FORM_BYTES. The plan's files-per-batch limit
 * applies to the staged total.
 */
async function batchUpload(ctx: Ctx): Promise<Response> {
  const uid = userId(ctx);
  const session = await ownedSession(ctx, ctx.params.id);
  const limits = await planLimits(ctx);
  if (!limits.batch) throw batchNotAllowed();

  const form = await ctx.form();
  const append = appendFlag(ctx.url.searchParams.get("append")) || appendFlag(textField(form, "append"));
  const uploads = form.getAll("files").filter((f): f is File => f instanceof File && !(f.size === 0 && !f.name));
  const names = form.getAll("studentNames").map((v) => (typeof v === "string" ? v : ""));
  const ids = form.getAll("studentIds").map((v) => (typeof v === "string" ? v : ""));
  if (uploads.length === 0) throw new HttpError(400, uploadMessages.essayFileMissing);
  const tooMany = () => new HttpError(400, uploadMessages.batchTooMany(limits.maxFiles));
  if (uploads.length > limits.maxFiles) throw tooMany();
  // Checked before any file is read (cheap), and again under the session lock below.
  if (append && (await stagedCount(ctx.admin, session.id, uid)) + uploads.length > limits.maxFiles) throw tooMany();

  for (const f of uploads) checkFileMeta(f, { extensions: ESSAY_EXTENSIONS });
  const files: ReadFile[] = [];
  for (const f of uploads) {
    const file = await readUpload(f, { extensions: ESSAY_EXTENSIONS });
    capText(file.text, MAX_ESSAY_CHARS, uploadMessages.essayTooLongNamed(file.originalName));
    files.push(file);
  }
  const where = { ownerId: uid, sessionId: session.id, roles: ["essay"] } as const;

  const items = files.map((file, i) => {
    const parsed = parseStudentFilename(file.originalName);
    return {
      id: crypto.randomUUID(),
      file,
      path: objectPath(uid, session.id, "essay", file),
      studentName: cleanStudentField(names[i]) ?? (parsed.name || null),
      studentId: cleanStudentField(ids[i]) ?? (parsed.studentId || null),
    };
  });
  await putObjects(items.map(({ path, file }) => ({ path, file })), where);

  let replaced: (string | null)[] = [];
  let staged = items.length;
  try {
    ({ replaced, staged } = await ctx.admin.begin(async (sql) => {
      const [owned] = await sql`
        select id from public.analysis_sessions where id = ${session.id} and user_id = ${uid} for update`;
      if (!owned) throw notFound();
      let old: { path: string | null }[] = [];
      let kept = 0;
      if (append) {
        // Uploads of one session are serialized by the lock above, so this count is the total.
        kept = await stagedCount(sql, session.id, uid);
        if (kept + items.length > limits.maxFiles) throw tooMany();
      } else {
        // A new upload replaces a batch that was uploaded but never started.
        old = await sql<{ path: string | null }[]>`
          delete from public.essay_submissions e
           where e.session_id = ${session.id} and e.user_id = ${uid}
             and e.status = 'pending' and not e.usage_charged
          returning e.essay_file_path as path`;
      }
      for (const it of items) {
        await sql`
          insert into public.essay_submissions
            (id, session_id, user_id, student_name, student_id, essay_content, essay_file_path,
             essay_filename, essay_mime_type, usage_charged)
          values (${it.id}, ${session.id}, ${uid}, ${it.studentName}, ${it.studentId}, ${it.file.text},
                  ${it.path}, ${it.file.originalName}, ${it.file.mimeType}, false)`;
      }
      return { replaced: old.map((o) => o.path), staged: kept + items.length };
    }));
  } catch (err) {
    await removeObjects(items.map((it) => it.path), where);
    throw err;
  }
  await removeObjects(replaced, where);
  return json({
    message: SESSION_MESSAGES.batchUploaded(staged),
    count: items.length,
    stagedCount: staged,
    submissions: items.map((it) => ({
      id: it.id,
      essayFilename: it.file.originalName,
      studentName: it.studentName ?? "",
      studentId: it.studentId ?? "",
    })),
  }, 201);
}

async function startBatch(ctx: Ctx): Promise<Response> {
  const uid = userId(ctx);
  const session = await ownedSession(ctx, ctx.params.id);
  const limits = await planLimits(ctx);
  if (!limits.batch) throw batchNotAllowed();

  const outcome = await ctx.admin.begin(async (sql) => {
    const staged = await sql<{ id: string; path: string | null }[]>`
      select e.id, e.essay_file_path as path from public.essay_submissions e
       where e.session_id = ${session.id} and e.user_id = ${uid}
         and e.status = 'pending' and not e.usage_charged
       order by e.submitted_at, e.id
       for update`;
    if (staged.length === 0) return { kind: "empty" as const };
    const reservation = await reserveUsage(sql, uid, staged.length, ctx.req);
    if (!reservation.allowed) {
      // Nothing is queued: the staged answers are dropped so a retry starts from a clean upload.
      await sql`delete from public.essay_submissions where id = any(${staged.map((s) => s.id)}::uuid[])`;
      return { kind: "exceeded" as const, error: await usageExceededError(sql, reservation, staged.length), paths: staged.map((s) => s.path) };
    }
    await sql`
      update public.essay_submissions
         set usage_charged = true, usage_period_start = ${reservation.periodStart}, submitted_at = now()
       where id = any(${staged.map((s) => s.id)}::uuid[])`;
    return { kind: "started" as const, ids: staged.map((s) => s.id) };
  });
  if (outcome.kind === "empty") throw new HttpError(400, SESSION_MESSAGES.nothingToStart);
  if (outcome.kind === "exceeded") {
    await removeObjects(outcome.paths, { ownerId: uid, sessionId: session.id, roles: ["essay"] });
    throw outcome.error;
  }
  startWorkerInBackground();
  return json({
    message: SESSION_MESSAGES.batchStarted(outcome.ids.length),
    count: outcome.ids.length,
    submissionIds: outcome.ids,
  });
}

export const routes: Route[] = [
  { method: "GET", path: "/sessions", auth: "user", handler: listSessions },
  { method: "POST", path: "/sessions", auth: "user", handler: createSession },
  { method: "GET", path: "/sessions/:id", auth: "user", handler: getSession },
  { method: "DELETE", path: "/sessions/:id", auth: "user", handler: deleteSession },
  { method: "GET", path: "/sessions/:id/submissions", auth: "user", handler: listSubmissions },
  { method: "POST", path: "/sessions/:id/submissions", auth: "user", handler: createSubmission },
  { method: "GET", path: "/sessions/:id/results.csv", auth: "user", handler: resultsCsvDownload },
  { method: "POST", path: "/sessions/:id/batch-upload", auth: "user", handler: batchUpload },
  { method: "POST", path: "/sessions/:id/start-batch", auth: "user", handler: startBatch },
];
