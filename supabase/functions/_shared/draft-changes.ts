// What changed between two drafts of one student's answer (the teacher's view of a revision): the
// sentences added and removed, which 첨삭 marks of the earlier draft were addressed, and the score change
// per category. Pure; the SPA and the API (GET /api/students/:id/drafts) share it.
import { diffArrays } from "diff";
import type { Annotation, CategoryScore } from "./grading.ts";

/** One run of the sentence diff: sentences both drafts have, or only the later (added) or the earlier (removed). */
export interface SentenceChange {
  kind: "same" | "added" | "removed";
  sentences: string[];
}

/** A mark of the earlier draft and whether the later draft addressed it (its quoted span changed or was removed). */
export interface MarkOutcome {
  quote: string;
  kind: Annotation["kind"];
  category: string;
  comment: string;
  addressed: boolean;
}

export interface CategoryChange {
  name: string;
  maxScore: number;
  before: number | null;
  after: number | null;
  /** after − before, one decimal; null when either draft has no score for the category. */
  change: number | null;
}

export interface DraftComparison {
  sentences: SentenceChange[];
  marks: MarkOutcome[];
  categories: CategoryChange[];
  total: { before: number | null; after: number | null; change: number | null };
}

/** Whitespace folded to one space: a re-wrapped line is not a change. */
const fold = (s: string) => s.normalize("NFC").replace(/\s+/g, " ").trim();

/**
 * The sentences of a text: runs ending in . ! ? 。 … (with closing quotes or brackets) or at a line break;
 * whitespace folded, empty ones dropped.
 */
export function splitSentences(text: string): string[] {
  const out: string[] = [];
  for (const para of text.normalize("NFC").split(/\n+/)) {
    const parts = para.match(/[^.!?。…]+(?:[.!?。…]+["'”’)\]」』]*|$)/g) ?? [];
    for (const p of parts) {
      const s = fold(p);
      if (s) out.push(s);
    }
  }
  return out;
}

/** The sentence diff of two drafts, in order. */
export function diffDrafts(before: string, after: string): SentenceChange[] {
  return diffArrays(splitSentences(before), splitSentences(after)).map((part) => ({
    kind: part.added ? "added" : part.removed ? "removed" : "same",
    sentences: part.value,
  }));
}

/**
 * The earlier draft's marks that ask for a change (고칠 점, 질문), each addressed when its quoted span
 * (whitespace folded) no longer occurs in the later draft. 잘한 점 marks ask for nothing and are left out.
 */
export function addressedMarks(marks: Annotation[], after: string): MarkOutcome[] {
  const later = fold(after);
  return marks
    .filter((m) => m.kind !== "잘한 점")
    .map((m) => {
      const quote = fold(m.quote);
      return { quote: m.quote, kind: m.kind, category: m.category, comment: m.comment, addressed: !quote || !later.includes(quote) };
    });
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const delta = (a: number | null, b: number | null) => (a === null || b === null ? null : round1(b - a));

/** Score change per category of the earlier draft's rubric order, then categories only the later one has. */
export function categoryChanges(before: CategoryScore[], after: CategoryScore[]): CategoryChange[] {
  const later = new Map(after.map((c) => [c.name, c]));
  const rows: CategoryChange[] = before.map((c) => {
    const b = later.get(c.name);
    return { name: c.name, maxScore: c.maxScore, before: c.score, after: b?.score ?? null, change: delta(c.score, b?.score ?? null) };
  });
  const earlier = new Set(before.map((c) => c.name));
  for (const c of after) {
    if (!earlier.has(c.name)) rows.push({ name: c.name, maxScore: c.maxScore, before: null, after: c.score, change: null });
  }
  return rows;
}

export interface GradedDraft {
  text: string;
  /** Null while the draft is not graded. */
  overallScore: number | null;
  categories: CategoryScore[];
  annotations: Annotation[];
}

/** Everything that changed from `before` to `after`. */
export function compareDrafts(before: GradedDraft, after: GradedDraft): DraftComparison {
  return {
    sentences: diffDrafts(before.text, after.text),
    marks: addressedMarks(before.annotations, after.text),
    categories: categoryChanges(before.categories, after.categories),
    total: { before: before.overallScore, after: after.overallScore, change: delta(before.overallScore, after.overallScore) },
  };
}
