import { BLOG_CATEGORIES, BLOG_CATEGORY_LABELS, type BlogCategory } from "@shared/blog-display.ts";
import { cn } from "@/components/ui/cn";

export function CategoryFilter({ value, onChange }: { value: BlogCategory | null; onChange: (value: BlogCategory | null) => void }) {
  const options: { value: BlogCategory | null; label: string }[] = [
    { value: null, label: "전체" },
    ...BLOG_CATEGORIES.map((c) => ({ value: c, label: BLOG_CATEGORY_LABELS[c] })),
  ];
  return (
    <div
      className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0 sm:pb-0"
      role="group"
      aria-label="카테고리"
    >
      {options.map((option) => {
        const active = option.value === value;
        return (
          <button
            key={option.label}
            type="button"
            aria-pressed={active}
            className={cn("btn btn-sm shrink-0", active ? "btn-primary" : "btn-outline")}
            onClick={() => onChange(option.value)}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
