import { useId, useMemo, useState, type KeyboardEvent } from "react";
import type { AnnotationKind, RubricCategory } from "@shared/grading.ts";
import { cn } from "@/components/ui/cn";
import {
  filterCategories,
  paragraphOf,
  paragraphSegments,
  placeAnnotations,
  splitParagraphs,
  type PlacedAnnotation,
} from "@/components/report/annotation-layout";

/** Kind → visible marker, underline style and colours (daisyUI theme; never colour alone). */
export const KIND_STYLE: Record<AnnotationKind, { symbol: string; mark: string; badge: string; border: string }> = {
  "잘한 점": {
    symbol: "✓",
    mark: "bg-success/15 decoration-success decoration-solid",
    badge: "bg-success text-success-content",
    border: "border-success",
  },
  "고칠 점": {
    symbol: "✎",
    mark: "bg-error/15 decoration-error decoration-wavy",
    badge: "bg-error text-error-content",
    border: "border-error",
  },
  질문: {
    symbol: "?",
    mark: "bg-info/15 decoration-info decoration-dotted",
    badge: "bg-info text-info-content",
    border: "border-info",
  },
};

const MARK_BASE = "rounded-sm px-0.5 text-base-content underline decoration-2 underline-offset-4";

export function KindMarker({ annotation, className }: { annotation: PlacedAnnotation; className?: string }) {
  return (
    <sup
      aria-hidden="true"
      className={cn("ml-0.5 rounded px-1 text-[0.7em] font-bold leading-none whitespace-nowrap", KIND_STYLE[annotation.kind].badge, className)}
      data-testid="annotation-marker"
    >
      {KIND_STYLE[annotation.kind].symbol}
      {annotation.n}
    </sup>
  );
}

export function AnnotationLegend() {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label="첨삭 표시 범례" data-testid="annotation-legend">
      {(Object.keys(KIND_STYLE) as AnnotationKind[]).map((kind) => (
        <li key={kind} className="flex items-center gap-1.5">
          <span aria-hidden="true" className={cn("rounded px-1 text-xs font-bold", KIND_STYLE[kind].badge)}>
            {KIND_STYLE[kind].symbol}
          </span>
          <span className={cn(MARK_BASE, KIND_STYLE[kind].mark)}>{kind}</span>
        </li>
      ))}
    </ul>
  );
}

/** The note of one annotation: number, kind, category, comment and (고칠 점) the rewrite. Text only. */
export function AnnotationNoteBody({ annotation }: { annotation: PlacedAnnotation }) {
  return (
    <>
      <p className="flex flex-wrap items-center gap-1.5 text-xs font-semibold">
        <span className={cn("rounded px-1.5 py-0.5", KIND_STYLE[annotation.kind].badge)}>
          <span aria-hidden="true">{KIND_STYLE[annotation.kind].symbol}</span>
          {annotation.n}. {annotation.kind}
        </span>
        {annotation.category && <span className="text-base-content/80">{annotation.category}</span>}
        {annotation.source === "offline" && <span className="text-base-content/70">· 오프라인 분석</span>}
      </p>
      <p className="mt-1 text-sm leading-relaxed">{annotation.comment}</p>
      {annotation.rewrite && (
        <p className="mt-1 text-sm leading-relaxed">
          <span className="font-semibold">고쳐 쓰기: </span>
          <span>{annotation.rewrite}</span>
        </p>
      )}
    </>
  );
}

export interface AnnotatedEssayProps {
  answer: string;
  /** As the server sent them; anything that does not sit on the answer is not drawn. */
  annotations: unknown;
  rubric: RubricCategory[];
}

/**
 * The student's answer with the annotated spans marked by kind (symbol, underline style, colour) and
 * numbered; each mark is focusable and described by its note. Notes sit in a margin column beside
 * their paragraph from 1024 px, and as cards under the paragraph (shown for the active mark) below.
 */
export function AnnotatedEssay({ answer, annotations: raw, rubric }: AnnotatedEssayProps) {
  const uid = useId();
  const annotations = useMemo(() => placeAnnotations(answer, raw), [answer, raw]);
  const paragraphs = useMemo(() => splitParagraphs(answer), [answer]);
  const categories = useMemo(() => filterCategories(rubric, annotations), [rubric, annotations]);
  const [filter, setFilter] = useState<string | null>(null);
  const [hovered, setHovered] = useState<number | null>(null);
  const [focused, setFocused] = useState<number | null>(null);
  const [pinned, setPinned] = useState<number | null>(null);

  const shown = filter === null ? annotations : annotations.filter((a) => a.category === filter);
  const isOpen = (n: number) => n === hovered || n === focused || n === pinned;
  const noteId = (n: number) => `${uid}-note-${n}`;
  const toggle = (n: number) => setPinned((p) => (p === n ? null : n));
  const onKey = (e: KeyboardEvent, n: number) => {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      toggle(n);
    } else if (e.key === "Escape") {
      setPinned(null);
    }
  };

  if (answer.trim() === "") return <p className="text-base-content/70">(답안 없음)</p>;

  return (
    <div className="flex flex-col gap-4" data-testid="annotated-essay">
      {annotations.length > 0 ? (
        <div className="flex flex-col gap-3">
          <AnnotationLegend />
          <div role="group" aria-label="항목별 첨삭 보기" className="flex flex-wrap gap-2" data-testid="annotation-filter">
            {[null, ...categories].map((c) => {
              const count = c === null ? annotations.length : annotations.filter((a) => a.category === c).length;
              return (
                <button
                  key={c ?? "__all"}
                  type="button"
                  aria-pressed={filter === c}
                  onClick={() => setFilter(c)}
                  className={cn("btn btn-xs rounded-full", filter === c ? "btn-primary" : "btn-outline")}
                >
                  {c ?? "전체"} <span className="opacity-80">{count}</span>
                </button>
              );
            })}
          </div>
          <p className="text-xs text-base-content/70">
            표시된 구절에 마우스를 올리거나 눌러 첨삭 메모를 보세요. Tab 키로 구절 사이를 이동할 수 있습니다.
          </p>
        </div>
      ) : (
        <p className="text-sm text-base-content/70" data-testid="annotation-none">
          첨삭 표시가 없습니다.
        </p>
      )}
      <div className="flex flex-col gap-4">
        {paragraphs.map((p, index) => {
          const segments = paragraphSegments(answer, paragraphs, index, shown);
          const notes = shown.filter((a) => paragraphOf(paragraphs, a) === index);
          return (
            <div key={p.start} className="grid gap-2 lg:grid-cols-[minmax(0,1fr)_17rem] lg:gap-6" data-testid="essay-paragraph">
              <p className="leading-8 whitespace-pre-wrap break-words">
                {segments.map((s, i) => {
                  const a = s.annotation;
                  if (!a) return <span key={i}>{s.text}</span>;
                  const open = isOpen(a.n);
                  const hover = {
                    onMouseEnter: () => setHovered(a.n),
                    onMouseLeave: () => setHovered((h) => (h === a.n ? null : h)),
                  };
                  if (!s.first) {
                    return (
                      <mark
                        key={i}
                        className={cn(MARK_BASE, KIND_STYLE[a.kind].mark, open && "ring-2 ring-base-content/40")}
                        data-annotation={a.n}
                        data-kind={a.kind}
                        data-category={a.category}
                        data-continued=""
                        onClick={() => toggle(a.n)}
                        {...hover}
                      >
                        {s.text}
                      </mark>
                    );
                  }
                  return (
                    <span key={i}>
                      <mark
                        role="button"
                        tabIndex={0}
                        aria-describedby={noteId(a.n)}
                        aria-expanded={open}
                        className={cn(
                          MARK_BASE,
                          KIND_STYLE[a.kind].mark,
                          "cursor-pointer focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-base-content",
                          open && "ring-2 ring-base-content/40",
                        )}
                        data-annotation={a.n}
                        data-kind={a.kind}
                        data-category={a.category}
                        data-testid="annotation-mark"
                        onClick={() => toggle(a.n)}
                        onKeyDown={(e) => onKey(e, a.n)}
                        onFocus={() => setFocused(a.n)}
                        onBlur={() => setFocused((f) => (f === a.n ? null : f))}
                        {...hover}
                      >
                        {s.text}
                      </mark>
                      <KindMarker annotation={a} />
                    </span>
                  );
                })}
              </p>
              {notes.length > 0 && (
                <ol className="flex flex-col gap-2" aria-label={`${index + 1}번째 문단의 첨삭 메모`}>
                  {notes.map((a) => {
                    const open = isOpen(a.n);
                    return (
                      <li
                        key={a.n}
                        id={noteId(a.n)}
                        data-testid="annotation-note"
                        data-annotation={a.n}
                        data-open={open ? "true" : "false"}
                        onMouseEnter={() => setHovered(a.n)}
                        onMouseLeave={() => setHovered((h) => (h === a.n ? null : h))}
                        className={cn(
                          "rounded-box border-l-4 bg-base-100 p-3 shadow-sm",
                          KIND_STYLE[a.kind].border,
                          open ? "block ring-2 ring-base-content/30" : "hidden lg:block lg:opacity-90",
                        )}
                      >
                        <AnnotationNoteBody annotation={a} />
                      </li>
                    );
                  })}
                </ol>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}

/**
 * The answer with its marks drawn still (underline by kind + numbered marker), then the numbered notes:
 * for paper (print) and for pictures of a report (the landing's sample), where nothing can be hovered.
 */
export function StaticAnnotatedEssay({ answer, annotations: raw, notesTitle = "첨삭 메모", className }: { answer: string; annotations: unknown; notesTitle?: string; className?: string }) {
  const annotations = placeAnnotations(answer, raw);
  const paragraphs = splitParagraphs(answer);
  if (answer.trim() === "") return <p>(답안 없음)</p>;
  return (
    <div data-testid="print-essay" className={className}>
      {annotations.length > 0 && (
        <div className="mb-2">
          <AnnotationLegend />
        </div>
      )}
      {paragraphs.map((p, index) => (
        <p key={p.start} className="mb-2 whitespace-pre-wrap break-words">
          {paragraphSegments(answer, paragraphs, index, annotations).map((s, i) =>
            s.annotation ? (
              <span key={i}>
                <mark className={cn(MARK_BASE, KIND_STYLE[s.annotation.kind].mark)} data-annotation={s.annotation.n}>
                  {s.text}
                </mark>
                {s.first && <KindMarker annotation={s.annotation} />}
              </span>
            ) : (
              <span key={i}>{s.text}</span>
            ),
          )}
        </p>
      ))}
      {annotations.length > 0 && (
        <section className="mt-5">
          <h3 className="mb-1.5 border-b border-base-300 pb-1 text-base font-bold">{notesTitle}</h3>
          <ol className="flex flex-col gap-2" data-testid="print-notes">
            {annotations.map((a) => (
              <li key={a.n} className="print-avoid-break">
                <AnnotationNoteBody annotation={a} />
                <p className="text-xs text-base-content/70">“{a.quote.replace(/\s+/g, " ")}”</p>
              </li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}
