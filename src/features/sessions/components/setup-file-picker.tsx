import { useId, useRef, type ChangeEvent } from "react";
import { FileImage, FileText, RefreshCw, Upload, X } from "lucide-react";
import { cn } from "@/components/ui/cn";
import { notify } from "@/lib/notify";
import { useFileDrag } from "@/features/sessions/hooks/use-file-drag";
import { SESSION_MESSAGES as M } from "@/features/sessions/messages";
import {
  formatKb,
  isAcceptedFilename,
  MAX_FILE_SIZE_BYTES,
  MAX_FILE_SIZE_LABEL,
  SETUP_ACCEPT,
  SETUP_EXTENSIONS,
  typesLabel,
  uploadMessages,
} from "@shared/upload-rules.ts";

export interface SetupFilePickerProps {
  id: string;
  /** The field's label, e.g. 논술 문제(필수); the file input is named by it. */
  label: string;
  /** Short name used in button labels (논술 문제 / 평가 기준). */
  subject: string;
  file: File | null;
  /** The session's file of this kind, already uploaded: shown (with 교체) instead of an empty drop zone. */
  current?: string | null;
  disabled?: boolean;
  onChange: (file: File | null) => void;
}

const IMAGE_NAME = /\.(jpe?g|png|webp)$/i;

function acceptable(chosen: File): boolean {
  if (!isAcceptedFilename(chosen.name, SETUP_EXTENSIONS)) {
    notify({ title: M.files.wrongTypeTitle, description: M.files.wrongType(typesLabel(SETUP_EXTENSIONS)), variant: "destructive" });
    return false;
  }
  if (chosen.size > MAX_FILE_SIZE_BYTES) {
    notify({ title: uploadMessages.sizeTitle, description: uploadMessages.tooLargeNamed(chosen.name), variant: "destructive" });
    return false;
  }
  return true;
}

export function SetupFilePicker({ id, label, subject, file, current, disabled, onChange }: SetupFilePickerProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const labelId = `${id}-label`;
  const hintId = useId();

  const take = (chosen: File | undefined) => {
    if (!chosen || disabled || !acceptable(chosen)) return;
    onChange(chosen);
    notify({ title: M.files.chosenTitle, description: M.files.chosen(chosen.name) });
  };
  const onInput = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = "";
    take(chosen);
  };
  const shownName = file?.name ?? current ?? null;
  const { dragOver, dragProps: drag } = useFileDrag((dropped) => take(dropped[0]), disabled);
  const zone = cn(
    "flex min-h-36 rounded-box border-2 border-dashed p-4 transition-colors",
    "peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary",
    dragOver
      ? "border-primary bg-primary/10"
      : shownName
        ? "border-solid border-primary/30 bg-primary/5"
        : "border-base-300 bg-base-200/40",
  );
  const Icon = shownName && IMAGE_NAME.test(shownName) ? FileImage : FileText;

  return (
    <div className="flex min-w-0 flex-col">
      <label id={labelId} htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept={SETUP_ACCEPT}
        className="peer sr-only"
        aria-labelledby={labelId}
        aria-describedby={hintId}
        disabled={disabled}
        onChange={onInput}
      />
      {file || current ? (
        <div className={cn(zone, "min-h-0 items-center gap-3")} data-testid={file ? `${id}-selected` : `${id}-current`} {...drag}>
          <span className="grid size-11 shrink-0 place-items-center rounded-field bg-primary/10 text-primary">
            <Icon className="size-6" aria-hidden="true" />
          </span>
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium" title={shownName ?? undefined}>
              {shownName}
            </p>
            <p className="text-sm text-base-content/75 tabular-nums">
              {file
                ? current
                  ? `${formatKb(file.size)} · 올린 파일을 바꿉니다`
                  : formatKb(file.size)
                : "올린 파일 · 끌어다 놓아 교체할 수 있습니다"}
            </p>
            <p id={hintId} className="sr-only">
              {typesLabel(SETUP_EXTENSIONS)} 형식, 최대 {MAX_FILE_SIZE_LABEL}
            </p>
          </div>
          <div className="flex shrink-0 flex-col gap-1 sm:flex-row">
            <button
              type="button"
              className="btn btn-outline btn-sm gap-1"
              onClick={() => inputRef.current?.click()}
              disabled={disabled}
              aria-label={`${subject} 파일 ${file ? "변경" : "교체"}`}
            >
              <RefreshCw className="size-4" aria-hidden="true" />
              {file ? "변경" : "교체"}
            </button>
            {file && (
              <button
                type="button"
                className="btn btn-ghost btn-sm gap-1 text-error"
                onClick={() => onChange(null)}
                disabled={disabled}
                aria-label={current ? `${subject} 파일 선택 취소` : `${subject} 파일 제거`}
              >
                <X className="size-4" aria-hidden="true" />
                {current ? "취소" : "제거"}
              </button>
            )}
          </div>
        </div>
      ) : (
        <label
          htmlFor={id}
          data-testid={`${id}-drop-zone`}
          data-drag-over={dragOver || undefined}
          className={cn(
            zone,
            "flex-col items-center justify-center gap-1.5 text-center *:pointer-events-none",
            disabled ? "cursor-not-allowed opacity-60" : "cursor-pointer hover:border-primary/60 hover:bg-primary/5",
          )}
          {...drag}
        >
          <Upload className={cn("size-7", dragOver ? "text-primary" : "text-base-content/50")} aria-hidden="true" />
          <span className="text-sm font-medium">{dragOver ? "여기에 파일을 놓으세요" : "클릭하거나 파일을 끌어다 놓으세요"}</span>
          <span id={hintId} className="text-xs text-base-content/75">
            {typesLabel(SETUP_EXTENSIONS)} · 최대 {MAX_FILE_SIZE_LABEL}
          </span>
        </label>
      )}
    </div>
  );
}
