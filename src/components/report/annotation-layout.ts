import type { Annotation } from "@shared/grading.ts";
import { ANNOTATION_KINDS, type AnnotationKind } from "@shared/annotation-kinds.ts";

/** An annotation that really sits on the answer, numbered 1.. in the order of the answer. */
export interface PlacedAnnotation extends Annotation {
  n: number;
}

/** A paragraph of the answer: [start, end) in UTF-16 code units, separators (blank lines) excluded. */
export interface ParagraphRange {
  start: number;
  end: number;
}

export interface TextSegment {
  text: string;
  annotation?: PlacedAnnotation;
  /** The first piece of its annotation (an annotation may run over a paragraph break). */
  first?: boolean;
}

const isKind = (k: unknown): k is AnnotationKind => typeof k === "string" && (ANNOTATION_KINDS as readonly string[]).includes(k);
const isOffset = (n: unknown): n is number => typeof n === "number" && Number.isInteger(n) && n >= 0;

/**
 * The annotations to draw: well-formed, inside the answer, `answer.slice(start, end) === quote`,
 * not overlapping an earlier one (by start). Anything else is dropped, whatever the server sent.
 */
export function placeAnnotations(answer: string, raw: unknown): PlacedAnnotation[] {
  if (!Array.isArray(raw)) return [];
  const valid = raw.filter((a): a is Annotation => {
    if (!a || typeof a !== "object") return false;
    const x = a as Record<string, unknown>;
    return (
      isOffset(x.start) &&
      isOffset(x.end) &&
      x.start < x.end &&
      x.end <= answer.length &&
      typeof x.quote === "string" &&
      answer.slice(x.start, x.end) === x.quote &&
      x.quote.trim() !== "" &&
      isKind(x.kind) &&
      typeof x.category === "string" &&
      typeof x.comment === "string" &&
      (x.rewrite === null || x.rewrite === undefined || typeof x.rewrite === "string")
    );
  });
  valid.sort((a, b) => a.start - b.start || a.end - b.end);
  const kept: PlacedAnnotation[] = [];
  let until = 0;
  for (const a of valid) {
    if (a.start < until) continue;
    kept.push({ ...a, rewrite: a.rewrite ?? null, source: a.source === "offline" ? "offline" : "ai", n: kept.length + 1 });
    until = a.end;
  }
  return kept;
}

/** Paragraphs split at blank lines; empty ones skipped. */
export function splitParagraphs(answer: string): ParagraphRange[] {
  const out: ParagraphRange[] = [];
  const separator = /\n[^\S\n]*\n\s*/g;
  let from = 0;
  const push = (start: number, end: number) => {
    if (answer.slice(start, end).trim() !== "") out.push({ start, end });
  };
  for (let m = separator.exec(answer); m; m = separator.exec(answer)) {
    push(from, m.index);
    from = m.index + m[0].length;
  }
  push(from, answer.length);
  return out;
}

/** Index of the paragraph that holds the first visible piece of `a` (its note goes beside it), or -1. */
export function paragraphOf(paragraphs: ParagraphRange[], a: { start: number; end: number }): number {
  return paragraphs.findIndex((p) => p.end > a.start && p.start < a.end);
}

/** The text of paragraph `index` cut into plain and annotated segments. */
export function paragraphSegments(
  answer: string,
  paragraphs: ParagraphRange[],
  index: number,
  annotations: PlacedAnnotation[],
): TextSegment[] {
  const p = paragraphs[index];
  const out: TextSegment[] = [];
  let at = p.start;
  for (const a of annotations) {
    const s = Math.max(a.start, p.start);
    const e = Math.min(a.end, p.end);
    if (s >= e) continue;
    if (s > at) out.push({ text: answer.slice(at, s) });
    out.push({ text: answer.slice(s, e), annotation: a, first: paragraphOf(paragraphs, a) === index });
    at = e;
  }
  if (at < p.end) out.push({ text: answer.slice(at, p.end) });
  return out;
}

/** The categories a filter offers: the rubric's, then any other one an annotation names. */
export function filterCategories(rubric: { name: string }[], annotations: PlacedAnnotation[]): string[] {
  const names = rubric.map((c) => c.name);
  for (const a of annotations) if (!names.includes(a.category)) names.push(a.category);
  return names;
}
