import { cn } from "@/components/ui/cn";

/** Plain-text items as a bullet list, or "(없음)" when there are none (report sections, print, dialogs). */
export function BulletList({ items, className, emptyClassName }: { items: string[]; className?: string; emptyClassName?: string }) {
  if (items.length === 0) return <p className={emptyClassName}>(없음)</p>;
  return (
    <ul className={cn("list-disc pl-5", className)}>
      {items.map((item, i) => (
        <li key={i}>{item}</li>
      ))}
    </ul>
  );
}
