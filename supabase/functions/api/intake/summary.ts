// A class's drafts at a glance (GET /classes/:id/drafts-summary): how many drafts each student handed in
// through the class's links, and the average improvement from draft 1 to draft 2 (final scores as
// percent of the maximum, both graded). Read as the caller, so RLS decides.
import type { TransactionSql } from "postgres";
import { type ClassDraftsSummary, INTAKE_MESSAGES as M } from "../../_shared/intake.ts";
import { scorePercent } from "../../_shared/format.ts";
import { HttpError } from "../lib/errors.ts";
import { SHOWN_SCORES } from "../lib/workspace/submissions.ts";

interface Row {
  student_id: string;
  session_id: string;
  draft_number: number;
  status: string;
  overall_score: string | number | null;
  max_score: string | number | null;
}

export async function classDraftsSummary(sql: TransactionSql, classId: string): Promise<ClassDraftsSummary> {
  const [c] = await sql`select id from public.classes where id = ${classId}`;
  if (!c) throw new HttpError(404, M.classNotFound);
  const rows = await sql<Row[]>`
    select d.student_id, d.session_id, d.draft_number, e.status, ${SHOWN_SCORES(sql)}
      from public.essay_drafts d
      join public.essay_submissions e on e.id = d.submission_id
      join public.analysis_sessions s on s.id = d.session_id and s.class_id = ${classId}
      join public.class_students cs on cs.class_id = ${classId} and cs.student_id = d.student_id
      left join public.analysis_results r on r.submission_id = e.id`;
  const drafts = new Map<string, number>();
  const percent = new Map<string, number>();
  for (const r of rows) {
    drafts.set(r.student_id, (drafts.get(r.student_id) ?? 0) + 1);
    if (r.status === "completed" && r.overall_score !== null && r.max_score !== null && Number(r.max_score) > 0) {
      percent.set(`${r.session_id}:${r.student_id}:${r.draft_number}`, scorePercent(Number(r.overall_score), Number(r.max_score)));
    }
  }
  const gains: number[] = [];
  for (const [key, p1] of percent) {
    if (!key.endsWith(":1")) continue;
    const p2 = percent.get(key.replace(/:1$/, ":2"));
    if (p2 !== undefined) gains.push(p2 - p1);
  }
  return {
    students: [...drafts].map(([studentId, count]) => ({ studentId, drafts: count })),
    revisedPairs: gains.length,
    averageImprovement: gains.length ? Math.round((gains.reduce((a, b) => a + b, 0) / gains.length) * 10) / 10 : null,
  };
}
