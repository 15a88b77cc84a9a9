// Answers: a session's list, one new answer (file or text), retry after a grading error, delete.
import { z } from "zod";
import { adminSql } from "../lib/db.ts";
import { type Ctx, defineRoute, type Route } from "../lib/types.ts";
import type { AuthUser } from "../lib/types.ts";
import { HttpError } from "../lib/errors.ts";
import { json } from "../lib/http.ts";
import { checkFileMeta, type ReadFile, readUpload } from "../files/index.ts";
import { capText, cleanStudentField, essayLongEnough, fileField, studentFromFilename, textField } from "../files/form.ts";
import { objectPath, putObject, removeObjects } from "../lib/storage.ts";
import { assertUsageAvailable, reserveUsage, usageExceededError } from "../lib/usage/quota.ts";
import { startWorkerInBackground } from "../grading/worker.ts";
import { readUploadedImage, transcriptionMessages } from "../grading/image-reading.ts";
import { type CallUsage, GradingError, OutOfTimeError } from "../grading/llm.ts";
import { recordCalls } from "../grading/usage.ts";
import { settings } from "../lib/settings.ts";
import { refusedRoutes } from "./refused.ts";
import { bulkDeleteRoutes } from "./bulk-delete.ts";
import { rosterRoutes } from "./roster.ts";
import { linkAnswersToRoster } from "../lib/workspace/roster-links.ts";
import { deleteAnswerRows, removeAnswerFiles } from "../lib/workspace/delete-answers.ts";
import { ESSAY_EXTENSIONS, MAX_ESSAY_CHARS, uploadMessages } from "../../_shared/upload-rules.ts";
import { notFound, ownedSession, sampleReadOnly, sessionParams, userId, writableSession } from "../lib/workspace/sessions.ts";
import { SUBMISSION_MESSAGES } from "./messages.ts";
import { type SubmissionRow, submissionJson } from "./mappers.ts";
import { lockOwnedSubmission, NOT_STAGED, selectSubmission, SUBMISSION_COLUMNS, submissionParams } from "./queries.ts";

type IdCtx = Ctx<{ id: string }, AuthUser>;

async function listSubmissions(ctx: IdCtx): Promise<Response> {
  const s = await ownedSession(ctx, ctx.params.id);
  const rows = await ctx.asCaller(
    (sql) =>
      sql<SubmissionRow[]>`
      select ${SUBMISSION_COLUMNS(sql)}
        from public.essay_submissions e
        left join public.analysis_results r on r.submission_id = e.id
       where e.session_id = ${s.id} and e.user_id = ${s.user_id} and ${NOT_STAGED(sql)}
       order by e.submitted_at desc, e.id`,
  );
  return json(rows.map(submissionJson));
}

const jsonSubmissionSchema = z.object({
  essayContent: z.string({ error: uploadMessages.essayTooShort }),
  studentName: z.string().nullish(),
  studentId: z.string().nullish(),
});

/**
 * The text of a photographed answer, read by the vision model before anything is stored (its
 * calls recorded for `submissionId`): 422 when it is empty, illegible or not an answer's text (e.g.
 * JSON); 422 with `needsConfirmation` and the text read when the photo was only partly legible —
 * the teacher checks it and submits the text typed, so nothing unconfirmed is graded.
 */
async function transcribePhoto(file: ReadFile, uid: string, submissionId: string): Promise<string> {
  const calls: CallUsage[] = [];
  let read: Awaited<ReturnType<typeof readUploadedImage>>;
  try {
    read = await readUploadedImage(file.bytes, file.mimeType, (u) => calls.push(u));
  } catch (err) {
    if (err instanceof GradingError || err instanceof OutOfTimeError) throw new HttpError(503, transcriptionMessages.failed);
    throw err;
  } finally {
    await recordCalls(submissionId, uid, settings.grading.mode, calls);
  }
  if ("refused" in read) throw new HttpError(422, read.refused);
  if (read.lowLegibility) {
    throw new HttpError(422, transcriptionMessages.confirm, { needsConfirmation: true, transcription: read.text });
  }
  return read.text;
}

async function createSubmission(ctx: IdCtx): Promise<Response> {
  const uid = userId(ctx);
  const submissionId = crypto.randomUUID();
  const session = await writableSession(ctx, ctx.params.id);
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
      await assertUsageAvailable(adminSql, uid, 1, { sessionId: session.id });
      file = await readUpload(upload, { extensions: ESSAY_EXTENSIONS });
      if (file.isImage) file = { ...file, text: await transcribePhoto(file, uid, submissionId) };
      capText(file.text, MAX_ESSAY_CHARS, uploadMessages.essayTooLong);
      // One minimum for typed, file and photo answers (after trimming).
      if (!essayLongEnough(file.text)) throw new HttpError(400, uploadMessages.essayTooShort);
      text = file.text;
      if (!studentName && !studentId) {
        ({ studentName, studentId } = studentFromFilename(file.originalName));
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
    await assertUsageAvailable(adminSql, uid, 1, { sessionId: session.id });
  }

  const where = { ownerId: uid, sessionId: session.id, roles: ["essay"] } as const;
  const path = file ? objectPath(uid, session.id, "essay", file) : null;
  if (file && path) await putObject(path, file, where);

  try {
    // Written by the server only (users have no insert grant), with the reserved use.
    const row = await adminSql.begin(async (sql) => {
      const [owned] = await sql`
        select id from public.analysis_sessions where id = ${session.id} and user_id = ${uid} for share`;
      if (!owned) throw notFound();
      const reservation = await reserveUsage(sql, uid, 1, ctx.req, session.id);
      if (!reservation.allowed) throw await usageExceededError(sql, reservation, 1);
      await sql`
        insert into public.essay_submissions
          (id, session_id, user_id, student_name, student_id, essay_content, essay_file_path,
           essay_filename, essay_mime_type, usage_charged, usage_period_start)
        values (${submissionId}, ${session.id}, ${uid}, ${studentName}, ${studentId}, ${text}, ${path},
                ${file?.originalName ?? null}, ${file?.mimeType ?? null}, true, ${reservation.periodStart})`;
      await linkAnswersToRoster(sql, session.id, [submissionId]);
      return await selectSubmission(sql, submissionId);
    });
    startWorkerInBackground();
    return json({ ...submissionJson(row), message: SUBMISSION_MESSAGES.submitted }, 201);
  } catch (err) {
    if (path) await removeObjects([path], where);
    throw err;
  }
}

/**
 * Sends the caller's answer back to the queue for one more use, reserved exactly as for a new
 * answer (403 usageExceeded / 429 freeLimitReached, nothing changed): only from `status`, else 409
 * `notAllowed`; private.requeue_errored_submission (from error) or private.requeue_completed_submission
 * (from completed) does it. Then starts the worker.
 */
async function requeueForOneUse(ctx: IdCtx, status: "error" | "completed", notAllowed: string): Promise<void> {
  const uid = ctx.user.id;
  await adminSql.begin(async (sql) => {
    const row = await lockOwnedSubmission(sql, ctx.params.id, uid);
    if (row.in_sample) throw sampleReadOnly();
    if (row.status !== status) throw new HttpError(409, notAllowed);
    const reservation = await reserveUsage(sql, uid, 1, ctx.req, row.session_id);
    if (!reservation.allowed) throw await usageExceededError(sql, reservation, 1);
    const [{ ok }] =
      status === "error"
        ? await sql<{ ok: boolean }[]>`
            select private.requeue_errored_submission(${row.id}::uuid, ${reservation.periodStart}::timestamptz) as ok`
        : await sql<{ ok: boolean }[]>`
            select private.requeue_completed_submission(${row.id}::uuid, ${reservation.periodStart}::timestamptz) as ok`;
    if (!ok) throw new HttpError(409, notAllowed);
  });
  startWorkerInBackground();
}

/** An answer whose grading ended in error goes back to the queue for one more use. */
async function retrySubmission(ctx: IdCtx): Promise<Response> {
  await requeueForOneUse(ctx, "error", SUBMISSION_MESSAGES.retryNotError);
  return json({ success: true, id: ctx.params.id, status: "pending", message: SUBMISSION_MESSAGES.retried });
}

/**
 * Grades a completed answer again (e.g. after a rubric edit) for one more use. The result row is
 * kept until the worker stores the new one (the report stays readable, marked regrading); the new
 * result clears the teacher review of the old one; a failed re-grade keeps the old result and gives
 * the use back (migration 20261122000300_grading.sql).
 */
async function regradeSubmission(ctx: IdCtx): Promise<Response> {
  await requeueForOneUse(ctx, "completed", SUBMISSION_MESSAGES.regradeNotCompleted);
  return json({ success: true, id: ctx.params.id, status: "pending", regrading: true, message: SUBMISSION_MESSAGES.regraded });
}

/**
 * Deletes one answer (its result cascades). Its use is given back only when no worker has claimed
 * it yet; once grading has started the model has been called, so the use stays charged. The
 * worker notices the missing row and neither calls the model again nor stores a result.
 */
async function deleteSubmission(ctx: IdCtx): Promise<Response> {
  const uid = ctx.user.id;
  const deleted = await adminSql.begin(async (sql) => {
    const row = await lockOwnedSubmission(sql, ctx.params.id, uid);
    return await deleteAnswerRows(sql, uid, [row.id]);
  });
  await removeAnswerFiles(uid, deleted);
  return json({ success: true, message: SUBMISSION_MESSAGES.deleted });
}

export const routes: Route[] = [
  defineRoute({ method: "GET", path: "/sessions/:id/submissions", auth: "user", params: sessionParams, handler: listSubmissions }),
  defineRoute({ method: "POST", path: "/sessions/:id/submissions", auth: "user", params: sessionParams, handler: createSubmission }),
  defineRoute({ method: "POST", path: "/submissions/:id/retry", auth: "user", params: submissionParams, handler: retrySubmission }),
  defineRoute({ method: "POST", path: "/submissions/:id/regrade", auth: "user", params: submissionParams, handler: regradeSubmission }),
  defineRoute({ method: "DELETE", path: "/submissions/:id", auth: "user", params: submissionParams, handler: deleteSubmission }),
  ...refusedRoutes,
  ...bulkDeleteRoutes,
  ...rosterRoutes,
];
