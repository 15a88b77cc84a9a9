// A session's batch: upload many answers at once (staged, no use reserved), then start them
// together (one use each, all or none). Educator/business plans only. See ../README.md.
import type { Sql } from "postgres";
import { adminSql } from "../lib/db.ts";
import type { AuthUser, Ctx as RouteCtx } from "../lib/types.ts";
import { HttpError } from "../lib/errors.ts";
import { json } from "../lib/http.ts";
import { checkFileMeta, type ReadFile, readUpload } from "../files/index.ts";
import { capText, cleanStudentField } from "../files/form.ts";
import { objectPath, putObjects, removeObjects } from "../files/storage.ts";
import { planLimits, reserveUsage, usageExceededError } from "../usage/quota.ts";
import { startWorkerInBackground } from "../grading/worker.ts";
import { ESSAY_EXTENSIONS, MAX_ESSAY_CHARS, uploadMessages } from "../../_shared/upload-rules.ts";
import { parseStudentFilename } from "../../_shared/student-filename.ts";
import { SESSION_MESSAGES } from "./messages.ts";
import { notFound, ownedSession, userId } from "./queries.ts";

export type SessionCtx = RouteCtx<{ id: string }, AuthUser>;

/**
 * `batchUpload` below is kept as it was in routes/sessions.ts (another change to it is being
 * ported), so it still reads privileged SQL as `ctx.admin`: its route hands it this context.
 * Once ported, `ctx.admin` becomes `adminSql` and this type goes.
 */
type Ctx = SessionCtx & { admin: Sql };

export function batchNotAllowed(): HttpError {
  return new HttpError(403, uploadMessages.batchNotAllowed, { batchNotAllowed: true });
}

export function batchUploadRoute(ctx: SessionCtx): Promise<Response> {
  return batchUpload({ ...ctx, admin: adminSql });
}

async function batchUpload(ctx: Ctx): Promise<Response> {
  const uid = userId(ctx);
  const session = await ownedSession(ctx, ctx.params.id);
  const limits = await planLimits(ctx);
  if (!limits.batch) throw batchNotAllowed();

  const form = await ctx.form();
  const uploads = form.getAll("files").filter((f): f is File => f instanceof File && !(f.size === 0 && !f.name));
  const names = form.getAll("studentNames").map((v) => (typeof v === "string" ? v : ""));
  const ids = form.getAll("studentIds").map((v) => (typeof v === "string" ? v : ""));
  if (uploads.length === 0) throw new HttpError(400, uploadMessages.essayFileMissing);
  if (uploads.length > limits.maxFiles) throw new HttpError(400, uploadMessages.batchTooMany(limits.maxFiles));

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
  try {
    replaced = await ctx.admin.begin(async (sql) => {
      const [owned] = await sql`
        select id from public.analysis_sessions where id = ${session.id} and user_id = ${uid} for update`;
      if (!owned) throw notFound();
      // A new upload replaces a batch that was uploaded but never started.
      const old = await sql<{ path: string | null }[]>`
        delete from public.essay_submissions e
         where e.session_id = ${session.id} and e.user_id = ${uid}
           and e.status = 'pending' and not e.usage_charged
        returning e.essay_file_path as path`;
      for (const it of items) {
        await sql`
          insert into public.essay_submissions
            (id, session_id, user_id, student_name, student_id, essay_content, essay_file_path,
             essay_filename, essay_mime_type, usage_charged)
          values (${it.id}, ${session.id}, ${uid}, ${it.studentName}, ${it.studentId}, ${it.file.text},
                  ${it.path}, ${it.file.originalName}, ${it.file.mimeType}, false)`;
      }
      return old.map((o) => o.path);
    });
  } catch (err) {
    await removeObjects(items.map((it) => it.path), where);
    throw err;
  }
  await removeObjects(replaced, where);
  return json({
    message: SESSION_MESSAGES.batchUploaded(items.length),
    count: items.length,
    submissions: items.map((it) => ({
      id: it.id,
      essayFilename: it.file.originalName,
      studentName: it.studentName ?? "",
      studentId: it.studentId ?? "",
    })),
  }, 201);
}

export async function startBatch(ctx: SessionCtx): Promise<Response> {
  const uid = userId(ctx);
  const session = await ownedSession(ctx, ctx.params.id);
  const limits = await planLimits(ctx);
  if (!limits.batch) throw batchNotAllowed();

  const outcome = await adminSql.begin(async (sql) => {
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
