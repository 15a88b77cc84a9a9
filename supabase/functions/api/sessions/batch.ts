// A session's batch: upload many answers at once (staged, no use reserved), then start them
// together (one use each, all or none). Educator/business plans only. See ../README.md.
import type { Sql, TransactionSql } from "postgres";
import { adminSql } from "../lib/db.ts";
import type { AuthUser, Ctx as RouteCtx } from "../lib/types.ts";
import { HttpError } from "../lib/errors.ts";
import { json } from "../lib/http.ts";
import { type ReadFile, readUpload } from "../files/index.ts";
import { capText, cleanStudentField, essayLongEnough, studentFromFilename, textField } from "../files/form.ts";
import { type RefusedAnswer, recordRefusedAnswers } from "../lib/workspace/refused-answers.ts";
import { objectPath, putObjects, removeObjects } from "../lib/storage.ts";
import { planLimits, reserveUsage, usageExceededError } from "../lib/usage/quota.ts";
import { startWorkerInBackground } from "../grading/worker.ts";
import { ESSAY_EXTENSIONS, MAX_ESSAY_CHARS, uploadMessages } from "../../_shared/upload-rules.ts";
import { SESSION_MESSAGES } from "./messages.ts";
import { notFound, userId, writableSession } from "../lib/workspace/sessions.ts";
import { linkAnswersToRoster } from "../lib/workspace/roster-links.ts";

export type SessionCtx = RouteCtx<{ id: string }, AuthUser>;

/** A file of the batch that was read, with its place in the upload (for its student fields). */
interface BatchFile {
  file: ReadFile;
  index: number;
}

/**
 * Reads every file of a batch; when any is refused (type, size, empty, unreadable, too long), one
 * answer lists them all (`fileErrors`: name and Korean reason each), so a teacher fixes a batch in
 * one go. A single bad file keeps its own status and message. Nothing is stored either way.
 * An answer shorter than the minimum (the rule typed answers follow) does not stop the batch: it
 * is returned in `short`, to be recorded in the session as refused with its student.
 */
async function readBatchFiles(uploads: File[]): Promise<{ files: BatchFile[]; short: BatchFile[] }> {
  const files: BatchFile[] = [];
  const short: BatchFile[] = [];
  const refused: { name: string; error: string; status: number }[] = [];
  for (const [index, f] of uploads.entries()) {
    try {
      const file = await readUpload(f, { extensions: ESSAY_EXTENSIONS });
      capText(file.text, MAX_ESSAY_CHARS, uploadMessages.essayTooLongNamed(file.originalName));
      // Photos are read (and held to the same minimum) by the grader.
      if (!file.isImage && !essayLongEnough(file.text)) short.push({ file, index });
      else files.push({ file, index });
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      if (uploads.length === 1) throw err;
      const name = f.name || "(이름 없음)";
      refused.push({ name, error: err.message.includes(name) ? err.message : `${name} — ${err.message}`, status: err.status });
    }
  }
  if (refused.length === 1)
    throw new HttpError(refused[0].status, refused[0].error, { fileErrors: refused.map(({ name, error }) => ({ name, error })) });
  if (refused.length > 1) {
    const status = refused.every((r) => r.status === refused[0].status) ? refused[0].status : 400;
    throw new HttpError(
      status,
      uploadMessages.batchFilesRefused(
        refused.length,
        refused.map((r) => r.name),
      ),
      {
        fileErrors: refused.map(({ name, error }) => ({ name, error })),
      },
    );
  }
  return { files, short };
}

export function batchNotAllowed(): HttpError {
  return new HttpError(403, uploadMessages.batchNotAllowed, { batchNotAllowed: true });
}

/** `?append=1` (or a form field `append=1`): add to the staged batch instead of replacing it. */
function appendFlag(v: string | null | undefined): boolean {
  return v != null && /^(1|true)$/i.test(v.trim());
}

/** How many answers of this session are staged (uploaded, not started). */
async function stagedCount(sql: Sql | TransactionSql, sessionId: string, uid: string): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    select count(*)::int as n from public.essay_submissions e
     where e.session_id = ${sessionId} and e.user_id = ${uid}
       and e.status = 'pending' and not e.usage_charged and not e.is_sample`;
  return Number(row?.n ?? 0);
}

/**
 * Stages answer files for start-batch. Without `append` the upload replaces a batch that was
 * uploaded but never started; with `append=1` (query or form field) the files join it, so a big
 * batch can arrive in several requests under MAX_FORM_BYTES. The plan's files-per-batch limit
 * applies to the staged total.
 */
export async function batchUpload(ctx: SessionCtx): Promise<Response> {
  const uid = userId(ctx);
  const session = await writableSession(ctx, ctx.params.id);
  const limits = await planLimits(ctx, session.id);
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
  if (append && (await stagedCount(adminSql, session.id, uid)) + uploads.length > limits.maxFiles) throw tooMany();

  const { files, short } = await readBatchFiles(uploads);
  const where = { ownerId: uid, sessionId: session.id, roles: ["essay"] } as const;
  const studentOf = ({ file, index }: BatchFile) => {
    const parsed = studentFromFilename(file.originalName);
    return {
      studentName: cleanStudentField(names[index]) ?? parsed.studentName,
      studentId: cleanStudentField(ids[index]) ?? parsed.studentId,
    };
  };

  const items = files.map((f) => ({
    id: crypto.randomUUID(),
    file: f.file,
    path: objectPath(uid, session.id, "essay", f.file),
    ...studentOf(f),
  }));
  const refused: RefusedAnswer[] = short.map((f) => ({
    ...studentOf(f),
    filename: f.file.originalName,
    reason: uploadMessages.essayTooShort,
  }));
  await putObjects(
    items.map(({ path, file }) => ({ path, file })),
    where,
  );

  let replaced: (string | null)[];
  let staged: number;
  try {
    ({ replaced, staged } = await adminSql.begin(async (sql) => {
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
             and e.status = 'pending' and not e.usage_charged and not e.is_sample
          returning e.essay_file_path as path`;
      }
      await recordRefusedAnswers(sql, session.id, uid, refused);
      for (const it of items) {
        await sql`
          insert into public.essay_submissions
            (id, session_id, user_id, student_name, student_id, essay_content, essay_file_path,
             essay_filename, essay_mime_type, usage_charged)
          values (${it.id}, ${session.id}, ${uid}, ${it.studentName}, ${it.studentId}, ${it.file.text},
                  ${it.path}, ${it.file.originalName}, ${it.file.mimeType}, false)`;
      }
      await linkAnswersToRoster(
        sql,
        session.id,
        items.map((it) => it.id),
      );
      return { replaced: old.map((o) => o.path), staged: kept + items.length };
    }));
  } catch (err) {
    await removeObjects(
      items.map((it) => it.path),
      where,
    );
    throw err;
  }
  await removeObjects(replaced, where);
  return json(
    {
      message: SESSION_MESSAGES.batchUploaded(staged),
      count: items.length,
      stagedCount: staged,
      submissions: items.map((it) => ({
        id: it.id,
        essayFilename: it.file.originalName,
        studentName: it.studentName ?? "",
        studentId: it.studentId ?? "",
      })),
      // Refused and recorded in the session (GET /sessions/{id}/refused-answers) until dismissed.
      refused: refused.map((r) => ({
        essayFilename: r.filename,
        studentName: r.studentName ?? "",
        studentId: r.studentId ?? "",
        reason: r.reason,
      })),
    },
    201,
  );
}

export async function startBatch(ctx: SessionCtx): Promise<Response> {
  const uid = userId(ctx);
  const session = await writableSession(ctx, ctx.params.id);
  const limits = await planLimits(ctx, session.id);
  if (!limits.batch) throw batchNotAllowed();

  const outcome = await adminSql.begin(async (sql) => {
    const staged = await sql<{ id: string; path: string | null }[]>`
      select e.id, e.essay_file_path as path from public.essay_submissions e
       where e.session_id = ${session.id} and e.user_id = ${uid}
         and e.status = 'pending' and not e.usage_charged and not e.is_sample
       order by e.submitted_at, e.id
       for update`;
    if (staged.length === 0) return { kind: "empty" as const };
    const reservation = await reserveUsage(sql, uid, staged.length, ctx.req, session.id);
    if (!reservation.allowed) {
      // Nothing is queued: the staged answers are dropped so a retry starts from a clean upload.
      await sql`delete from public.essay_submissions where id = any(${staged.map((s) => s.id)}::uuid[])`;
      return {
        kind: "exceeded" as const,
        error: await usageExceededError(sql, reservation, staged.length),
        paths: staged.map((s) => s.path),
      };
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
