// The teacher's version of a result: reading it, checking a submitted one against the answer and the
// rubric (the total is always the sum of the category scores, computed here), and the change log.
// Pure functions (no SQL), unit-tested in tests/unit/review-build.test.ts.
import { ANNOTATION_KINDS, type Annotation, type CategoryScore, type ReportData } from "../../_shared/grading.ts";
import {
  REVIEW_LIMITS,
  type ResultEdit,
  type ReviewableFields,
  type ReviewBody,
  type ReviewedReport,
  type SharedReport,
} from "../../_shared/review.ts";
import { HttpError } from "../lib/errors.ts";
import { iso } from "../lib/http.ts";
import { validStoredAnnotations } from "../grading/annotations.ts";
import { REVIEW_API_MESSAGES as M } from "./messages.ts";

/** The result columns a review reads (analysis_results). */
export interface ReviewRow {
  overall_score: string | number;
  max_score: string | number;
  category_scores: CategoryScore[] | null;
  strengths: string[] | null;
  improvement_areas: string[] | null;
  detailed_feedback: string | null;
  suggestions: string[] | null;
  annotations?: unknown;
  review?: unknown;
  reviewed_at?: Date | string | null;
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((s): s is string => typeof s === "string") : []);

/** The AI's (or offline grader's) original, as the worker stored it. */
export function originalFields(row: ReviewRow, answer: string): ReviewableFields {
  return {
    overallScore: Number(row.overall_score),
    maxScore: Number(row.max_score),
    categories: Array.isArray(row.category_scores) ? row.category_scores : [],
    strengths: strings(row.strengths),
    improvementAreas: strings(row.improvement_areas),
    detailedFeedback: row.detailed_feedback ?? "",
    suggestions: strings(row.suggestions),
    annotations: validStoredAnnotations(answer, row.annotations),
  };
}

function storedCategories(v: unknown): CategoryScore[] | null {
  if (!Array.isArray(v)) return null;
  const out: CategoryScore[] = [];
  for (const c of v) {
    if (!c || typeof c !== "object") return null;
    const { name, score, maxScore, feedback } = c as Record<string, unknown>;
    if (typeof name !== "string" || typeof score !== "number" || typeof maxScore !== "number") return null;
    out.push({ name, score, maxScore, feedback: typeof feedback === "string" ? feedback : "" });
  }
  return out;
}

/** The teacher's stored version (analysis_results.review), or null when there is none or it is unreadable. */
export function reviewedFields(row: ReviewRow, answer: string): ReviewableFields | null {
  const r = row.review;
  if (!r || typeof r !== "object" || Array.isArray(r)) return null;
  const o = r as Record<string, unknown>;
  const categories = storedCategories(o.categoryScores);
  if (!categories) return null;
  return {
    overallScore: round1(categories.reduce((s, c) => s + c.score, 0)),
    maxScore: Number(row.max_score),
    categories,
    strengths: strings(o.strengths),
    improvementAreas: strings(o.improvementAreas),
    detailedFeedback: typeof o.detailedFeedback === "string" ? o.detailedFeedback : "",
    suggestions: strings(o.suggestions),
    annotations: validStoredAnnotations(answer, o.annotations, REVIEW_LIMITS.annotations),
  };
}

/** As stored in analysis_results.review. */
export function toStoredReview(f: ReviewableFields): Record<string, unknown> {
  return {
    overallScore: f.overallScore,
    maxScore: f.maxScore,
    categoryScores: f.categories,
    strengths: f.strengths,
    improvementAreas: f.improvementAreas,
    detailedFeedback: f.detailedFeedback,
    suggestions: f.suggestions,
    annotations: f.annotations,
  };
}

const cleanList = (items: string[]) => items.map((s) => s.trim()).filter((s) => s !== "");
const normKey = (s: string) => s.normalize("NFC").trim();

/**
 * The teacher's submitted version checked against the result: the same categories (by name, in the
 * result's order; each score within [0, its maximum]), annotations whose offsets slice the answer
 * to their quote, with a rubric category, not overlapping. The total is the sum of the scores.
 * An annotation identical to one of the original keeps its source; any other is the teacher's.
 * Throws HttpError 400 with a Korean message.
 */
export function applyReview(body: ReviewBody, original: ReviewableFields, answer: string, rubricNames: string[]): ReviewableFields {
  const sent = new Map<string, ReviewBody["categories"][number]>();
  for (const c of body.categories) {
    const key = normKey(c.name);
    if (sent.has(key)) throw new HttpError(400, M.categoryMismatch);
    sent.set(key, c);
  }
  if (sent.size !== original.categories.length) throw new HttpError(400, M.categoryMismatch);
  const categories: CategoryScore[] = original.categories.map((c) => {
    const s = sent.get(normKey(c.name));
    if (!s) throw new HttpError(400, M.categoryMismatch);
    if (s.score > c.maxScore) throw new HttpError(400, M.scoreOverMax(c.name, c.maxScore));
    return { name: c.name, score: round1(s.score), maxScore: c.maxScore, feedback: s.feedback.trim() };
  });

  const categoryNames = new Set([...original.categories.map((c) => c.name), ...rubricNames]);
  const annotations: Annotation[] = body.annotations.map((a) => {
    if (a.end > answer.length || a.end <= a.start || answer.slice(a.start, a.end) !== a.quote) {
      throw new HttpError(400, M.annotationOutside);
    }
    if (!categoryNames.has(a.category)) throw new HttpError(400, M.annotationCategory);
    if (!(ANNOTATION_KINDS as readonly string[]).includes(a.kind)) throw new HttpError(400, M.annotationOutside);
    const rewrite = a.kind === "고칠 점" && a.rewrite && a.rewrite.trim() !== "" ? a.rewrite.trim() : null;
    const made = { start: a.start, end: a.end, quote: a.quote, kind: a.kind, category: a.category, comment: a.comment, rewrite };
    const same = original.annotations.find(
      (o) =>
        o.start === made.start &&
        o.end === made.end &&
        o.kind === made.kind &&
        o.category === made.category &&
        o.comment === made.comment &&
        o.rewrite === made.rewrite,
    );
    return { ...made, source: same ? same.source : "teacher" };
  });
  annotations.sort((a, b) => a.start - b.start || a.end - b.end);
  for (let i = 1; i < annotations.length; i++) {
    if (annotations[i].start < annotations[i - 1].end) throw new HttpError(400, M.annotationOverlap);
  }

  return {
    overallScore: round1(categories.reduce((s, c) => s + c.score, 0)),
    maxScore: original.maxScore,
    categories,
    strengths: cleanList(body.strengths),
    improvementAreas: cleanList(body.improvementAreas),
    detailedFeedback: body.detailedFeedback.trim(),
    suggestions: cleanList(body.suggestions),
    annotations,
  };
}

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** What changed between two versions, one entry per field (`category:<name>` per category). */
export function diffFields(before: ReviewableFields, after: ReviewableFields): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const c of after.categories) {
    const b = before.categories.find((x) => x.name === c.name);
    const was = b ? { score: b.score, feedback: b.feedback } : null;
    const now = { score: c.score, feedback: c.feedback };
    if (!same(was, now)) changes.push({ field: `category:${c.name}`, before: was, after: now });
  }
  for (const field of ["strengths", "improvementAreas", "detailedFeedback", "suggestions", "annotations"] as const) {
    if (!same(before[field], after[field])) changes.push({ field, before: before[field], after: after[field] });
  }
  return changes;
}

/** A logged change as the report returns it. */
export interface EditRow {
  id: string;
  at: Date | string;
  field: string;
  before: unknown;
  after: unknown;
  by: string | null;
}

export const toEdit = (e: EditRow): ResultEdit => ({
  id: e.id,
  at: iso(e.at)!,
  field: e.field,
  before: e.before,
  after: e.after,
  by: e.by,
});

/** The report with the reviewed version in place of the AI's, and the original and the log beside it. */
export function reviewedReport(base: ReportData, row: ReviewRow, edits: EditRow[]): ReviewedReport {
  const original = originalFields(row, base.answer);
  const review = reviewedFields(row, base.answer);
  const shown = review ?? original;
  return {
    ...base,
    overallScore: shown.overallScore,
    maxScore: shown.maxScore,
    categories: shown.categories,
    strengths: shown.strengths,
    improvementAreas: shown.improvementAreas,
    detailedFeedback: shown.detailedFeedback,
    suggestions: shown.suggestions,
    annotations: shown.annotations,
    reviewed: row.reviewed_at !== null && row.reviewed_at !== undefined,
    reviewedAt: iso(row.reviewed_at ?? null),
    edited: review !== null,
    original,
    edits: edits.map(toEdit),
  };
}

/** What a student link shows: the reviewed report without ids, file names, flags, the original or the log. */
export function sharedReport(r: ReviewedReport, expiresAt: Date | string): SharedReport {
  return {
    studentInfo: { name: r.studentInfo.name },
    submittedAt: r.submittedAt,
    reviewedAt: r.reviewedAt,
    reviewed: true,
    overallScore: r.overallScore,
    maxScore: r.maxScore,
    categories: r.categories,
    strengths: r.strengths,
    improvementAreas: r.improvementAreas,
    detailedFeedback: r.detailedFeedback,
    suggestions: r.suggestions,
    question: r.question,
    answer: r.answer,
    annotations: r.annotations,
    rubric: r.rubric,
    expiresAt: iso(expiresAt)!,
  };
}
