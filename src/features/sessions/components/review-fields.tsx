// The review panel's editors: one category's score (a narrow number input with its maximum beside it)
// and feedback, and an editable list of short items.
import { Plus, Trash2 } from "lucide-react";
import { useId } from "react";
import { REVIEW_LIMITS } from "@shared/review.ts";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { formatScore } from "@/lib/report-format";

export const REVIEW_FIELD_TEXT = { addItem: "항목 추가", remove: "삭제" } as const;

/** A category: its name, a 2–3 digit score input with "/ 40점" on the same line, and its feedback. */
export function CategoryScoreField({
  index,
  name,
  score,
  max,
  feedback,
  onScore,
  onFeedback,
}: {
  index: number;
  name: string;
  score: number;
  max: number;
  feedback: string;
  onScore: (score: number) => void;
  onFeedback: (feedback: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2" data-testid={`review-category-${index}`}>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <label htmlFor={id} className="font-medium">
          {name}
        </label>
        <span className="flex shrink-0 items-center gap-2 whitespace-nowrap" data-testid={`review-score-field-${index}`}>
          {/* the wrapper sets the width: the input fills it */}
          <span className="block w-20">
            <Input
              id={id}
              type="number"
              inputMode="decimal"
              className="text-right tabular-nums"
              min={0}
              max={max}
              step={0.5}
              aria-label={`${name} 점수`}
              data-testid={`review-score-${index}`}
              value={Number.isFinite(score) ? score : ""}
              invalid={!(score >= 0 && score <= max)}
              onChange={(e) => onScore(e.target.value === "" ? Number.NaN : Number(e.target.value))}
            />
          </span>
          <span className="text-sm text-base-content/75 tabular-nums">/ {formatScore(max)}점</span>
        </span>
      </div>
      <Textarea
        aria-label={`${name} 피드백`}
        rows={3}
        maxLength={REVIEW_LIMITS.feedbackChars}
        value={feedback}
        onChange={(e) => onFeedback(e.target.value)}
      />
    </div>
  );
}

export function ListEditor({
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
      <legend className="mb-1 text-base font-semibold">{label}</legend>
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
            aria-label={`${label} ${i + 1} ${REVIEW_FIELD_TEXT.remove}`}
            onClick={() => onChange(items.filter((_, j) => j !== i))}
          >
            <Trash2 className="size-4" aria-hidden="true" />
          </Button>
        </div>
      ))}
      {items.length < REVIEW_LIMITS.listItems && (
        <Button variant="outline" size="sm" className="self-start" onClick={() => onChange([...items, ""])}>
          <Plus className="size-4" aria-hidden="true" />
          {REVIEW_FIELD_TEXT.addItem}
        </Button>
      )}
    </fieldset>
  );
}
