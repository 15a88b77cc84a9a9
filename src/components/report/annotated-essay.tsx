// The student's answer with its 첨삭 marks, on screen: hover, focus or click a mark for its note.
import { useId, useMemo, useState, type KeyboardEvent } from "react";
import type { RubricCategory } from "@shared/grading.ts";
import { cn } from "@/components/ui/cn";
import { filterCategories, paragraphOf, paragraphSegments, placeAnnotations, splitParagraphs } from "@/components/report/annotation-layout";
import { AnnotationLegend, AnnotationNoteBody, KIND_STYLE, KindMarker, MARK_BASE } from "@/components/report/marks";

export { AnnotationLegend, AnnotationNoteBody, KIND_STYLE, KindMarker, StaticAnnotatedEssay } from "@/components/report/marks";

export interface AnnotatedEssayProps {
  answer: string;
  /** As the server sent them; anything that does not sit on the answer is not drawn. */
  annotations: unknown;
  rubric: RubricCategory[];
}

/**
 * The student's answer with the annotated spans marked by kind (symbol, underline style, colour) and
 * numbered; each mark is focusable and described by its note. Notes sit in a margin column beside
 * their paragraph from 1024 px and under the paragraph below that; the active mark's note is
 * highlighted. Without marks the answer takes the whole width (no empty margin).
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

  if (answer.trim() === "") return <p className="text-base-content/75">(답안 없음)</p>;
  const margin = annotations.length > 0;

  return (
    <div className="flex flex-col gap-4" data-testid="annotated-essay">
      {annotations.length > 0 ? (
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2">
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
                    className={cn("btn btn-xs rounded-full", filter === c ? "btn-neutral" : "btn-outline")}
                  >
                    {c ?? "전체"} <span className="tabular-nums opacity-80">{count}</span>
                  </button>
                );
              })}
            </div>
          </div>
          <p className="text-xs text-base-content/75">
            표시된 구절에 마우스를 올리거나 눌러 첨삭 메모를 보세요. Tab 키로 구절 사이를 이동할 수 있습니다.
          </p>
        </div>
      ) : (
        <p className="text-sm text-base-content/75" data-testid="annotation-none">
          첨삭 표시가 없습니다.
        </p>
      )}
      <div
        className="flex flex-col gap-4 rounded-box border border-base-300 bg-base-100 p-4 sm:p-6"
        data-testid="essay-paper"
        data-margin={margin ? "true" : "false"}
      >
        {paragraphs.map((p, index) => {
          const segments = paragraphSegments(answer, paragraphs, index, shown);
          const notes = shown.filter((a) => paragraphOf(paragraphs, a) === index);
          return (
            <div
              key={p.start}
              className={cn("grid gap-2", margin && "lg:grid-cols-[minmax(0,1fr)_17rem] lg:gap-6")}
              data-testid="essay-paragraph"
            >
              <p className="text-base leading-8 whitespace-pre-wrap break-words">
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
                          "rounded-r-box border-l-4 py-1.5 pr-2 pl-3 transition-colors",
                          KIND_STYLE[a.kind].border,
                          open && "bg-base-200",
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
