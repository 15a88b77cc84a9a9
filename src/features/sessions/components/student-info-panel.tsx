import { UserCheck } from "lucide-react";
import { Input } from "@/components/ui/input";
import type { EssayFileItem } from "@/features/sessions/utils/essay-files";

export interface StudentInfoPanelProps {
  items: EssayFileItem[];
  onChange: (key: string, patch: Partial<Pick<EssayFileItem, "studentName" | "studentId">>) => void;
}

const FIELDS = [
  { field: "studentName", label: "학생 이름" },
  { field: "studentId", label: "수험번호" },
] as const;

export function StudentInfoPanel({ items, onChange }: StudentInfoPanelProps) {
  if (items.length === 0) return null;
  return (
    <section className="rounded-box border border-info/40 bg-info/10 p-4" aria-label="학생 정보 확인 및 수정">
      <h4 className="flex items-center gap-1.5 text-base font-semibold">
        <UserCheck className="size-4 text-info" aria-hidden="true" />
        학생 정보 확인 및 수정
      </h4>
      <p className="text-xs text-base-content/75">파일명에서 자동으로 인식한 정보입니다. 필요하면 수정하세요.</p>
      <ul className="mt-3 space-y-2">
        {items.map((item) => (
          <li
            key={item.key}
            className="grid grid-cols-2 gap-2 md:grid-cols-[1fr_10rem_10rem] md:items-center"
            data-testid="student-info-row"
          >
            <span className="col-span-2 truncate text-sm font-medium md:col-span-1" title={item.file.name}>
              {item.file.name}
            </span>
            {FIELDS.map(({ field, label }) => (
              <Input
                key={field}
                aria-label={`${item.file.name} ${label}`}
                placeholder={label}
                value={item[field]}
                maxLength={50}
                onChange={(e) => onChange(item.key, { [field]: e.target.value })}
                className="input-sm w-full"
              />
            ))}
          </li>
        ))}
      </ul>
    </section>
  );
}
