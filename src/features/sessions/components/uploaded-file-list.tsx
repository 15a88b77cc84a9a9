import { FileText, X } from "lucide-react";
import { formatKb } from "@shared/upload-rules.ts";
import type { EssayFileItem } from "@/features/sessions/utils/essay-files";

export function UploadedFileList({ items, onRemove }: { items: EssayFileItem[]; onRemove: (key: string) => void }) {
  if (items.length === 0) return null;
  return (
    <ul className="space-y-1" aria-label="업로드된 답안 파일">
      {items.map((item) => (
        <li key={item.key} className="flex items-center justify-between gap-2 rounded-box bg-base-200 px-3 py-2 text-sm">
          <span className="flex min-w-0 items-center gap-2">
            <FileText className="size-4 shrink-0 text-base-content/70" aria-hidden="true" />
            <span className="truncate" title={item.file.name}>
              {item.file.name}
            </span>
            <span className="shrink-0 text-base-content/70 tabular-nums">({formatKb(item.file.size)})</span>
          </span>
          <button type="button" className="btn btn-ghost btn-xs" aria-label={`${item.file.name} 삭제`} onClick={() => onRemove(item.key)}>
            <X className="size-4" aria-hidden="true" />
          </button>
        </li>
      ))}
    </ul>
  );
}
