// analysis_sessions rows → API JSON.
import type { AnalysisSession } from "../../_shared/types.ts";
import { iso } from "../lib/http.ts";
import { sessionRubric } from "../grading/rubric.ts";
import type { SessionRow } from "../lib/workspace/sessions.ts";

export type { SessionRow };

export function sessionJson(r: SessionRow): AnalysisSession & { promptMimeType: string | null; criteriaMimeType: string | null } {
  return {
    id: r.id,
    userId: r.user_id,
    title: r.title,
    rubric: sessionRubric(r.rubric, r.criteria_content),
    rubricEdited: r.rubric !== null,
    promptContent: r.prompt_content,
    criteriaContent: r.criteria_content,
    promptFilename: r.prompt_filename,
    criteriaFilename: r.criteria_filename,
    promptFilePath: r.prompt_file_path,
    criteriaFilePath: r.criteria_file_path,
    promptMimeType: r.prompt_mime_type,
    criteriaMimeType: r.criteria_mime_type,
    createdAt: iso(r.created_at)!,
    updatedAt: iso(r.updated_at)!,
    submissionCount: Number(r.submission_count ?? 0),
    completedCount: Number(r.completed_count ?? 0),
    isSample: Boolean(r.is_sample),
    classId: r.class_id ?? null,
  };
}
