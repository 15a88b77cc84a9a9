// 평가 기준 불러오기: the built-in templates, my rubrics and the active organisation's, grouped; choosing one
// hands its criteria to the caller as an editable starting point (nothing is saved by choosing).
import type { LibraryRubric } from "@shared/library.ts";
import { rubricTotal } from "@shared/session-setup.ts";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useRubrics } from "@/lib/library";
import { LIBRARY_TEXT as T } from "@/components/library/messages";

type Group = keyof typeof T.groups;

/** The rubrics of each group, in the order the list shows them; empty groups left out. */
export function groupRubrics(rubrics: readonly LibraryRubric[]): [Group, LibraryRubric[]][] {
  const groups: [Group, LibraryRubric[]][] = [
    ["builtIn", rubrics.filter((r) => r.builtIn)],
    ["mine", rubrics.filter((r) => !r.builtIn && !r.shared)],
    ["org", rubrics.filter((r) => r.shared)],
  ];
  return groups.filter(([, list]) => list.length > 0);
}

export function RubricList({ rubrics, onPick }: { rubrics: readonly LibraryRubric[]; onPick: (rubric: LibraryRubric) => void }) {
  const groups = groupRubrics(rubrics);
  return (
    <div className="space-y-4" data-testid="rubric-picker">
      {groups.map(([group, list]) => (
        <section key={group} aria-labelledby={`rubric-group-${group}`} className="space-y-2">
          <h4 id={`rubric-group-${group}`} className="text-sm font-semibold">
            {T.groups[group]}
          </h4>
          <ul className="divide-y divide-base-300 rounded-box border border-base-300">
            {list.map((r) => (
              <li key={r.id} className="flex items-start gap-3 p-3">
                <div className="min-w-0 flex-1">
                  <p className="font-medium break-words">{r.name}</p>
                  <p className="text-xs text-base-content/75 tabular-nums">{T.meta(r.criteria.length, rubricTotal(r.criteria))}</p>
                  {r.description && <p className="mt-1 text-sm text-base-content/75">{r.description}</p>}
                </div>
                <Button variant="ghost" size="sm" className="shrink-0" aria-label={T.loadRowLabel(r.name)} onClick={() => onPick(r)}>
                  {T.loadRow}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ))}
      {!groups.some(([g]) => g !== "builtIn") && <p className="text-sm text-base-content/75">{T.nothingSaved}</p>}
    </div>
  );
}

/** The picker with its data: loading, a failure, or the grouped list. */
export function RubricPicker({ onPick }: { onPick: (rubric: LibraryRubric) => void }) {
  const rubrics = useRubrics();
  if (rubrics.isPending) return <Spinner size="sm" label={T.loading} />;
  if (rubrics.isError)
    return (
      <p role="alert" className="text-sm text-error">
        {T.loadFailed}
      </p>
    );
  return <RubricList rubrics={rubrics.data} onPick={onPick} />;
}
