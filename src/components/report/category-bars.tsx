// Category scores as compact bars (name, bar, points): the landing's sample and any small summary.
// Plain markup with few imports, so the signed-out landing stays within its JavaScript budget.
import { formatScore, scorePercent } from "@shared/format.ts";

export interface CategoryBar {
  name: string;
  score: number;
  maxScore: number;
}

export function CategoryBars({ categories, label }: { categories: CategoryBar[]; label: string }) {
  return (
    <ul className="grid gap-2.5" aria-label={label}>
      {categories.map((c) => (
        <li key={c.name} className="grid grid-cols-[6.5rem_1fr_auto] items-center gap-3 text-sm">
          <span className="font-medium">{c.name}</span>
          <span className="h-2 overflow-hidden rounded-full bg-base-300" aria-hidden="true">
            <span className="block h-full rounded-full bg-primary" style={{ width: `${scorePercent(c.score, c.maxScore)}%` }} />
          </span>
          <span className="tabular-nums text-base-content/80">
            {formatScore(c.score)}/{formatScore(c.maxScore)}
          </span>
        </li>
      ))}
    </ul>
  );
}
