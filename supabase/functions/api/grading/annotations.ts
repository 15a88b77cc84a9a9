import { ANNOTATION_KINDS, type Annotation, type AnnotationKind, type GraderKind, type RubricCategory } from "../../_shared/grading.ts";
import { llmAnnotationSchema } from "./schemas.ts";

/**
 * Inline annotations (첨삭 표시): turns what a grader proposes — a quote, a category, a kind, a
 * comment, a rewrite — into spans of the answer text, trusting nothing it was given.
 *
 * Decisions (pure functions, deterministic):
 * - A quote is kept only if it occurs in the answer, exactly, after whitespace normalisation
 *   (every run of whitespace counts as one space; zero-width characters are ignored; the quote is
 *   NFC-normalised and trimmed). Its offsets are those of the matching text in the ORIGINAL answer,
 *   in UTF-16 code units, so `answer.slice(start, end)` gives the span, which is stored as `quote`.
 * - The category must name a rubric category (compared without spaces, punctuation and points);
 *   otherwise one rubric category whose name contains it or is contained in it (e.g. "논리" →
 *   "논리 구조") is used; otherwise the annotation is dropped: a span labelled with a category the
 *   teacher did not set would be misleading.
 * - Overlaps: candidates are taken in the grader's order; a later one overlapping a kept span is
 *   placed at the next occurrence of its quote that is free, else dropped. So the earlier one wins.
 * - At most MAX_ANNOTATIONS are kept (the first ones in the grader's order), then sorted by start.
 * - Comments and rewrites are trimmed, whitespace-collapsed and clamped; a rewrite is kept only for
 *   고칠 점 and only when it differs from the quote.
 * Work is bounded: at most MAX_CANDIDATES candidates, quotes of at most MAX_QUOTE_CHARS, and at
 * most MAX_OCCURRENCES occurrences tried per quote.
 */

export const MAX_ANNOTATIONS = 15;
export const MAX_CANDIDATES = 40;
export const MIN_QUOTE_CHARS = 2;
export const MAX_QUOTE_CHARS = 400;
export const MAX_COMMENT_CHARS = 300;
export const MAX_REWRITE_CHARS = 400;
const MAX_OCCURRENCES = 50;

/** What a grader proposes for one annotation (the model's output or the offline analyzer's). */
export interface AnnotationCandidate {
  quote: string;
  category: string;
  kind: string;
  comment: string;
  rewrite?: string | null;
}

const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF\u00AD\u180E]/;
const SPACE = /\s/;

/** The normalised text and, per code unit of it, the original code-unit range it stands for. */
export interface NormalisedText {
  text: string;
  /** Original index of each normalised code unit. */
  from: number[];
  /** Original end (exclusive) of each normalised code unit: a collapsed space covers its whole run. */
  to: number[];
}

/** Collapses whitespace runs to one space and drops zero-width characters, keeping an index map. */
export function normaliseWithMap(original: string): NormalisedText {
  let text = "";
  const from: number[] = [];
  const to: number[] = [];
  for (let i = 0; i < original.length; i++) {
    const ch = original[i];
    if (INVISIBLE.test(ch)) continue;
    if (SPACE.test(ch)) {
      if (text.endsWith(" ")) {
        to[to.length - 1] = i + 1;
        continue;
      }
      text += " ";
    } else {
      text += ch;
    }
    from.push(i);
    to.push(i + 1);
  }
  return { text, from, to };
}

/** The quote as it is searched for: NFC, zero-width characters removed, whitespace collapsed, trimmed. */
export function normaliseQuote(quote: string): string {
  return quote.normalize("NFC").replace(new RegExp(INVISIBLE.source, "g"), "").replace(/\s+/g, " ").trim();
}

function normName(s: string): string {
  return s
    .normalize("NFC")
    .replace(/[\s·.,:()（）\d점]/g, "")
    .toLowerCase();
}

/** The rubric category a proposed name refers to, or null (see the decisions above). */
export function resolveCategory(name: string, rubric: readonly RubricCategory[]): string | null {
  const n = normName(name ?? "");
  if (!n) return null;
  const exact = rubric.find((c) => normName(c.name) === n);
  if (exact) return exact.name;
  if ([...n].length < 2) return null;
  const near = rubric.filter((c) => {
    const r = normName(c.name);
    return r.length >= 2 && (r.includes(n) || n.includes(r));
  });
  return near.length === 1 ? near[0].name : null;
}

/** Trims, collapses whitespace and cuts to `max` code points (with "…"). */
export function clampText(s: string, max: number): string {
  const t = (s ?? "").replace(/\s+/g, " ").trim();
  const chars = Array.from(t);
  return chars.length <= max
    ? t
    : chars
        .slice(0, max - 1)
        .join("")
        .trimEnd() + "…";
}

function isKind(k: unknown): k is AnnotationKind {
  return typeof k === "string" && (ANNOTATION_KINDS as readonly string[]).includes(k);
}

const isLowSurrogate = (c: number) => c >= 0xdc00 && c <= 0xdfff;
const isHighSurrogate = (c: number) => c >= 0xd800 && c <= 0xdbff;

/** Whether [start, end) would cut a surrogate pair of `s` in two. */
function splitsPair(s: string, start: number, end: number): boolean {
  return (
    isLowSurrogate(s.charCodeAt(start)) || (end < s.length && isHighSurrogate(s.charCodeAt(end - 1)) && isLowSurrogate(s.charCodeAt(end)))
  );
}

const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) => a.start < b.end && b.start < a.end;

/**
 * Keeps the candidates whose quote occurs in `answer` (see the decisions above) and returns them
 * as stored annotations, sorted by start, without overlaps, at most MAX_ANNOTATIONS.
 */
export function locateAnnotations(
  answer: string,
  candidates: readonly AnnotationCandidate[],
  rubric: readonly RubricCategory[],
  source: GraderKind,
): Annotation[] {
  if (!answer || !Array.isArray(candidates) || candidates.length === 0) return [];
  const norm = normaliseWithMap(answer);
  const kept: Annotation[] = [];
  for (const c of candidates.slice(0, MAX_CANDIDATES)) {
    if (kept.length >= MAX_ANNOTATIONS) break;
    if (!c || typeof c !== "object" || typeof c.quote !== "string" || !isKind(c.kind)) continue;
    if (c.quote.length > MAX_QUOTE_CHARS * 4) continue;
    const q = normaliseQuote(c.quote);
    const visible = Array.from(q.replace(/\s/g, "")).length;
    if (visible < MIN_QUOTE_CHARS || Array.from(q).length > MAX_QUOTE_CHARS) continue;
    const category = resolveCategory(typeof c.category === "string" ? c.category : "", rubric);
    if (!category) continue;
    const comment = clampText(typeof c.comment === "string" ? c.comment : "", MAX_COMMENT_CHARS);
    if (!comment) continue;

    let at = norm.text.indexOf(q);
    let span: { start: number; end: number } | null = null;
    for (let tries = 0; at !== -1 && tries < MAX_OCCURRENCES; tries++) {
      const start = norm.from[at];
      const end = norm.to[at + q.length - 1];
      const candidate = { start, end };
      if (!splitsPair(answer, start, end) && !kept.some((k) => overlaps(k, candidate))) {
        span = candidate;
        break;
      }
      at = norm.text.indexOf(q, at + 1);
    }
    if (!span) continue;

    const quote = answer.slice(span.start, span.end);
    let rewrite: string | null = null;
    if (c.kind === "고칠 점" && typeof c.rewrite === "string") {
      const r = clampText(c.rewrite, MAX_REWRITE_CHARS);
      if (r && r !== q) rewrite = r;
    }
    kept.push({ start: span.start, end: span.end, quote, kind: c.kind, category, comment, rewrite, source });
  }
  return kept.sort((a, b) => a.start - b.start || a.end - b.end);
}

/**
 * Re-checks stored annotations against the answer the report returns (defence in depth: the
 * column is only written by the worker, but a report never points outside its text): keeps those
 * whose offsets are in range and slice the answer to their quote, with a known kind, not
 * overlapping an earlier one; sorted by start.
 */
export function validStoredAnnotations(answer: string, stored: unknown, max: number = MAX_ANNOTATIONS): Annotation[] {
  if (!Array.isArray(stored)) return [];
  const out: Annotation[] = [];
  for (const a of stored.slice(0, max * 2)) {
    if (!a || typeof a !== "object") continue;
    const { start, end, quote, kind, category, comment, rewrite, source } = a as Record<string, unknown>;
    if (!Number.isInteger(start) || !Number.isInteger(end)) continue;
    const s = start as number;
    const e = end as number;
    if (s < 0 || e <= s || e > answer.length || answer.slice(s, e) !== quote) continue;
    if (!isKind(kind) || typeof category !== "string" || typeof comment !== "string") continue;
    if (source !== "ai" && source !== "offline" && source !== "teacher") continue;
    out.push({
      start: s,
      end: e,
      quote: quote as string,
      kind,
      category,
      comment,
      rewrite: typeof rewrite === "string" ? rewrite : null,
      source,
    });
  }
  out.sort((a, b) => a.start - b.start || a.end - b.end);
  const kept: Annotation[] = [];
  for (const a of out) if (kept.length < max && !kept.some((b) => overlaps(a, b))) kept.push(a);
  return kept;
}

/**
 * Keeps annotations in the given order (priority), dropping any that overlaps one kept before,
 * at most `max`; returns them sorted by start.
 */
export function keepNonOverlapping(list: readonly Annotation[], max = MAX_ANNOTATIONS): Annotation[] {
  const kept: Annotation[] = [];
  for (const a of list) {
    if (kept.length >= max) break;
    if (a.end > a.start && !kept.some((b) => overlaps(a, b))) kept.push(a);
  }
  return kept.sort((a, b) => a.start - b.start || a.end - b.end);
}

/**
 * Annotations are extra: a grade whose scores are valid is not failed (and paid for again) because
 * of them. Keeps the well-formed ones (a missing rewrite counts as null), at most MAX_CANDIDATES;
 * no or malformed `annotations` → []. Whether their quotes occur is checked later (annotations.ts).
 */
export function keepWellFormedAnnotations(parsed: unknown): unknown {
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return parsed;
  const raw = (parsed as { annotations?: unknown }).annotations;
  const annotations = Array.isArray(raw)
    ? raw.slice(0, MAX_CANDIDATES).flatMap((a) => {
        const withRewrite = a && typeof a === "object" && !("rewrite" in a) ? { ...a, rewrite: null } : a;
        const r = llmAnnotationSchema.safeParse(withRewrite);
        return r.success ? [r.data] : [];
      })
    : [];
  return { ...parsed, annotations };
}
