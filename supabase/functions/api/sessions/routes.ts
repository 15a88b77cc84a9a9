// Sessions (prompt + criteria): list, create, read, delete, results CSV, batch upload / start.
import { adminSql } from "../lib/db.ts";
import { type Ctx, defineRoute, type Route } from "../lib/types.ts";
import type { AuthUser } from "../lib/types.ts";
import { HttpError } from "../lib/errors.ts";
import { json } from "../lib/http.ts";
import { enforceRateLimit, RATE_LIMITS } from "../lib/rate-limit.ts";
import { checkFileMeta, readUpload } from "../files/index.ts";
import { capText, fileField, textField } from "../files/form.ts";
import { assertOwnClass } from "../lib/workspace/roster-links.ts";
import { activeOrg } from "../lib/orgs/active.ts";
import { uuidParam } from "../lib/params.ts";
import { SETUP_MESSAGES } from "../../_shared/session-setup.ts";
import { objectPath, putObjects, removeObjects } from "../lib/storage.ts";
import { assertUsageAvailable } from "../lib/usage/quota.ts";
import { MAX_CRITERIA_CHARS, MAX_PROMPT_CHARS, SETUP_EXTENSIONS, uploadMessages } from "../../_shared/upload-rules.ts";
import { NOT_STAGED } from "../lib/workspace/submissions.ts";
import { SESSION_MESSAGES } from "./messages.ts";
import { type SessionRow, sessionJson } from "./mappers.ts";
import { notFound, ownedSession, ownSession, sessionParams, userId } from "../lib/workspace/sessions.ts";
import { batchUpload, startBatch } from "./batch.ts";
import { patchSession } from "./setup.ts";
import { createSampleSession } from "./sample.ts";
import { sessionAgreement } from "./agreement.ts";
import { regradeAll, regradeStatus } from "./regrade-all.ts";

type UserCtx = Ctx<Record<string, string>, AuthUser>;
type SessionCtx = Ctx<{ id: string }, AuthUser>;

/**
 * The assignments of the active space: personal — the caller's own (org_id null); an organisation's —
 * those of it the caller can access (private.can_access_session), colleagues' included.
 */
async function listSessions(ctx: UserCtx): Promise<Response> {
  const org = await activeOrg(ctx);
  const rows = await ctx.asCaller(
    (sql) =>
      sql<SessionRow[]>`
      select s.*,
             (select count(*) from public.essay_submissions e
               where e.session_id = s.id and ${NOT_STAGED(sql)})::int as submission_count,
             (select count(*) from public.essay_submissions e
               where e.session_id = s.id and e.status = 'completed')::int as completed_count
        from public.analysis_sessions s
       where ${org ? sql`s.org_id = ${org.id} and private.can_access_session(s.id)` : sql`s.user_id = ${userId(ctx)} and s.org_id is null`}
       order by s.created_at desc, s.id`,
  );
  return json(rows.map(sessionJson));
}

/** The optional `classId` form field: empty → none; not an id → the class's 404. */
function optionalClassId(v: string | null): string | null {
  const t = (v ?? "").trim();
  if (!t) return null;
  const parsed = uuidParam(SETUP_MESSAGES.classNotFound).safeParse(t);
  if (!parsed.success) throw new HttpError(404, SETUP_MESSAGES.classNotFound);
  return parsed.data;
}

async function createSession(ctx: UserCtx): Promise<Response> {
  const uid = userId(ctx);
  const form = await ctx.form();
  const promptFile = fileField(form, "promptFile");
  const criteriaFile = fileField(form, "criteriaFile");
  if (!promptFile) throw new HttpError(400, uploadMessages.promptRequired);
  // Made in the active space: an organisation's assignment belongs to it (and to a class of it).
  const org = await activeOrg(ctx);
  const classId = optionalClassId(textField(form, "classId"));
  if (classId) await assertOwnClass(adminSql, classId, uid, org?.id ?? null);

  const opts = { extensions: SETUP_EXTENSIONS };
  const promptOpts = { ...opts, label: SESSION_MESSAGES.promptLabel };
  const criteriaOpts = { ...opts, label: SESSION_MESSAGES.criteriaLabel };
  checkFileMeta(promptFile, promptOpts);
  if (criteriaFile) checkFileMeta(criteriaFile, criteriaOpts);
  // In an organisation's space the assignment's answers will use its pool (and the caller's cap).
  await assertUsageAvailable(adminSql, uid, 1, { orgId: org?.id ?? null });
  await enforceRateLimit(adminSql, RATE_LIMITS.sessions, uid);

  const prompt = await readUpload(promptFile, promptOpts);
  capText(prompt.text, MAX_PROMPT_CHARS, uploadMessages.promptTooLong);
  const criteria = criteriaFile ? await readUpload(criteriaFile, criteriaOpts) : null;
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
    const [full] = await adminSql<SessionRow[]>`
      insert into public.analysis_sessions
        (id, user_id, prompt_content, criteria_content, prompt_filename, criteria_filename,
         prompt_file_path, criteria_file_path, prompt_mime_type, criteria_mime_type, class_id, org_id)
      values (${sessionId}, ${uid}, ${prompt.text}, ${criteria ? criteria.text : null},
              ${prompt.originalName}, ${criteria?.originalName ?? null}, ${promptPath}, ${criteriaPath},
              ${prompt.mimeType}, ${criteria?.mimeType ?? null}, ${classId}, ${org?.id ?? null})
      returning *`;
    return json(sessionJson(full), 201);
  } catch (err) {
    await adminSql`delete from public.analysis_sessions where id = ${sessionId}`.catch(() => {});
    await removeObjects([promptPath, criteriaPath], where);
    throw err;
  }
}

async function getSession(ctx: SessionCtx): Promise<Response> {
  const s = await ownedSession(ctx, ctx.params.id);
  const [counts] = await ctx.asCaller(
    (sql) =>
      sql<{ submission_count: number; completed_count: number }[]>`
      select count(*) filter (where ${NOT_STAGED(sql)})::int as submission_count,
             count(*) filter (where e.status = 'completed')::int as completed_count
        from public.essay_submissions e where e.session_id = ${s.id}`,
  );
  return json(sessionJson({ ...s, ...counts }));
}

async function deleteSession(ctx: SessionCtx): Promise<Response> {
  const uid = userId(ctx);
  const s = await ownSession(ctx, ctx.params.id);
  const paths = await adminSql.begin(async (sql) => {
    const [locked] = await sql`
      select id from public.analysis_sessions where id = ${s.id} and user_id = ${uid} for update`;
    if (!locked) throw notFound();
    // Answers no worker has claimed yet give their use back; one being (or already) graded keeps
    // it, since the model has been called for it.
    await sql`
      select private.release_unclaimed_usage(e.id) from public.essay_submissions e
       where e.session_id = ${s.id} and e.status = 'pending' and e.usage_charged`;
    const files = await sql<{ path: string | null }[]>`
      select essay_file_path as path from public.essay_submissions where session_id = ${s.id}
      union all
      select file_path from public.session_anchors where session_id = ${s.id}`;
    await sql`delete from public.analysis_sessions where id = ${s.id}`;
    return [s.prompt_file_path, s.criteria_file_path, ...files.map((f) => f.path)];
  });
  await removeObjects(paths, { ownerId: uid, sessionId: s.id });
  return json({ success: true, message: SESSION_MESSAGES.deleted });
}

const params = sessionParams;

export const routes: Route[] = [
  defineRoute({ method: "GET", path: "/sessions", auth: "user", handler: listSessions }),
  defineRoute({ method: "POST", path: "/sessions", auth: "user", handler: createSession }),
  defineRoute({ method: "POST", path: "/sessions/sample", auth: "user", handler: createSampleSession }),
  defineRoute({ method: "GET", path: "/sessions/:id", auth: "user", params, handler: getSession }),
  defineRoute({ method: "PATCH", path: "/sessions/:id", auth: "user", params, handler: patchSession }),
  defineRoute({ method: "DELETE", path: "/sessions/:id", auth: "user", params, handler: deleteSession }),
  defineRoute({ method: "POST", path: "/sessions/:id/batch-upload", auth: "user", params, handler: batchUpload }),
  defineRoute({ method: "POST", path: "/sessions/:id/start-batch", auth: "user", params, handler: startBatch }),
  defineRoute({ method: "GET", path: "/sessions/:id/agreement", auth: "user", params, handler: sessionAgreement }),
  defineRoute({ method: "GET", path: "/sessions/:id/regrade-all", auth: "user", params, handler: regradeStatus }),
  defineRoute({ method: "POST", path: "/sessions/:id/regrade-all", auth: "user", params, handler: regradeAll }),
];
