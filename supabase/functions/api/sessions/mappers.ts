// analysis_sessions rows → API JSON.
import type { AnalysisSession } from "../../_shared/types.ts";
import { iso } from "../lib/http.ts";

export interface SessionRow {
  id: string;
  user_id: string;
  prompt_content: string;
  criteria_content: string | null;
  prompt_filename: string | null;
  criteria_filename: string | null;
  prompt_file_path: string | null;
  criteria_file_path: string | null;
  prompt_mime_type: string | null;
  criteria_mime_type: string | null;
  created_at: Date;
  updated_at: Date;
  submission_count?: number;
  completed_count?: number;
}

export function sessionJson(r: SessionRow): AnalysisSession & { promptMimeType: string | null; criteriaMimeType: string | null } {
  return {
    id: r.id,
    userId: r.user_id,
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
  };
}
