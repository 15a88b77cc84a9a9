// A student's way in through an intake link: the link by its token (404 unknown, 410 closed or past its
// deadline) and the student by their code (a live code of a student enrolled in the link's class; at
// most INTAKE_WRONG_CODES wrong codes per link and client address in 10 minutes, then 429), and the
// daily bound on draft attempts per link and student. Shared by the intake routes and the student's
// report list (reports/). The code travels in the `X-Student-Code` header or the form body, never the URL.
import type postgres from "postgres";
import { normalizeStudentCode, STUDENT_INTAKE_MESSAGES as M, type IntakeRelease } from "../../../_shared/intake.ts";
import { adminSql } from "../db.ts";
import { HttpError } from "../errors.ts";
import { clientAddress } from "../rate-limit.ts";

/** Wrong codes per link and client address in WRONG_CODE_WINDOW seconds. */
export const INTAKE_WRONG_CODES = 10;
const WRONG_CODE_WINDOW = 600;
/** Draft attempts per link and student a day. */
export const INTAKE_DRAFTS_PER_DAY = 20;

export interface OpenLink {
  id: string;
  sessionId: string;
  userId: string;
  classId: string;
  deadline: Date;
  maxDrafts: number;
  release: IntakeRelease;
  title: string | null;
  question: string;
  className: string;
}

export interface IntakeStudent {
  id: string;
  name: string;
  examNumber: string;
}

async function sha256(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
}

/** The open link of `token`: 404 when unknown, 410 when closed, past its deadline or its assignment lost its class. */
export async function openLink(token: string): Promise<OpenLink> {
  const [r] = await adminSql<
    {
      id: string;
      session_id: string;
      user_id: string;
      class_id: string | null;
      deadline: Date;
      max_drafts: number;
      release: IntakeRelease;
      closed_at: Date | null;
      title: string | null;
      prompt_content: string;
      class_name: string | null;
    }[]
  >`
    select l.id, l.session_id, l.user_id, s.class_id, l.deadline, l.max_drafts, l.release, l.closed_at,
           s.title, s.prompt_content, c.name as class_name
      from public.intake_links l
      join public.analysis_sessions s on s.id = l.session_id and s.user_id = l.user_id
      left join public.classes c on c.id = s.class_id
     where l.token_hash = ${await sha256(token)}`;
  if (!r) throw new HttpError(404, M.linkNotFound);
  if (r.closed_at !== null || r.class_id === null) throw new HttpError(410, M.linkClosed);
  if (new Date(r.deadline).getTime() <= Date.now()) throw new HttpError(410, M.linkExpired);
  return {
    id: r.id,
    sessionId: r.session_id,
    userId: r.user_id,
    classId: r.class_id,
    deadline: r.deadline,
    maxDrafts: r.max_drafts,
    release: r.release,
    title: r.title,
    question: r.prompt_content,
    className: r.class_name ?? "",
  };
}

const wrongCodeKey = (link: OpenLink, req: Request) => `${link.id}:${clientAddress(req)}`;

/** 429 when this address has used up its wrong codes for the link (nothing is counted). */
async function refuseWhenLockedOut(link: OpenLink, req: Request): Promise<void> {
  const [row] = await adminSql<{ count: number; reset_at: Date }[]>`
    select count, reset_at from public.rate_limits
     where identifier = ${wrongCodeKey(link, req)} and type = 'ip' and action = 'intake_code' and reset_at > now()`;
  if (row && row.count >= INTAKE_WRONG_CODES) {
    const retryAfter = Math.max(1, Math.ceil((new Date(row.reset_at).getTime() - Date.now()) / 1000));
    throw new HttpError(429, M.tooManyWrongCodes, { retryAfter });
  }
}

/** Counts one wrong code; 403 (or 429 once over the bound). */
async function wrongCode(link: OpenLink, req: Request): Promise<never> {
  const [row] = await adminSql<{ r: { allowed: boolean; resetAt: string } }[]>`
    select private.hit_rate_limit(${wrongCodeKey(link, req)}, 'ip', 'intake_code', ${INTAKE_WRONG_CODES}::int,
                                  ${WRONG_CODE_WINDOW}::int) as r`;
  if (!row.r.allowed) {
    const retryAfter = Math.max(1, Math.ceil((new Date(row.r.resetAt).getTime() - Date.now()) / 1000));
    throw new HttpError(429, M.tooManyWrongCodes, { retryAfter });
  }
  throw new HttpError(403, M.codeWrong);
}

/**
 * The student of `rawCode` for `link`: a live code of the link's owner, of a student enrolled in the
 * link's class. A missing code is 400; anything else that does not open the link counts as a wrong code.
 */
export async function identifyStudent(link: OpenLink, rawCode: string | null, req: Request): Promise<IntakeStudent> {
  if (!rawCode || !rawCode.trim()) throw new HttpError(400, M.codeRequired);
  await refuseWhenLockedOut(link, req);
  const code = normalizeStudentCode(rawCode.slice(0, 64));
  if (!code) return await wrongCode(link, req);
  const [s] = await adminSql<IntakeStudent[]>`
    select st.id, st.name, st.exam_number as "examNumber"
      from public.student_codes k
      join public.students st on st.id = k.student_id and st.user_id = k.user_id
      join public.class_students cs on cs.student_id = st.id and cs.class_id = ${link.classId}
     where k.code_hash = ${await sha256(code)} and k.revoked_at is null and k.user_id = ${link.userId}`;
  if (!s) return await wrongCode(link, req);
  return s;
}

/** The code a request carries: the `X-Student-Code` header, else the form's `studentCode`. */
export function studentCodeOf(req: Request, form?: FormData): string | null {
  const header = req.headers.get("x-student-code");
  if (header) return header;
  const field = form?.get("studentCode");
  return typeof field === "string" ? field : null;
}

/** Counts one draft attempt of `student` on `link`; 429 past INTAKE_DRAFTS_PER_DAY a day. */
export async function countDraftAttempt(sql: postgres.Sql, link: OpenLink, student: IntakeStudent): Promise<void> {
  const [row] = await sql<{ r: { allowed: boolean; resetAt: string } }[]>`
    select private.hit_rate_limit(${`${link.id}:${student.id}`}, 'user', 'intake_draft', ${INTAKE_DRAFTS_PER_DAY}::int,
                                  86400) as r`;
  if (!row.r.allowed) {
    const retryAfter = Math.max(1, Math.ceil((new Date(row.r.resetAt).getTime() - Date.now()) / 1000));
    throw new HttpError(429, M.tooManyDrafts, { retryAfter });
  }
}
