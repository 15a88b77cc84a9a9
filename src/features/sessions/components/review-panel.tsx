// Teacher review (검토) of a report: edit the category scores (the total follows), the comments,
// lists and annotations, add an annotation by selecting text of the answer, then save. The server
// checks everything again and computes the total; this only previews it.
import { Plus, Save, Trash2, X } from "lucide-react";
import { useMemo, useRef, useState } from "react";
import { ANNOTATION_KINDS, type AnnotationKind } from "@shared/grading.ts";
import { REVIEW_LIMITS, reviewBodyFromReport, type ReviewAnnotationInput, type ReviewBody, type ReviewedReport } from "@shared/review.ts";
import { Button } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { errorMessage } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { useSaveReview } from "@/features/sessions/api/review";
import { formatScore } from "@/lib/report-format";
import { REPORT_SECTIONS } from "@shared/report.ts";

export const REVIEW_TEXT = {
  title: "리포트 검토·수정",
  save: "수정 내용 저장",
  cancel: "취소",
  saved: "검토 내용을 저장했습니다.",
  saveFail: "검토 내용을 저장하지 못했습니다.",
  total: "총점 (항목 점수의 합)",
  addItem: "항목 추가",
  addAnnotation: "첨삭 추가",
  selectHint: "답안에서 첨삭할 부분을 드래그해 선택한 뒤 '첨삭 추가'를 누르세요.",
  overlap: "이미 첨삭한 부분과 겹칩니다. 다른 부분을 선택해 주세요.",
  tooLong: `첨삭할 부분은 ${REVIEW_LIMITS.quoteChars}자까지 선택할 수 있습니다.`,
  comment: "첨삭 내용",
  rewrite: "고쳐 쓰기 (선택)",
  remove: "삭제",
} as const;

type Draft = ReviewBody;

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

function ListEditor({
  label,
  testId,
  items,
  onChange,
}: {
  label: string;
  testId: string;
  items: string[];
  onChange: (items: string[]) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-2" data-testid={testId}>
      <legend className="mb-1 font-semibold">{label}</legend>
      {items.map((item, i) => (
        <div key={i} className="flex gap-2">
          <Input
            aria-label={`${label} ${i + 1}`}
            value={item}
            maxLength={REVIEW_LIMITS.itemChars}
            onChange={(e) => onChange(items.map((x, j) => (j === i ? e.target.value : x)))}
          />
          <Button
            variant="ghost"
            size="sm"
            aria-label={`${label} ${i + 1} ${REVIEW_TEXT.remove}`}
            onClick={() => onChange(items.filter((_, j) => j !== i))}
          >
            <Trash2 className="size-4" aria-hidden="true" />
          </Button>
        </div>
      ))}
      {items.length < REVIEW_LIMITS.listItems && (
        <Button variant="outline" size="sm" className="self-start" onClick={() => onChange([...items, ""])}>
          <Plus className="size-4" aria-hidden="true" />
          {REVIEW_TEXT.addItem}
        </Button>
      )}
    </fieldset>
  );
}

function EssayWithMarks({
  answer,
  annotations,
  containerRef,
}: {
  answer: string;
  annotations: ReviewAnnotationInput[];
  containerRef: React.RefObject<HTMLDivElement | null>;
}) {
  const parts: React.ReactNode[] = [];
  let at = 0;
  [...annotations]
    .sort((a, b) => a.start - b.start)
    .forEach((a, i) => {
      if (a.start > at) parts.push(answer.slice(at, a.start));
      parts.push(
        <mark key={i} className="rounded bg-warning/30" title={a.comment}>
          {answer.slice(a.start, a.end)}
        </mark>,
      );
      at = a.end;
    });
  if (at < answer.length) parts.push(answer.slice(at));
  return (
    <div
      ref={containerRef}
      // A scrolling box: focusable so it scrolls by keyboard too, and named for screen readers.
      tabIndex={0}
      role="region"
      aria-label="답안 본문"
      className="max-h-96 overflow-auto whitespace-pre-wrap rounded border border-base-300 p-3 leading-relaxed"
      data-testid="review-essay"
    >
      {parts}
    </div>
  );
}

export function ReviewPanel({ submissionId, report, onClose }: { submissionId: string; report: ReviewedReport; onClose: () => void }) {
  const [draft, setDraft] = useState<Draft>(() => reviewBodyFromReport(report));
  const [pending, setPending] = useState<{ start: number; end: number } | null>(null);
  const [selectionError, setSelectionError] = useState<string | null>(null);
  const essayRef = useRef<HTMLDivElement>(null);
  const save = useSaveReview(submissionId);
  const categoryNames = useMemo(() => draft.categories.map((c) => c.name), [draft.categories]);
  const total = Math.round(draft.categories.reduce((s, c) => s + (Number.isFinite(c.score) ? c.score : 0), 0) * 10) / 10;

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const setAnnotation = (i: number, patch: Partial<ReviewAnnotationInput>) =>
    set(
      "annotations",
      draft.annotations.map((a, j) => (j === i ? { ...a, ...patch } : a)),
    );

  function pickSelection() {
    setSelectionError(null);
    const at = essayRef.current ? selectionOffsets(essayRef.current, report.answer) : null;
    if (!at) {
      setSelectionError(REVIEW_TEXT.selectHint);
      return;
    }
    if (at.end - at.start > REVIEW_LIMITS.quoteChars) return setSelectionError(REVIEW_TEXT.tooLong);
    if (draft.annotations.some((a) => at.start < a.end && a.start < at.end)) return setSelectionError(REVIEW_TEXT.overlap);
    setPending(at);
    set(
      "annotations",
      [
        ...draft.annotations,
        {
          start: at.start,
          end: at.end,
          quote: report.answer.slice(at.start, at.end),
          kind: "고칠 점" as AnnotationKind,
          category: categoryNames[0] ?? "",
          comment: "",
          rewrite: null,
        },
      ].sort((a, b) => a.start - b.start),
    );
  }

  async function onSave() {
    try {
      await save.mutateAsync(draft);
      notify({ title: REVIEW_TEXT.saved });
      onClose();
    } catch (error) {
      notify({ title: REVIEW_TEXT.saveFail, description: errorMessage(error, REVIEW_TEXT.saveFail), variant: "destructive" });
    }
  }

  return (
    <Card data-testid="review-panel">
      <CardBody className="gap-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="text-lg font-semibold">{REVIEW_TEXT.title}</h3>
          <div className="flex gap-2">
            <Button variant="ghost" onClick={onClose}>
              <X className="size-4" aria-hidden="true" />
              {REVIEW_TEXT.cancel}
            </Button>
            <Button variant="primary" onClick={onSave} loading={save.isPending} data-testid="review-save">
              <Save className="size-4" aria-hidden="true" />
              {REVIEW_TEXT.save}
            </Button>
          </div>
        </div>
        {save.isError && (
          <div role="alert" className="alert alert-error alert-soft">
            {errorMessage(save.error, REVIEW_TEXT.saveFail)}
          </div>
        )}

        <div className="flex items-baseline justify-between rounded bg-base-200 p-3" data-testid="review-total">
          <span className="text-sm">{REVIEW_TEXT.total}</span>
          <span className="text-2xl font-bold">
            {formatScore(total)}/{formatScore(report.maxScore)}점
          </span>
        </div>

        <fieldset className="flex flex-col gap-4">
          <legend className="mb-1 font-semibold">항목별 점수</legend>
          {draft.categories.map((c, i) => {
            const max = report.categories.find((x) => x.name === c.name)?.maxScore ?? 0;
            return (
              <div key={c.name} className="flex flex-col gap-2">
                <label className="flex flex-wrap items-center gap-2">
                  <span className="min-w-32 font-medium">{c.name}</span>
                  <Input
                    type="number"
                    className="w-28"
                    min={0}
                    max={max}
                    step={0.5}
                    aria-label={`${c.name} 점수`}
                    data-testid={`review-score-${i}`}
                    value={Number.isFinite(c.score) ? c.score : ""}
                    invalid={!(c.score >= 0 && c.score <= max)}
                    onChange={(e) =>
                      set(
                        "categories",
                        draft.categories.map((x, j) =>
                          j === i ? { ...x, score: e.target.value === "" ? Number.NaN : Number(e.target.value) } : x,
                        ),
                      )
                    }
                  />
                  <span className="text-sm text-base-content/70">/ {formatScore(max)}점</span>
                </label>
                <Textarea
                  aria-label={`${c.name} 피드백`}
                  rows={2}
                  maxLength={REVIEW_LIMITS.feedbackChars}
                  value={c.feedback}
                  onChange={(e) =>
                    set(
                      "categories",
                      draft.categories.map((x, j) => (j === i ? { ...x, feedback: e.target.value } : x)),
                    )
                  }
                />
              </div>
            );
          })}
        </fieldset>

        <ListEditor label="우수한 점" testId="review-strengths" items={draft.strengths} onChange={(v) => set("strengths", v)} />
        <ListEditor
          label="개선이 필요한 점"
          testId="review-improvements"
          items={draft.improvementAreas}
          onChange={(v) => set("improvementAreas", v)}
        />
        <label className="flex flex-col gap-2">
          <span className="font-semibold">{REPORT_SECTIONS.feedback}</span>
          <Textarea
            rows={5}
            maxLength={REVIEW_LIMITS.detailedFeedbackChars}
            value={draft.detailedFeedback}
            onChange={(e) => set("detailedFeedback", e.target.value)}
          />
        </label>
        <ListEditor label="향후 개선 방안" testId="review-suggestions" items={draft.suggestions} onChange={(v) => set("suggestions", v)} />

        <section className="flex flex-col gap-3" data-testid="review-annotations">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h4 className="font-semibold">첨삭 표시</h4>
            <Button
              variant="outline"
              size="sm"
              onMouseDown={(e) => e.preventDefault()}
              onClick={pickSelection}
              disabled={draft.annotations.length >= REVIEW_LIMITS.annotations}
            >
              <Plus className="size-4" aria-hidden="true" />
              {REVIEW_TEXT.addAnnotation}
            </Button>
          </div>
          <p className="text-sm text-base-content/70">{REVIEW_TEXT.selectHint}</p>
          {selectionError && (
            <p role="alert" className="text-sm text-error">
              {selectionError}
            </p>
          )}
          <EssayWithMarks answer={report.answer} annotations={draft.annotations} containerRef={essayRef} />
          <ol className="flex flex-col gap-3">
            {draft.annotations.map((a, i) => (
              <li
                key={`${a.start}-${a.end}`}
                className="flex flex-col gap-2 rounded border border-base-300 p-3"
                data-new={pending?.start === a.start || undefined}
              >
                <div className="flex flex-wrap items-center gap-2">
                  <span className="badge badge-ghost">{i + 1}</span>
                  <q className="flex-1 text-sm">{a.quote}</q>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`첨삭 ${i + 1} ${REVIEW_TEXT.remove}`}
                    onClick={() =>
                      set(
                        "annotations",
                        draft.annotations.filter((_, j) => j !== i),
                      )
                    }
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                  </Button>
                </div>
                <div className="grid gap-2 sm:grid-cols-2">
                  <Select
                    aria-label={`첨삭 ${i + 1} 종류`}
                    value={a.kind}
                    options={ANNOTATION_KINDS.map((k) => ({ value: k, label: k }))}
                    onChange={(e) =>
                      setAnnotation(i, { kind: e.target.value as AnnotationKind, rewrite: e.target.value === "고칠 점" ? a.rewrite : null })
                    }
                  />
                  <Select
                    aria-label={`첨삭 ${i + 1} 평가 항목`}
                    value={a.category}
                    options={categoryNames.map((n) => ({ value: n, label: n }))}
                    onChange={(e) => setAnnotation(i, { category: e.target.value })}
                  />
                </div>
                <Textarea
                  aria-label={`첨삭 ${i + 1} ${REVIEW_TEXT.comment}`}
                  placeholder={REVIEW_TEXT.comment}
                  rows={2}
                  maxLength={REVIEW_LIMITS.commentChars}
                  value={a.comment}
                  onChange={(e) => setAnnotation(i, { comment: e.target.value })}
                />
                {a.kind === "고칠 점" && (
                  <Input
                    aria-label={`첨삭 ${i + 1} ${REVIEW_TEXT.rewrite}`}
                    placeholder={REVIEW_TEXT.rewrite}
                    maxLength={REVIEW_LIMITS.rewriteChars}
                    value={a.rewrite ?? ""}
                    onChange={(e) => setAnnotation(i, { rewrite: e.target.value || null })}
                  />
                )}
              </li>
            ))}
          </ol>
        </section>
      </CardBody>
    </Card>
  );
}
