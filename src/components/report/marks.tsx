// The 첨삭 marks as drawn everywhere: each kind's marker, underline and colours, the legend, one note, and the
// answer with its marks drawn still (print, the landing's sample). No state: the interactive answer is
// annotated-essay.tsx.
import type { AnnotationKind } from "@shared/annotation-kinds.ts";
import { cn } from "@/components/ui/cn";
import { paragraphSegments, placeAnnotations, splitParagraphs, type PlacedAnnotation } from "@/components/report/annotation-layout";

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

export const MARK_BASE = "rounded-sm px-0.5 text-base-content underline decoration-2 underline-offset-4";

export function KindMarker({ annotation, className }: { annotation: PlacedAnnotation; className?: string }) {
  return (
    <sup
      aria-hidden="true"
      className={cn(
        "ml-0.5 rounded px-1 text-[0.7em] font-bold leading-none whitespace-nowrap",
        KIND_STYLE[annotation.kind].badge,
        className,
      )}
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
        {annotation.source === "offline" && <span className="text-base-content/75">· 오프라인 분석</span>}
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

/**
 * The answer with its marks drawn still (underline by kind + numbered marker), then the numbered notes:
 * for paper (print) and for pictures of a report (the landing's sample), where nothing can be hovered.
 */
export function StaticAnnotatedEssay({
  answer,
  annotations: raw,
  notesTitle = "첨삭 메모",
  className,
}: {
  answer: string;
  annotations: unknown;
  notesTitle?: string;
  className?: string;
}) {
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
          <ol className="flex flex-col gap-2" aria-label={notesTitle} data-testid="print-notes">
            {annotations.map((a) => (
              <li key={a.n} className="print-avoid-break">
                <AnnotationNoteBody annotation={a} />
                <p className="text-xs text-base-content/75">“{a.quote.replace(/\s+/g, " ")}”</p>
              </li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}
