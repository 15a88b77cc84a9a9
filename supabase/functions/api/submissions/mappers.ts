// essay_submissions (⟕ analysis_results) rows → the list item (docs/product.md#submission-list-item).
import type { GraderKind } from "../../_shared/grading.ts";
import type { Submission } from "../../_shared/types.ts";
import { iso } from "../lib/http.ts";

export interface SubmissionRow {
  id: string;
  session_id: string;
  user_id: string;
  student_name: string | null;
  student_id: string | null;
  essay_content: string;
  essay_file_path: string | null;
  essay_filename: string | null;
  essay_mime_type: string | null;
  status: Submission["status"];
  progress: number;
  progress_message: string;
  submitted_at: Date;
  analysis_started_at: Date | null;
  analysis_completed_at: Date | null;
  overall_score: string | number | null;
  max_score: string | number | null;
  grader: GraderKind | null;
}

/** A list item (docs/product.md#submission-list-item). `essay` is the first 100 characters (the list preview); the report has the rest. */
export function submissionJson(r: SubmissionRow): Submission & { essayMimeType: string | null } {
  const done = r.status === "completed" && r.overall_score != null;
  const score = done ? Number(r.overall_score) : null;
  return {
    id: r.id,
    sessionId: r.session_id,
    userId: r.user_id,
    studentName: r.student_name ?? "",
    studentId: r.student_id ?? "",
    essayContent: null,
    essayFilePath: r.essay_file_path,
    essayFilename: r.essay_filename,
    essayMimeType: r.essay_mime_type,
    status: r.status,
    progress: r.progress,
    progressMessage: r.progress_message,
    submittedAt: iso(r.submitted_at)!,
    analysisStartedAt: iso(r.analysis_started_at),
    analysisCompletedAt: iso(r.analysis_completed_at),
    score,
    submitTime: iso(r.submitted_at)!,
    essay: [...(r.essay_content ?? "")].slice(0, 100).join(""),
    result: done ? { overallScore: score!, maxScore: Number(r.max_score ?? 100), grader: r.grader ?? "ai" } : null,
  };
}
