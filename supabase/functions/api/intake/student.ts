// The student's side of intake (public; the code in `X-Student-Code` or the form, never the URL): the
// assignment behind a link, and handing in a draft (typed, a file or a photo, read and bounded as the
// teacher's answers are). Each draft uses one of the teacher's uses; when they have run out the student
// gets a polite Korean 403 (nothing is stored, the text stays on their screen) and the link is stamped
// for the teacher's notice.
import { z } from "zod";
import { STUDENT_INTAKE_MESSAGES as M } from "../../_shared/intake.ts";
import { ESSAY_EXTENSIONS, MAX_ESSAY_CHARS, uploadMessages } from "../../_shared/upload-rules.ts";
import { checkFileMeta, type ReadFile, readUpload } from "../files/index.ts";
import { capText, essayLongEnough, fileField, textField } from "../files/form.ts";
import { readUploadedImage, transcriptionMessages } from "../grading/image-reading.ts";
import { type CallUsage, GradingError, OutOfTimeError } from "../grading/llm.ts";
import { recordCalls } from "../grading/usage.ts";
import { startWorkerInBackground } from "../grading/worker.ts";
import { adminSql } from "../lib/db.ts";
import { HttpError } from "../lib/errors.ts";
import { iso, json } from "../lib/http.ts";
import { countDraftAttempt, identifyStudent, type OpenLink, openLink, studentCodeOf } from "../lib/intake/access.ts";
import { clientAddress, enforceRateLimit, RATE_LIMITS } from "../lib/rate-limit.ts";
import { settings } from "../lib/settings.ts";
import { objectPath, putObject, removeObjects } from "../lib/storage.ts";
import { reserveUsage, scopedUsageSnapshot } from "../lib/usage/quota.ts";
import { type Ctx, defineRoute, type Route } from "../lib/types.ts";

/** 32 random bytes in base64url: 43 characters. Anything else is a missing link. */
export const intakeTokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, { error: M.linkNotFound }) });
type TokenCtx = Ctx<{ token: string }, null>;

const NO_STORE = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer", "X-Robots-Tag": "noindex" };

/** The teacher's uses have run out: stamp the link for the teacher's notice, answer the student politely. */
async function quotaExhausted(link: OpenLink): Promise<HttpError> {
  await adminSql`update public.intake_links set quota_refused_at = now() where id = ${link.id}`;
  return new HttpError(403, M.quotaExhausted, { quotaExhausted: true });
}

/** A photo's text, read before anything is stored; a partly legible one goes back to the student to confirm. */
async function transcribePhoto(file: ReadFile, link: OpenLink, submissionId: string): Promise<string> {
  const calls: CallUsage[] = [];
  let read: Awaited<ReturnType<typeof readUploadedImage>>;
  try {
    read = await readUploadedImage(file.bytes, file.mimeType, (u) => calls.push(u));
  } catch (err) {
    if (err instanceof GradingError || err instanceof OutOfTimeError) throw new HttpError(503, transcriptionMessages.failed);
    throw err;
  } finally {
    await recordCalls(submissionId, link.userId, settings.grading.mode, calls);
  }
  if ("refused" in read) throw new HttpError(422, read.refused);
  if (read.lowLegibility) throw new HttpError(422, transcriptionMessages.confirm, { needsConfirmation: true, transcription: read.text });
  return read.text;
}

async function readLink(ctx: TokenCtx): Promise<Response> {
  await enforceRateLimit(adminSql, RATE_LIMITS.sharedReport, clientAddress(ctx.req));
  const link = await openLink(ctx.params.token);
  return json(
    {
      title: link.title,
      className: link.className,
      question: link.question,
      deadline: iso(link.deadline),
      maxDrafts: link.maxDrafts,
      release: link.release,
    },
    200,
    NO_STORE,
  );
}

async function submitDraft(ctx: TokenCtx): Promise<Response> {
  const link = await openLink(ctx.params.token);
  const form = await ctx.form();
  const student = await identifyStudent(link, studentCodeOf(ctx.req, form), ctx.req);
  await countDraftAttempt(adminSql, link, student);
  const [{ n }] = await adminSql<{ n: number }[]>`
    select count(*)::int as n from public.essay_drafts where session_id = ${link.sessionId} and student_id = ${student.id}`;
  if (n >= link.maxDrafts) throw new HttpError(409, M.draftsUsedUp(link.maxDrafts));
  if ((await scopedUsageSnapshot(adminSql, link.userId, { sessionId: link.sessionId })).remaining < 1) throw await quotaExhausted(link);

  const submissionId = crypto.randomUUID();
  const upload = fileField(form, "file");
  let file: ReadFile | null = null;
  let text: string;
  if (upload) {
    checkFileMeta(upload, { extensions: ESSAY_EXTENSIONS });
    file = await readUpload(upload, { extensions: ESSAY_EXTENSIONS });
    if (file.isImage) file = { ...file, text: await transcribePhoto(file, link, submissionId) };
    capText(file.text, MAX_ESSAY_CHARS, uploadMessages.essayTooLong);
    text = file.text;
  } else {
    text = textField(form, "essayContent") ?? "";
    if (!text.trim()) throw new HttpError(400, uploadMessages.essayFileMissing);
    // Before NFC (bounded work on huge input); NFC composes at most 3 jamo into one syllable.
    capText(text, MAX_ESSAY_CHARS * 3, uploadMessages.essayTooLong);
    text = text.normalize("NFC").trim();
    capText(text, MAX_ESSAY_CHARS, uploadMessages.essayTooLong);
  }
  if (!essayLongEnough(text)) throw new HttpError(400, uploadMessages.essayTooShort);

  const where = { ownerId: link.userId, sessionId: link.sessionId, roles: ["essay"] } as const;
  const path = file ? objectPath(link.userId, link.sessionId, "essay", file) : null;
  if (file && path) await putObject(path, file, where);
  let number: number;
  try {
    number = await adminSql.begin(async (sql) => {
      // The link row serialises a student's drafts (their numbers) and a close racing this draft.
      const [locked] = await sql`select 1 from public.intake_links where id = ${link.id} and closed_at is null for update`;
      if (!locked) throw new HttpError(410, M.linkClosed);
      const [{ next }] = await sql<{ next: number }[]>`
        select coalesce(max(draft_number), 0) + 1 as next from public.essay_drafts
         where session_id = ${link.sessionId} and student_id = ${student.id}`;
      if (next > link.maxDrafts) throw new HttpError(409, M.draftsUsedUp(link.maxDrafts));
      const reservation = await reserveUsage(sql, link.userId, 1, ctx.req, link.sessionId);
      if (!reservation.allowed) throw new HttpError(403, M.quotaExhausted, { quotaExhausted: true });
      await sql`
        insert into public.essay_submissions
          (id, session_id, user_id, student_name, student_id, roster_student_id, essay_content, essay_file_path,
           essay_filename, essay_mime_type, usage_charged, usage_period_start)
        values (${submissionId}, ${link.sessionId}, ${link.userId}, ${student.name}, ${student.examNumber}, ${student.id},
                ${text}, ${path}, ${file?.originalName ?? null}, ${file?.mimeType ?? null}, true, ${reservation.periodStart})`;
      await sql`
        insert into public.essay_drafts (submission_id, intake_id, session_id, student_id, user_id, draft_number)
        values (${submissionId}, ${link.id}, ${link.sessionId}, ${student.id}, ${link.userId}, ${next})`;
      return next;
    });
  } catch (err) {
    if (path) await removeObjects([path], where);
    if (err instanceof HttpError && err.extra.quotaExhausted === true) {
      throw await quotaExhausted(link);
    }
    throw err;
  }
  startWorkerInBackground();
  return json({ id: submissionId, draftNumber: number, status: "pending", message: M.submitted(number) }, 201, NO_STORE);
}

export const routes: Route[] = [
  defineRoute({ method: "GET", path: "/intake/:token", auth: "public", params: intakeTokenParams, handler: readLink }),
  defineRoute({ method: "POST", path: "/intake/:token/drafts", auth: "public", params: intakeTokenParams, handler: submitDraft }),
];
