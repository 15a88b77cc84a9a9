// Teacher review (검토) of a report: edit the category scores (the total follows), the comments,
// lists and annotations, add an annotation by selecting text of the answer, then save. The server
// checks everything again and computes the total; this only previews it. On wide screens the answer
// stays beside the form (a sticky column), so the teacher reads and marks while editing.
import { Plus, Save, Trash2, X } from "lucide-react";
import { useMemo, useRef, useState } from "react";
import { ANNOTATION_KINDS, type AnnotationKind } from "@shared/grading.ts";
import { REVIEW_LIMITS, reviewBodyFromReport, type ReviewAnnotationInput, type ReviewBody, type ReviewedReport } from "@shared/review.ts";
import { REPORT_SECTIONS } from "@shared/report.ts";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { Toolbar } from "@/components/ui/section";
import { SaveCommentButton, SavedCommentSelect } from "@/components/library/comment-bank";
import { errorMessage } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { formatScore } from "@/lib/report-format";
import { useSaveReview } from "@/features/sessions/api/review";
import { EssayWithMarks, selectionOffsets } from "@/features/sessions/components/review-essay";
import { CategoryScoreField, ListEditor, REVIEW_FIELD_TEXT } from "@/features/sessions/components/review-fields";

export { selectionOffsets };

export const REVIEW_TEXT = {
  title: "리포트 검토·수정",
  save: "수정 내용 저장",
  cancel: "취소",
  saved: "검토 내용을 저장했습니다.",
  saveFail: "검토 내용을 저장하지 못했습니다.",
  total: "총점 (항목 점수의 합)",
  answer: "학생 답안",
  scores: "항목별 점수",
  addItem: REVIEW_FIELD_TEXT.addItem,
  addAnnotation: "첨삭 추가",
  selectHint: "답안에서 첨삭할 부분을 드래그해 선택한 뒤 '첨삭 추가'를 누르세요.",
  overlap: "이미 첨삭한 부분과 겹칩니다. 다른 부분을 선택해 주세요.",
  tooLong: `첨삭할 부분은 ${REVIEW_LIMITS.quoteChars}자까지 선택할 수 있습니다.`,
  marks: "첨삭 표시",
  noMarks: "아직 첨삭 표시가 없습니다.",
  comment: "첨삭 내용",
  rewrite: "고쳐 쓰기 (선택)",
  remove: REVIEW_FIELD_TEXT.remove,
} as const;

type Draft = ReviewBody;

function AnnotationEditor({
  index,
  annotation: a,
  categoryNames,
  isNew,
  onChange,
  onRemove,
}: {
  index: number;
  annotation: ReviewAnnotationInput;
  categoryNames: string[];
  isNew: boolean;
  onChange: (patch: Partial<ReviewAnnotationInput>) => void;
  onRemove: () => void;
}) {
  const n = index + 1;
  return (
    <li className="flex flex-col gap-2 rounded-box border border-base-300 p-3" data-new={isNew || undefined}>
      <div className="flex items-start gap-2">
        <span className="badge badge-ghost tabular-nums">{n}</span>
        <q className="flex-1 text-sm">{a.quote}</q>
        <Button variant="ghost" size="sm" aria-label={`첨삭 ${n} ${REVIEW_TEXT.remove}`} onClick={onRemove}>
          <Trash2 className="size-4" aria-hidden="true" />
        </Button>
      </div>
      <div className="grid gap-2 sm:grid-cols-2">
        <Select
          aria-label={`첨삭 ${n} 종류`}
          value={a.kind}
          options={ANNOTATION_KINDS.map((k) => ({ value: k, label: k }))}
          onChange={(e) => onChange({ kind: e.target.value as AnnotationKind, rewrite: e.target.value === "고칠 점" ? a.rewrite : null })}
        />
        <Select
          aria-label={`첨삭 ${n} 평가 항목`}
          value={a.category}
          options={categoryNames.map((name) => ({ value: name, label: name }))}
          onChange={(e) => onChange({ category: e.target.value })}
        />
      </div>
      <Textarea
        aria-label={`첨삭 ${n} ${REVIEW_TEXT.comment}`}
        placeholder={REVIEW_TEXT.comment}
        rows={2}
        maxLength={REVIEW_LIMITS.commentChars}
        value={a.comment}
        onChange={(e) => onChange({ comment: e.target.value })}
      />
      <div className="flex items-center gap-2" data-testid="comment-bank">
        <SavedCommentSelect category={a.kind} label={`첨삭 ${n}`} onPick={(comment) => onChange({ comment })} />
        <SaveCommentButton text={a.comment} category={a.kind} label={`첨삭 ${n}`} />
      </div>
      {a.kind === "고칠 점" && (
        <Input
          aria-label={`첨삭 ${n} ${REVIEW_TEXT.rewrite}`}
          placeholder={REVIEW_TEXT.rewrite}
          maxLength={REVIEW_LIMITS.rewriteChars}
          value={a.rewrite ?? ""}
          onChange={(e) => onChange({ rewrite: e.target.value || null })}
        />
      )}
    </li>
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
  const setCategory = (i: number, patch: Partial<Draft["categories"][number]>) =>
    set(
      "categories",
      draft.categories.map((x, j) => (j === i ? { ...x, ...patch } : x)),
    );
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
    <section className="space-y-6" aria-labelledby="review-panel-title" data-testid="review-panel">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="review-panel-title" className="text-lg font-semibold">
          {REVIEW_TEXT.title}
        </h3>
        <Toolbar>
          <Button variant="outline" size="sm" onClick={onClose}>
            <X className="size-4" aria-hidden="true" />
            {REVIEW_TEXT.cancel}
          </Button>
          <Button variant="primary" size="sm" onClick={onSave} loading={save.isPending} data-testid="review-save">
            <Save className="size-4" aria-hidden="true" />
            {REVIEW_TEXT.save}
          </Button>
        </Toolbar>
      </div>
      {save.isError && (
        <div role="alert" className="alert alert-error alert-soft">
          {errorMessage(save.error, REVIEW_TEXT.saveFail)}
        </div>
      )}

      <div className="grid gap-8 lg:grid-cols-2 lg:items-start">
        <div
          className="flex flex-col gap-3 lg:sticky lg:top-20 lg:max-h-[calc(100dvh-6rem)] lg:overflow-y-auto lg:pr-1"
          data-testid="review-essay-column"
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h4 className="text-base font-semibold">{REVIEW_TEXT.answer}</h4>
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
          <p className="text-sm text-base-content/75">{REVIEW_TEXT.selectHint}</p>
          {selectionError && (
            <p role="alert" className="text-sm text-error">
              {selectionError}
            </p>
          )}
          <EssayWithMarks answer={report.answer} annotations={draft.annotations} containerRef={essayRef} />
        </div>

        <div className="@container flex min-w-0 flex-col gap-8" data-testid="review-form">
          <div className="flex items-baseline justify-between gap-2 rounded-box bg-base-200 p-3" data-testid="review-total">
            <span className="text-sm">{REVIEW_TEXT.total}</span>
            <span className="text-2xl font-bold tabular-nums">
              {formatScore(total)}/{formatScore(report.maxScore)}점
            </span>
          </div>

          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-base font-semibold">{REVIEW_TEXT.scores}</legend>
            <div className="grid gap-6 @xl:grid-cols-2" data-testid="review-categories">
              {draft.categories.map((c, i) => (
                <CategoryScoreField
                  key={c.name}
                  index={i}
                  name={c.name}
                  score={c.score}
                  max={report.categories.find((x) => x.name === c.name)?.maxScore ?? 0}
                  feedback={c.feedback}
                  onScore={(score) => setCategory(i, { score })}
                  onFeedback={(feedback) => setCategory(i, { feedback })}
                />
              ))}
            </div>
          </fieldset>

          <ListEditor label="우수한 점" testId="review-strengths" items={draft.strengths} onChange={(v) => set("strengths", v)} />
          <ListEditor
            label="개선이 필요한 점"
            testId="review-improvements"
            items={draft.improvementAreas}
            onChange={(v) => set("improvementAreas", v)}
          />
          <label className="flex flex-col gap-2">
            <span className="text-base font-semibold">{REPORT_SECTIONS.feedback}</span>
            <Textarea
              rows={6}
              maxLength={REVIEW_LIMITS.detailedFeedbackChars}
              value={draft.detailedFeedback}
              onChange={(e) => set("detailedFeedback", e.target.value)}
            />
          </label>
          <ListEditor
            label="향후 개선 방안"
            testId="review-suggestions"
            items={draft.suggestions}
            onChange={(v) => set("suggestions", v)}
          />

          <section className="flex flex-col gap-3" aria-label={REVIEW_TEXT.marks} data-testid="review-annotations">
            <h4 className="text-base font-semibold">{REVIEW_TEXT.marks}</h4>
            {draft.annotations.length === 0 ? (
              <p className="text-sm text-base-content/75">{REVIEW_TEXT.noMarks}</p>
            ) : (
              <ol className="flex flex-col gap-3">
                {draft.annotations.map((a, i) => (
                  <AnnotationEditor
                    key={`${a.start}-${a.end}`}
                    index={i}
                    annotation={a}
                    categoryNames={categoryNames}
                    isNew={pending?.start === a.start}
                    onChange={(patch) => setAnnotation(i, patch)}
                    onRemove={() =>
                      set(
                        "annotations",
                        draft.annotations.filter((_, j) => j !== i),
                      )
                    }
                  />
                ))}
              </ol>
            )}
          </section>
        </div>
      </div>
    </section>
  );
}
