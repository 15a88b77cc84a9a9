// The rubric library: GET /rubrics (built-in templates, mine, the active organisation's), POST /rubrics,
// PATCH and DELETE /rubrics/:id. Written as the caller: the policies of public.rubrics decide who may
// share, change and delete (migration 20261122000370_library.sql); the API answers their refusals in Korean.
import type { TransactionSql } from "postgres";
import { z } from "zod";
import { type Ctx, defineRoute, type Route } from "../lib/types.ts";
import type { AuthUser } from "../lib/types.ts";
import { json } from "../lib/http.ts";
import { HttpError } from "../lib/errors.ts";
import { activeOrg, type ActiveOrg } from "../lib/orgs/active.ts";
import { uuidParam } from "../lib/params.ts";
import { LIBRARY_MESSAGES as M, rubricInputSchema, rubricPatchSchema } from "../../_shared/library.ts";
import { isBuiltInRubricId, RUBRIC_TEMPLATES } from "../../_shared/rubric-templates.ts";
import { RUBRIC_COLUMNS, type RubricRow, rubricJson, selectRubrics, visibleRubric } from "./queries.ts";

type UserCtx = Ctx<Record<string, string>, AuthUser>;
type RubricCtx = Ctx<{ id: string }, AuthUser>;

/** A refusal of the database as a Korean answer: the author's bound (409), a guest or a policy (403). */
function refusal(err: unknown, denied: string): never {
  const code = (err as { code?: string })?.code;
  if (code === "54000") throw new HttpError(409, M.tooManyRubrics);
  if (code === "42501") throw new HttpError(403, denied);
  throw err;
}

async function listRubrics(ctx: UserCtx): Promise<Response> {
  const org = await activeOrg(ctx);
  const saved = await ctx.asCaller((sql) => selectRubrics(sql, ctx.user.id, org));
  return json({ rubrics: [...RUBRIC_TEMPLATES, ...saved] });
}

/** The organisation a shared rubric goes to: the active one, where the caller is its owner or a manager. */
function shareTarget(shared: boolean, org: ActiveOrg | null): string | null {
  if (!shared) return null;
  if (!org) throw new HttpError(400, M.shareNeedsOrg);
  if (org.role !== "owner" && org.role !== "manager") throw new HttpError(403, M.shareRubricRole);
  return org.id;
}

async function createRubric(ctx: UserCtx): Promise<Response> {
  if (ctx.user.isAnonymous) throw new HttpError(403, M.guestRubric);
  const body = await ctx.json(rubricInputSchema);
  const org = await activeOrg(ctx);
  const orgId = shareTarget(body.shared, org);
  const rubric = await ctx.asCaller(async (sql) => {
    const [row] = await sql<RubricRow[]>`
      insert into public.rubrics (org_id, name, description, criteria)
      values (${orgId}, ${body.name}, ${body.description}, ${sql.json(body.criteria)})
      returning ${sql(RUBRIC_COLUMNS)}`.catch((err) => refusal(err, body.shared ? M.shareRubricRole : M.guestRubric));
    return rubricJson(row!, ctx.user.id, org);
  });
  return json({ rubric, message: M.rubricSaved }, 201);
}

/**
 * Runs `write` on a saved rubric the caller sees: a template is read-only (403), a rubric they do not see
 * is 404, and one they see but may not change (the policies leave it untouched) is 403.
 */
async function writeRubric(ctx: RubricCtx, write: (sql: TransactionSql) => Promise<RubricRow[]>): Promise<RubricRow> {
  if (isBuiltInRubricId(ctx.params.id)) throw new HttpError(403, M.builtInReadOnly);
  return await ctx.asCaller(async (sql) => {
    if (!(await visibleRubric(sql, ctx.params.id))) throw new HttpError(404, M.rubricNotFound);
    const [row] = await write(sql).catch((err) => refusal(err, M.notEditor));
    if (!row) throw new HttpError(403, M.notEditor);
    return row;
  });
}

async function patchRubric(ctx: RubricCtx): Promise<Response> {
  if (isBuiltInRubricId(ctx.params.id)) throw new HttpError(403, M.builtInReadOnly);
  const body = await ctx.json(rubricPatchSchema);
  const row = await writeRubric(
    ctx,
    (sql) => sql<RubricRow[]>`
      update public.rubrics set
        name = coalesce(${body.name ?? null}, name),
        description = coalesce(${body.description ?? null}, description),
        criteria = coalesce(${body.criteria ? sql.json(body.criteria) : null}::jsonb, criteria)
       where id = ${ctx.params.id}
      returning ${sql(RUBRIC_COLUMNS)}`,
  );
  return json({ rubric: { ...rubricJson(row, ctx.user.id, null), canEdit: true }, message: M.rubricUpdated });
}

async function deleteRubric(ctx: RubricCtx): Promise<Response> {
  await writeRubric(
    ctx,
    (sql) => sql<RubricRow[]>`delete from public.rubrics where id = ${ctx.params.id} returning ${sql(RUBRIC_COLUMNS)}`,
  );
  return json({ success: true, message: M.rubricDeleted });
}

/** A saved rubric's UUID, or a template's `builtin-…` id (refused as read-only); anything else is 404. */
const params = z.object({ id: z.union([uuidParam(M.rubricNotFound), z.string().regex(/^builtin-[a-z]+$/)], { error: M.rubricNotFound }) });

export const routes: Route[] = [
  defineRoute({ method: "GET", path: "/rubrics", auth: "user", handler: listRubrics }),
  defineRoute({ method: "POST", path: "/rubrics", auth: "user", handler: createRubric }),
  defineRoute({ method: "PATCH", path: "/rubrics/:id", auth: "user", params, handler: patchRubric }),
  defineRoute({ method: "DELETE", path: "/rubrics/:id", auth: "user", params, handler: deleteRubric }),
];
