// The teacher's side of intake: an assignment's submission link (make, read, change, close) and the
// student codes of a class (issue for those without one, or re-issue chosen ones). Tokens and codes are
// made here and stored hashed, so each is answered once. Writes use the privileged connection, each
// after checking in the same transaction that the caller owns the assignment or class.
import type postgres from "postgres";
import {
  type CreatedIntakeLink,
  INTAKE_LIMITS,
  INTAKE_MESSAGES as M,
  intakeCreateSchema,
  type IntakeLink,
  intakePatchSchema,
  type IntakeRelease,
  type IssuedStudentCode,
  studentCodesSchema,
  revokeCodesSchema,
} from "../../_shared/intake.ts";
import { adminSql } from "../lib/db.ts";
import { HttpError } from "../lib/errors.ts";
import { iso, json } from "../lib/http.ts";
import { idParams, uuidParam } from "../lib/params.ts";
import { z } from "zod";
import { type AuthUser, type Ctx, defineRoute, type Route } from "../lib/types.ts";
import { intakeUrl, newIntakeToken, newStudentCode, sha256 } from "./secrets.ts";
import { classDraftsSummary } from "./summary.ts";

type IdCtx = Ctx<{ id: string }, AuthUser>;

interface LinkRow {
  id: string;
  session_id: string;
  deadline: Date;
  max_drafts: number;
  release: IntakeRelease;
  closed_at: Date | null;
  quota_refused_at: Date | null;
  created_at: Date;
}

const LINK_COLUMNS = "id, session_id, deadline, max_drafts, release, closed_at, quota_refused_at, created_at";

export const toIntakeLink = (r: LinkRow): IntakeLink => ({
  id: r.id,
  sessionId: r.session_id,
  deadline: iso(r.deadline)!,
  maxDrafts: r.max_drafts,
  release: r.release,
  closedAt: iso(r.closed_at),
  quotaRefusedAt: iso(r.quota_refused_at),
  open: r.closed_at === null && new Date(r.deadline).getTime() > Date.now(),
  createdAt: iso(r.created_at)!,
});

/** A deadline must lie ahead, at most INTAKE_LIMITS.maxDeadlineDays. */
function checkDeadline(deadline: string): Date {
  const t = new Date(deadline);
  if (t.getTime() <= Date.now()) throw new HttpError(400, M.deadlinePast);
  if (t.getTime() > Date.now() + INTAKE_LIMITS.maxDeadlineDays * 86_400_000) throw new HttpError(400, M.deadlineTooFar);
  return t;
}

/** The caller's assignment `id`, locked: 404 when it is not theirs. */
async function lockSession(sql: postgres.TransactionSql, id: string, userId: string) {
  const [s] = await sql<{ id: string; class_id: string | null }[]>`
    select id, class_id from public.analysis_sessions where id = ${id} and user_id = ${userId} for update`;
  if (!s) throw new HttpError(404, M.sessionNotFound);
  return s;
}

async function createLink(ctx: IdCtx): Promise<Response> {
  const body = await ctx.json(intakeCreateSchema);
  const deadline = checkDeadline(body.deadline);
  const { token, hash } = await newIntakeToken();
  const row = await adminSql.begin(async (sql) => {
    const session = await lockSession(sql, ctx.params.id, ctx.user.id);
    if (!session.class_id) throw new HttpError(409, M.needsClass);
    const [existing] = await sql<{ closed_at: Date | null }[]>`
      select closed_at from public.intake_links where session_id = ${session.id}`;
    if (existing && existing.closed_at === null) throw new HttpError(409, M.linkExists);
    // A closed link is replaced by a new one (a new token; its drafts stay with the assignment).
    const [r] = await sql.unsafe<LinkRow[]>(
      `insert into public.intake_links (session_id, user_id, token_hash, deadline, max_drafts, release)
       values ($1, $2, $3, $4, $5, $6)
       on conflict (session_id) do update
          set token_hash = excluded.token_hash, deadline = excluded.deadline, max_drafts = excluded.max_drafts,
              release = excluded.release, closed_at = null, quota_refused_at = null, created_at = now()
       returning ${LINK_COLUMNS}`,
      [session.id, ctx.user.id, hash, deadline, body.maxDrafts, body.release],
    );
    return r;
  });
  const created: CreatedIntakeLink = { ...toIntakeLink(row), token, url: intakeUrl(ctx.req, token) };
  return json(created, 201);
}

async function readLink(ctx: IdCtx): Promise<Response> {
  const rows = await ctx.asCaller(async (sql) => {
    const [own] = await sql`select 1 from public.analysis_sessions where id = ${ctx.params.id} and user_id = ${ctx.user.id}`;
    if (!own) throw new HttpError(404, M.sessionNotFound);
    return await sql.unsafe<LinkRow[]>(`select ${LINK_COLUMNS} from public.intake_links where session_id = $1`, [ctx.params.id]);
  });
  return json({ link: rows[0] ? toIntakeLink(rows[0]) : null });
}

async function patchLink(ctx: IdCtx): Promise<Response> {
  const body = await ctx.json(intakePatchSchema);
  const deadline = body.deadline === undefined ? null : checkDeadline(body.deadline);
  const row = await adminSql.begin(async (sql) => {
    await lockSession(sql, ctx.params.id, ctx.user.id);
    const [r] = await sql.unsafe<LinkRow[]>(
      `update public.intake_links set
          deadline = coalesce($2, deadline),
          max_drafts = coalesce($3, max_drafts),
          release = coalesce($4, release)
        where session_id = $1
       returning ${LINK_COLUMNS}`,
      [ctx.params.id, deadline, body.maxDrafts ?? null, body.release ?? null],
    );
    if (!r) throw new HttpError(404, M.linkNotFound);
    return r;
  });
  return json(toIntakeLink(row));
}

async function closeLink(ctx: IdCtx): Promise<Response> {
  const row = await adminSql.begin(async (sql) => {
    await lockSession(sql, ctx.params.id, ctx.user.id);
    const [r] = await sql.unsafe<LinkRow[]>(
      `update public.intake_links set closed_at = coalesce(closed_at, now()) where session_id = $1 returning ${LINK_COLUMNS}`,
      [ctx.params.id],
    );
    if (!r) throw new HttpError(404, M.linkNotFound);
    return r;
  });
  return json(toIntakeLink(row));
}

interface RosterRow {
  student_id: string;
  exam_number: string;
  name: string;
  seat_number: number | null;
  has_code: boolean;
}

/** Inserts a new code for `studentId`, drawing again on the (unlikely) clash with another code's hash. */
async function issueCode(sql: postgres.TransactionSql, studentId: string, userId: string): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const code = newStudentCode();
    const rows = await sql`
      insert into public.student_codes (student_id, user_id, code_hash)
      values (${studentId}, ${userId}, ${await sha256(code)})
      on conflict (code_hash) do nothing returning id`;
    if (rows.length === 1) return code;
    if (attempt >= 5) throw new Error("could not draw a free student code");
  }
}

async function issueCodes(ctx: IdCtx): Promise<Response> {
  const body = await ctx.json(studentCodesSchema);
  const codes = await adminSql.begin(async (sql) => {
    const [c] = await sql`select id from public.classes where id = ${ctx.params.id} and user_id = ${ctx.user.id} for update`;
    if (!c) throw new HttpError(404, M.classNotFound);
    const roster = await sql<RosterRow[]>`
      select s.id as student_id, s.exam_number, s.name, cs.seat_number,
             exists (select 1 from public.student_codes k where k.student_id = s.id and k.revoked_at is null) as has_code
        from public.class_students cs join public.students s on s.id = cs.student_id
       where cs.class_id = ${ctx.params.id}
       order by cs.seat_number nulls last, s.exam_number`;
    let chosen: RosterRow[] = [...roster];
    if (body.studentIds) {
      const wanted = new Set(body.studentIds);
      chosen = roster.filter((r) => wanted.has(r.student_id));
      if (chosen.length !== wanted.size) throw new HttpError(400, M.studentNotInClass);
    }
    if (body.reissue) {
      const ids = chosen.map((r) => r.student_id);
      if (ids.length > 0) {
        await sql`update public.student_codes set revoked_at = now() where student_id in ${sql(ids)} and revoked_at is null`;
      }
    } else {
      chosen = chosen.filter((r) => !r.has_code);
    }
    const issued: IssuedStudentCode[] = [];
    for (const r of chosen) {
      issued.push({
        studentId: r.student_id,
        examNumber: r.exam_number,
        name: r.name,
        seatNumber: r.seat_number,
        code: await issueCode(sql, r.student_id, ctx.user.id),
      });
    }
    return issued;
  });
  return json({ codes }, 201, { "Cache-Control": "no-store" });
}

/**
 * POST /classes/:id/student-codes/revoke `{ studentIds }`: the chosen students' codes stop opening anything
 * (a code can be issued again later); `{ revoked }` is how many codes were in force.
 */
async function revokeCodes(ctx: IdCtx): Promise<Response> {
  const { studentIds } = await ctx.json(revokeCodesSchema);
  const revoked = await adminSql.begin(async (sql) => {
    const [c] = await sql`select id from public.classes where id = ${ctx.params.id} and user_id = ${ctx.user.id} for update`;
    if (!c) throw new HttpError(404, M.classNotFound);
    const enrolled = await sql`
      select student_id from public.class_students where class_id = ${ctx.params.id} and student_id in ${sql(studentIds)}`;
    if (enrolled.length !== new Set(studentIds).size) throw new HttpError(400, M.studentNotInClass);
    return (
      await sql`
      update public.student_codes set revoked_at = now()
       where student_id in ${sql(studentIds)} and revoked_at is null`
    ).count;
  });
  return json({ revoked });
}

const sessionParams = idParams(M.sessionNotFound);
const draftParams = z.object({ id: uuidParam(M.sessionNotFound), submissionId: uuidParam(M.draftNotFound) });
const hideSchema = z.strictObject({ hidden: z.boolean({ error: M.invalidBody }) }, { error: M.invalidBody });

/** PATCH /sessions/:id/intake/drafts/:submissionId `{ hidden }`: hides a draft from its student (or shows it again). */
async function hideDraft(ctx: Ctx<{ id: string; submissionId: string }, AuthUser>): Promise<Response> {
  const { hidden } = await ctx.json(hideSchema);
  const [row] = await adminSql<{ hidden: boolean }[]>`
    update public.essay_drafts set hidden = ${hidden}
     where submission_id = ${ctx.params.submissionId} and session_id = ${ctx.params.id} and user_id = ${ctx.user.id}
    returning hidden`;
  if (!row) throw new HttpError(404, M.draftNotFound);
  return json({ id: ctx.params.submissionId, hidden: row.hidden });
}

export const routes: Route[] = [
  defineRoute({ method: "GET", path: "/sessions/:id/intake", auth: "user", params: sessionParams, handler: readLink }),
  defineRoute({ method: "POST", path: "/sessions/:id/intake", auth: "user", params: sessionParams, handler: createLink }),
  defineRoute({ method: "PATCH", path: "/sessions/:id/intake", auth: "user", params: sessionParams, handler: patchLink }),
  defineRoute({ method: "DELETE", path: "/sessions/:id/intake", auth: "user", params: sessionParams, handler: closeLink }),
  defineRoute({
    method: "PATCH",
    path: "/sessions/:id/intake/drafts/:submissionId",
    auth: "user",
    params: draftParams,
    handler: hideDraft,
  }),
  defineRoute({
    method: "GET",
    path: "/classes/:id/drafts-summary",
    auth: "user",
    params: idParams(M.classNotFound),
    handler: async (ctx) => json(await ctx.asCaller((sql) => classDraftsSummary(sql, ctx.params.id))),
  }),
  defineRoute({
    method: "POST",
    path: "/classes/:id/student-codes",
    auth: "user",
    params: idParams(M.classNotFound),
    handler: issueCodes,
  }),
  defineRoute({
    method: "POST",
    path: "/classes/:id/student-codes/revoke",
    auth: "user",
    params: idParams(M.classNotFound),
    handler: revokeCodes,
  }),
];
