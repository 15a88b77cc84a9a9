// The graded results of roster students (essay_submissions.roster_student_id), one per student and
// assignment: the latest graded answer when a student handed in several drafts. Scores are the final
// ones (the teacher's when a review was saved: SHOWN_SCORES), the comment and 첨삭 marks the final
// version's. Read as the caller, so RLS decides; shared by a student's history and a class's matrix.
import type { TransactionSql } from "postgres";
import { SHOWN_SCORES } from "../workspace/submissions.ts";
import { iso } from "../http.ts";
import { resultRubric } from "../../../_shared/rubric-scale.ts";
import { assignmentTitle, growthCategories, type GrowthResult } from "../../../_shared/growth.ts";
import { scorePercent } from "../../../_shared/format.ts";

interface GradedRow {
  student_id: string;
  submission_id: string;
  session_id: string;
  title: string | null;
  prompt_filename: string | null;
  session_created_at: Date;
  submitted_at: Date;
  overall_score: string | number;
  max_score: string | number;
  category_scores: unknown;
  rubric: unknown;
  reviewed_at: Date | null;
  comment: string | null;
  annotations: unknown;
}

/** A graded result with its student and its final 첨삭 marks (jsonb, untrusted). */
export interface StudentResult extends GrowthResult {
  studentId: string;
  annotations: unknown;
}

/**
 * The latest graded answer of each of `studentIds` in each assignment of owner `uid` (within class
 * `classId`'s assignments when given), oldest assignment first. An answer being graded again keeps
 * its previous result; an answer whose grading failed, a staged one and a sample are left out.
 */
export async function latestGradedResults(
  sql: TransactionSql,
  uid: string,
  studentIds: string[],
  classId: string | null = null,
): Promise<StudentResult[]> {
  if (studentIds.length === 0) return [];
  const reviewedVersion = sql`jsonb_typeof(r.review -> 'categoryScores') = 'array'`;
  const rows = await sql<GradedRow[]>`
    select distinct on (e.roster_student_id, e.session_id)
           e.roster_student_id as student_id, e.id as submission_id, e.session_id, s.title, s.prompt_filename,
           s.created_at as session_created_at, e.submitted_at, ${SHOWN_SCORES(sql)}, r.rubric, r.reviewed_at,
           case when ${reviewedVersion} then r.review ->> 'detailedFeedback' else r.detailed_feedback end as comment,
           case when ${reviewedVersion} then r.review -> 'annotations' else r.annotations end as annotations
      from public.essay_submissions e
      join public.analysis_sessions s on s.id = e.session_id
      join public.analysis_results r on r.submission_id = e.id
     where e.user_id = ${uid}
       and e.roster_student_id = any(${studentIds}::uuid[])
       and e.status in ('completed', 'pending', 'analyzing')
       and not e.is_sample and not s.is_sample
       and (${classId}::uuid is null or s.class_id = ${classId}::uuid)
     order by e.roster_student_id, e.session_id, e.analysis_completed_at desc nulls last, r.created_at desc, e.id desc`;
  return rows
    .map((r) => {
      const categories = growthCategories(r.category_scores, resultRubric(r.rubric, r.category_scores));
      const total = Number(r.overall_score);
      const max = Number(r.max_score);
      return {
        studentId: r.student_id,
        sessionId: r.session_id,
        sessionTitle: assignmentTitle(r.title, r.prompt_filename),
        sessionDate: iso(r.session_created_at)!,
        submissionId: r.submission_id,
        submittedAt: iso(r.submitted_at)!,
        total,
        max,
        percent: scorePercent(total, max),
        categories,
        reviewed: r.reviewed_at !== null,
        comment: r.comment ?? "",
        annotations: r.annotations,
      };
    })
    .sort((a, b) => a.sessionDate.localeCompare(b.sessionDate) || a.sessionId.localeCompare(b.sessionId));
}
