// PATCH /sessions/:id: checking the setup before grading. JSON renames the work
// item and stores the teacher's edited rubric; multipart replaces the prompt and/or criteria files
// of this session (instead of creating another one). Written by the server only (users have no
// update grant on analysis_sessions).
import { adminSql } from "../lib/db.ts";
import type { AuthUser, Ctx } from "../lib/types.ts";
import { HttpError } from "../lib/errors.ts";
import { json } from "../lib/http.ts";
import { enforceRateLimit, RATE_LIMITS } from "../lib/rate-limit.ts";
import { checkFileMeta, type ReadFile, readUpload } from "../files/index.ts";
import { capText, fileField } from "../files/form.ts";
import { objectPath, putObjects, removeObjects } from "../lib/storage.ts";
import { MAX_CRITERIA_CHARS, MAX_PROMPT_CHARS, SETUP_EXTENSIONS, uploadMessages } from "../../_shared/upload-rules.ts";
import { sessionSetupSchema } from "../../_shared/session-setup.ts";
import { SESSION_MESSAGES } from "./messages.ts";
import { type SessionRow, sessionJson } from "./mappers.ts";
import { lockSessionSetup, userId, writableSession } from "../lib/workspace/sessions.ts";
import { assertOwnClass, linkAnswersToRoster } from "../lib/workspace/roster-links.ts";

type SessionCtx = Ctx<{ id: string }, AuthUser>;

async function patchJson(ctx: SessionCtx): Promise<Response> {
  const uid = userId(ctx);
  const body = await ctx.json(sessionSetupSchema);
  // A colleague's assignment (an organisation's) is read-only to them: 403, not 404.
  await writableSession(ctx, ctx.params.id);
  const row = await adminSql.begin(async (sql) => {
    const locked = await lockSessionSetup(sql, ctx.params.id, uid, body.rubric !== undefined);
    if (body.classId) await assertOwnClass(sql, body.classId, uid, locked.org_id);
    const [row] = await sql<SessionRow[]>`
      update public.analysis_sessions
         set title = case when ${body.title !== undefined} then ${body.title ?? null} else title end,
             rubric = case when ${body.rubric !== undefined} then ${body.rubric ? sql.json(body.rubric as never) : null}::jsonb
                           else rubric end,
             class_id = case when ${body.classId !== undefined} then ${body.classId ?? null}::uuid else class_id end
       where id = ${ctx.params.id} and user_id = ${uid}
      returning *`;
    // A class set later links the answers already there (those not linked yet) to its students.
    if (body.classId) await linkAnswersToRoster(sql, ctx.params.id);
    return row;
  });
  return json(sessionJson(row));
}

/**
 * Replaces the prompt and/or criteria file of the session. Completed answers keep their results
 * (graded with the old setup; the teacher may re-grade them); staged batch files stay staged. New
 * criteria reset an edited rubric (it is read again from the new text). The old originals are
 * removed once the row points at the new ones; on failure the new ones are removed instead.
 */
async function replaceFiles(ctx: SessionCtx): Promise<Response> {
  const uid = userId(ctx);
  const session = await writableSession(ctx, ctx.params.id);
  const form = await ctx.form();
  const promptFile = fileField(form, "promptFile");
  const criteriaFile = fileField(form, "criteriaFile");
  if (!promptFile && !criteriaFile) throw new HttpError(400, SESSION_MESSAGES.replaceNothing);

  const opts = { extensions: SETUP_EXTENSIONS };
  const promptOpts = { ...opts, label: SESSION_MESSAGES.promptLabel };
  const criteriaOpts = { ...opts, label: SESSION_MESSAGES.criteriaLabel };
  if (promptFile) checkFileMeta(promptFile, promptOpts);
  if (criteriaFile) checkFileMeta(criteriaFile, criteriaOpts);
  // Refuse early (before reading and storing anything) while answers are being graded.
  await adminSql.begin((sql) => lockSessionSetup(sql, session.id, uid, true));
  await enforceRateLimit(adminSql, RATE_LIMITS.sessions, uid);

  const prompt = promptFile ? await readUpload(promptFile, promptOpts) : null;
  if (prompt) capText(prompt.text, MAX_PROMPT_CHARS, uploadMessages.promptTooLong);
  const criteria = criteriaFile ? await readUpload(criteriaFile, criteriaOpts) : null;
  if (criteria) capText(criteria.text, MAX_CRITERIA_CHARS, uploadMessages.criteriaTooLong);

  const where = { ownerId: uid, sessionId: session.id, roles: ["prompt", "criteria"] } as const;
  const uploads: { path: string; file: ReadFile }[] = [];
  const promptPath = prompt ? objectPath(uid, session.id, "prompt", prompt) : null;
  const criteriaPath = criteria ? objectPath(uid, session.id, "criteria", criteria) : null;
  if (prompt && promptPath) uploads.push({ path: promptPath, file: prompt });
  if (criteria && criteriaPath) uploads.push({ path: criteriaPath, file: criteria });
  await putObjects(uploads, where);

  let old: (string | null)[] = [];
  let row: SessionRow;
  try {
    row = await adminSql.begin(async (sql) => {
      const before = await lockSessionSetup(sql, session.id, uid, true);
      old = [prompt ? before.prompt_file_path : null, criteria ? before.criteria_file_path : null];
      const [row] = await sql<SessionRow[]>`
        update public.analysis_sessions set
          prompt_content = case when ${!!prompt} then ${prompt?.text ?? ""} else prompt_content end,
          prompt_filename = case when ${!!prompt} then ${prompt?.originalName ?? null} else prompt_filename end,
          prompt_file_path = case when ${!!prompt} then ${promptPath} else prompt_file_path end,
          prompt_mime_type = case when ${!!prompt} then ${prompt?.mimeType ?? null} else prompt_mime_type end,
          criteria_content = case when ${!!criteria} then ${criteria?.text ?? null} else criteria_content end,
          criteria_filename = case when ${!!criteria} then ${criteria?.originalName ?? null} else criteria_filename end,
          criteria_file_path = case when ${!!criteria} then ${criteriaPath} else criteria_file_path end,
          criteria_mime_type = case when ${!!criteria} then ${criteria?.mimeType ?? null} else criteria_mime_type end,
          rubric = case when ${!!criteria} then null else rubric end
         where id = ${session.id} and user_id = ${uid}
        returning *`;
      return row;
    });
  } catch (err) {
    await removeObjects([promptPath, criteriaPath], where);
    throw err;
  }
  await removeObjects(old, where);
  return json(sessionJson(row));
}

export function patchSession(ctx: SessionCtx): Promise<Response> {
  const multipart = /^multipart\/form-data/i.test(ctx.req.headers.get("content-type") ?? "");
  return multipart ? replaceFiles(ctx) : patchJson(ctx);
}
