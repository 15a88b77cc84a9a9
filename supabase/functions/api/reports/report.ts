import { anchorsUsedText, FLAG_LABELS, OFFLINE_GRADER_LABEL, type GradeFlag, type ReportData } from "../../_shared/grading.ts";
import { REPORT_SECTIONS, reportFacts } from "../../_shared/report.ts";
import type { ReviewInfo } from "../../_shared/review.ts";
import { iso } from "../lib/http.ts";
import { validStoredAnnotations } from "../grading/annotations.ts";
import { sessionRubric } from "../grading/rubric.ts";
import { formatScore as fmt, formatSeoulDateOr, scorePercent } from "../../_shared/format.ts";
import { resultRubric, rubricSnapshot } from "../../_shared/rubric-scale.ts";

/** Row shape read by the report routes (submission joined with its result and session). */
export interface ReportRow {
  id: string;
  student_name: string | null;
  student_id: string | null;
  submitted_at: Date | string;
  analysis_completed_at: Date | string | null;
  essay_filename: string | null;
  prompt_filename: string | null;
  overall_score: string | number;
  max_score: string | number;
  category_scores: ReportData["categories"];
  strengths: string[];
  improvement_areas: string[];
  detailed_feedback: string;
  suggestions: string[];
  grader: "ai" | "offline";
  model: string | null;
  flags: GradeFlag[];
  /** Session question text (analysis_sessions.prompt_content). */
  prompt_content?: string | null;
  /** Session criteria text, read into the rubric as the worker did (analysis_sessions.criteria_content). */
  criteria_content?: string | null;
  /** The teacher's edited rubric (analysis_sessions.rubric), used instead of the criteria when set. */
  rubric?: unknown;
  /** analysis_results.rubric: the rubric this result was graded under (what the report shows). */
  result_rubric?: unknown;
  /** The answer (essay_submissions.essay_content). */
  essay_content?: string | null;
  /** analysis_results.annotations */
  annotations?: unknown;
  /** analysis_results.anchors_used */
  anchors_used?: number | string | null;
}

/**
 * The rubric a report shows: the one its result was graded under (analysis_results.rubric, else the
 * maxima of its category scores), never the session's current one; the session's only when the
 * result carries neither.
 */
function reportRubric(row: ReportRow): ReportData["rubric"] {
  const own = resultRubric(row.result_rubric, row.category_scores);
  return rubricSnapshot(own.length > 0 ? own : sessionRubric(row.rubric, row.criteria_content));
}

export function toReport(row: ReportRow): ReportData {
  const flags = Array.isArray(row.flags) ? row.flags : [];
  const answer = row.essay_content ?? "";
  return {
    submissionId: row.id,
    studentInfo: { name: row.student_name, studentId: row.student_id },
    submittedAt: iso(row.submitted_at)!,
    completedAt: iso(row.analysis_completed_at),
    overallScore: Number(row.overall_score),
    maxScore: Number(row.max_score),
    categories: row.category_scores ?? [],
    strengths: row.strengths ?? [],
    improvementAreas: row.improvement_areas ?? [],
    detailedFeedback: row.detailed_feedback ?? "",
    suggestions: row.suggestions ?? [],
    grader: row.grader,
    // The model id is for admins (`model`); readers see how it was graded, not with what.
    graderLabel: row.grader === "offline" ? OFFLINE_GRADER_LABEL : "AI 채점",
    model: row.model,
    flags,
    flagLabels: flags.map((f) => FLAG_LABELS[f] ?? f),
    essayFilename: row.essay_filename,
    promptFilename: row.prompt_filename,
    question: row.prompt_content ?? "",
    rubric: reportRubric(row),
    answer,
    annotations: validStoredAnnotations(answer, row.annotations),
    anchorsUsed: Number(row.anchors_used ?? 0) || 0,
  };
}

const oneLine = (s: string) => s.replace(/\s+/g, " ").trim();

/** The "[첨삭 표시]" lines: numbered annotations in the order of the answer, with their quotes. */
function annotationLines(r: ReportData): string[] {
  if (!r.annotations?.length) return ["  (없음)"];
  return r.annotations.flatMap((a, i) => [
    `  ${i + 1}. [${a.kind} · ${a.category}${a.source === "offline" ? " · 오프라인 분석" : ""}] “${oneLine(a.quote)}”`,
    `     ${oneLine(a.comment)}`,
    ...(a.rewrite ? [`     고쳐 쓰기: ${oneLine(a.rewrite)}`] : []),
    "",
  ]);
}

function koreanDate(isoString: string | null): string {
  return formatSeoulDateOr(isoString, "longDateTimePadded", "-");
}

/** Display width in a monospaced font: Hangul and other wide characters take two columns. */
function columns(text: string): number {
  let n = 0;
  for (const ch of text)
    n += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/.test(ch) ? 2 : 1;
  return n;
}

/** `label : value` with the colons in one column (12 columns of label). */
const line = (label: string, value: string) => `${label}${" ".repeat(Math.max(1, 12 - columns(label)))}: ${value}`;

/**
 * A plain-text report laid out for reading and printing (UTF-8, CRLF-free, BOM for Windows Notepad).
 * With review facts (teacher review) it states whether the teacher reviewed it; the scores and texts
 * are whatever `r` holds (the reviewed version when there is one).
 */
export function reportText(r: ReportData & Partial<ReviewInfo>): string {
  const rule = "=".repeat(48);
  const thin = "-".repeat(48);
  const list = (items: string[]) => (items.length ? items.map((s) => `  • ${s}`).join("\n") : "  (없음)");
  const lines = [
    rule,
    "  AI 논술 첨삭 리포트",
    rule,
    "",
    ...reportFacts({ ...r, reviewed: r.reviewed ?? false }, koreanDate).map((f) => line(f.label, f.value)),
    line("채점 방식", r.graderLabel),
    ...(anchorsUsedText(r.anchorsUsed) ? [line("기준 답안", anchorsUsedText(r.anchorsUsed) ?? "")] : []),
    ...(r.flagLabels.length ? [line("확인 필요", r.flagLabels.join(", "))] : []),
    "",
    line("총점", `${fmt(r.overallScore)} / ${fmt(r.maxScore)}점 (${scorePercent(r.overallScore, r.maxScore)}%)`),
    "",
    thin,
    `[${REPORT_SECTIONS.categories}]`,
    thin,
    ...r.categories.flatMap((c) => [
      `■ ${c.name}: ${fmt(c.score)} / ${fmt(c.maxScore)}점 (${scorePercent(c.score, c.maxScore)}%)`,
      `  ${c.feedback}`,
      "",
    ]),
    thin,
    `[${REPORT_SECTIONS.strengths}]`,
    thin,
    list(r.strengths),
    "",
    thin,
    `[${REPORT_SECTIONS.improvements}]`,
    thin,
    list(r.improvementAreas),
    "",
    thin,
    `[${REPORT_SECTIONS.feedback}]`,
    thin,
    r.detailedFeedback || "(없음)",
    "",
    thin,
    `[${REPORT_SECTIONS.suggestions}]`,
    thin,
    ...(r.suggestions.length ? r.suggestions.map((s, i) => `  ${i + 1}. ${s}`) : ["  (없음)"]),
    "",
    thin,
    "[첨삭 표시]",
    thin,
    ...annotationLines(r),
    "",
    rule,
    ...(r.reviewed ? ["※ 선생님이 검토를 마친 리포트입니다."] : []),
    r.grader === "offline"
      ? "※ 이 리포트는 AI가 아닌 내장 오프라인 분석기의 측정 결과입니다. 참고용으로 활용해 주세요."
      : "※ AI 채점 결과는 참고용이며, 최종 평가는 선생님의 판단을 따릅니다.",
    rule,
    "",
  ];
  return lines.join("\n");
}

export { attachmentHeader } from "../lib/http.ts";

export function reportFilename(r: ReportData): string {
  const who = (r.studentInfo.name ?? r.studentInfo.studentId ?? "").replace(/[\\/:*?"<>|\s]+/g, "_").slice(0, 40);
  return who ? `논술첨삭_리포트_${who}.txt` : "논술첨삭_리포트.txt";
}
