import { ScanText } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Progress } from "@/components/ui/progress";
import { Textarea } from "@/components/ui/textarea";
import { OCR_MESSAGES, type ImageTextState } from "@/features/sessions/ocr/use-image-text";
import { withParticle } from "@/lib/korean";

export interface ImageTextEntry {
  key: string;
  /** The image's file name. */
  name: string;
  state: ImageTextState;
}

export interface ImageTextReviewProps {
  entries: ImageTextEntry[];
  /** What the text becomes, for the note (e.g. "답안", "논술 문제"). */
  subject: string;
  disabled?: boolean;
  onChange: (key: string, text: string) => void;
  onRetry: (key: string) => void;
}

/** Recognised text of chosen images, in editable boxes: what is submitted is what the teacher leaves here. */
export function ImageTextReview({ entries, subject, disabled, onChange, onRetry }: ImageTextReviewProps) {
  if (entries.length === 0) return null;
  return (
    <section
      className="space-y-3 rounded-box border border-warning/40 bg-warning/5 p-4"
      aria-label={OCR_MESSAGES.reviewTitle}
      data-testid="ocr-review"
    >
      <div>
        <h4 className="flex items-center gap-1.5 font-semibold">
          <ScanText className="size-4 text-warning" aria-hidden="true" />
          {OCR_MESSAGES.reviewTitle}
        </h4>
        <p className="text-xs text-base-content/70">
          이미지의 글자를 이 브라우저에서 인식했습니다. 잘못 읽힌 글자를 고친 뒤 제출하세요. 제출하면 이 글이 {withParticle(subject, "ro")}{" "}
          쓰입니다.
        </p>
      </div>
      <ul className="space-y-3">
        {entries.map(({ key, name, state }) => (
          <li key={key} className="space-y-1.5" data-testid="ocr-item" data-status={state.status}>
            <p className="truncate text-sm font-medium" title={name}>
              {name}
            </p>
            {state.status === "reading" && (
              <div role="status" className="space-y-1">
                <div className="flex justify-between gap-2 text-xs text-base-content/70">
                  <span>{state.message}</span>
                  <span className="tabular-nums">{state.percent}%</span>
                </div>
                <Progress value={state.percent} variant="warning" label={`${name} 글자 인식 진행률`} />
              </div>
            )}
            {state.status === "done" && (
              <>
                <Textarea
                  aria-label={`${name} 인식된 글`}
                  rows={Math.min(14, Math.max(5, state.text.split("\n").length + 1))}
                  value={state.text}
                  disabled={disabled}
                  onChange={(e) => onChange(key, e.target.value)}
                />
                <p className="text-right text-xs text-base-content/70 tabular-nums">{[...state.text.trim()].length}자</p>
              </>
            )}
            {state.status === "error" && (
              <div role="alert" className="flex flex-wrap items-center justify-between gap-2 text-sm text-error">
                <span>{state.message}</span>
                <Button variant="outline" size="sm" disabled={disabled} onClick={() => onRetry(key)}>
                  다시 인식
                </Button>
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
