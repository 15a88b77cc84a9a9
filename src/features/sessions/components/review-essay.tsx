// The answer in the review panel: the teacher's and the AI's marks highlighted, and the offsets of what
// the teacher selects in it (a new 첨삭 covers exactly that text).
import type { ReactNode, RefObject } from "react";
import type { ReviewAnnotationInput } from "@shared/review.ts";

/** UTF-16 offsets of the current selection inside `container` (whose text is the answer), trimmed of spaces; null if outside or empty. */
export function selectionOffsets(container: HTMLElement, answer: string): { start: number; end: number } | null {
  const sel = window.getSelection();
  if (!sel || sel.rangeCount === 0 || sel.isCollapsed) return null;
  const range = sel.getRangeAt(0);
  if (!container.contains(range.startContainer) || !container.contains(range.endContainer)) return null;
  const before = document.createRange();
  before.selectNodeContents(container);
  before.setEnd(range.startContainer, range.startOffset);
  let start = before.toString().length;
  let end = start + range.toString().length;
  while (start < end && /\s/.test(answer[start])) start += 1;
  while (end > start && /\s/.test(answer[end - 1])) end -= 1;
  return end > start && end <= answer.length ? { start, end } : null;
}

/** The answer as it reads, marks highlighted; it scrolls with the page (the panel's column keeps it beside the form). */
export function EssayWithMarks({
  answer,
  annotations,
  containerRef,
}: {
  answer: string;
  annotations: ReviewAnnotationInput[];
  containerRef: RefObject<HTMLDivElement | null>;
}) {
  const parts: ReactNode[] = [];
  let at = 0;
  [...annotations]
    .sort((a, b) => a.start - b.start)
    .forEach((a, i) => {
      if (a.start > at) parts.push(answer.slice(at, a.start));
      parts.push(
        <mark key={i} className="rounded bg-warning/30 text-inherit" title={a.comment}>
          {answer.slice(a.start, a.end)}
        </mark>,
      );
      at = a.end;
    });
  if (at < answer.length) parts.push(answer.slice(at));
  return (
    <div
      ref={containerRef}
      className="whitespace-pre-wrap break-words rounded-box border border-base-300 bg-base-100 p-4 text-base leading-relaxed"
      data-testid="review-essay"
    >
      {parts}
    </div>
  );
}
