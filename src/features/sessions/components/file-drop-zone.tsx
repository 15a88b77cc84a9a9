import { useId } from "react";
import { Upload } from "lucide-react";
import { cn } from "@/components/ui/cn";
import { useFileDrag } from "@/features/sessions/hooks/use-file-drag";

export interface FileDropZoneProps {
  accept: string;
  multiple: boolean;
  onFiles: (files: File[]) => void;
  hint: string;
}

export function FileDropZone({ accept, multiple, onFiles, hint }: FileDropZoneProps) {
  const { dragOver, dragProps } = useFileDrag(onFiles);
  const inputId = useId();
  return (
    <label
      htmlFor={inputId}
      data-testid="essay-drop-zone"
      data-drag-over={dragOver || undefined}
      {...dragProps}
      className={cn(
        "flex cursor-pointer flex-col items-center justify-center gap-2 rounded-box border-2 border-dashed p-8 text-center transition-colors",
        dragOver ? "border-primary bg-primary/10" : "border-base-300 hover:border-primary/60",
      )}
    >
      <Upload className="size-8 text-base-content/70" aria-hidden="true" />
      <span className="font-medium">{dragOver ? "여기에 파일을 놓으세요" : "파일을 끌어다 놓거나 클릭하여 선택하세요"}</span>
      <span className="text-xs text-base-content/70">{hint}</span>
      <input
        id={inputId}
        type="file"
        accept={accept}
        multiple={multiple}
        aria-label="답안 파일 선택"
        className="sr-only"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = "";
          if (files.length) onFiles(files);
        }}
      />
    </label>
  );
}
