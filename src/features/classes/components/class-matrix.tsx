// 성적 매트릭스: the class's roster × its assignments, a self-contained Section for the class page.
// Each cell is the student's latest graded answer there: its percent and points (the number is always
// written; the heat colour, by score tier, only repeats it, on a light tint that keeps text ≥ 4.5:1 in
// both themes) linking to its report; names link to the student's page. Columns sort (번호, 이름, or
// an assignment's percent, blanks last). Below: the class averages over time and who has not handed in.
import { useState } from "react";
import { Link } from "react-router-dom";
import { ArrowDown, ArrowUp, ArrowUpDown, Check, Download } from "lucide-react";
import { formatScore } from "@shared/format.ts";
import { scoreTier } from "@shared/grading.ts";
import { compareStudentNumbers } from "@shared/student-order.ts";
import type { ClassMatrix, MatrixStudent } from "@shared/growth.ts";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { DataTable } from "@/components/ui/data-table";
import { EmptyState, Section } from "@/components/ui/section";
import { Skeleton } from "@/components/ui/skeleton";
import { useClassMatrix, useDownloadClassExport } from "@/features/classes/api/get-matrix";
import { ClassAverages, MATRIX_MESSAGES, NotSubmitted } from "@/features/classes/components/class-averages";

const M = MATRIX_MESSAGES;

/** The tint of a cell by its tier (a tint of the status colour under the page's own text colour). */
const HEAT: Record<ReturnType<typeof scoreTier>, string> = {
  high: "bg-success/15",
  mid: "bg-warning/20",
  low: "bg-error/15",
};

type SortKey = { by: "seat" } | { by: "name" } | { by: "exam" } | { by: "assignment"; index: number };
type Sort = SortKey & { dir: 1 | -1 };

const collator = new Intl.Collator("ko", { numeric: true });

/** The roster in the chosen order; blank cells last whichever way an assignment is sorted. */
export function sortStudents(students: MatrixStudent[], sort: Sort): MatrixStudent[] {
  const indexed = students.map((s, i) => ({ s, i }));
  indexed.sort((a, b) => {
    if (sort.by === "assignment") {
      const x = a.s.cells[sort.index]?.percent ?? null;
      const y = b.s.cells[sort.index]?.percent ?? null;
      if (x === null || y === null) return x === null ? (y === null ? a.i - b.i : 1) : -1;
      return (x - y) * sort.dir || a.i - b.i;
    }
    if (sort.by === "name") return collator.compare(a.s.name, b.s.name) * sort.dir || a.i - b.i;
    if (sort.by === "exam") return compareStudentNumbers(a.s.examNumber, b.s.examNumber) * sort.dir || a.i - b.i;
    return (a.i - b.i) * sort.dir;
  });
  return indexed.map(({ s }) => s);
}

const same = (a: SortKey, b: SortKey) => a.by === b.by && (a.by !== "assignment" || (b.by === "assignment" && a.index === b.index));

function SortHeader({
  label,
  sortKey,
  sort,
  onSort,
  end,
  sticky,
}: {
  label: string;
  sortKey: SortKey;
  sort: Sort;
  onSort: (s: Sort) => void;
  end?: boolean;
  /** Stays in view while the table scrolls sideways (the name column). */
  sticky?: boolean;
}) {
  const active = same(sortKey, sort);
  const Icon = active ? (sort.dir === 1 ? ArrowUp : ArrowDown) : ArrowUpDown;
  return (
    <th
      scope="col"
      aria-sort={active ? (sort.dir === 1 ? "ascending" : "descending") : undefined}
      className={cn(end && "text-right", sticky && "sticky left-0 z-10 bg-base-100")}
    >
      <button
        type="button"
        className={cn(
          "inline-flex max-w-36 items-center gap-1 text-left font-semibold break-keep whitespace-normal hover:underline",
          end && "flex-row-reverse text-right",
        )}
        onClick={() => onSort({ ...sortKey, dir: active ? (sort.dir === 1 ? -1 : 1) : sortKey.by === "assignment" ? -1 : 1 })}
      >
        <span>{label}</span>
        <Icon className="size-3.5 shrink-0" aria-hidden="true" />
        <span className="sr-only">{M.sortBy(label)}</span>
      </button>
    </th>
  );
}

export function ClassMatrixTable({ matrix }: { matrix: ClassMatrix }) {
  const [sort, setSort] = useState<Sort>({ by: "seat", dir: 1 });
  const rows = sortStudents(matrix.students, sort);
  return (
    <DataTable
      region={M.tableLabel}
      className="table-sm"
      wrapperClassName="rounded-box border border-base-300 bg-base-100"
      data-testid="class-matrix-table"
      caption={<caption className="sr-only">{M.tableLabel}</caption>}
      head={
        <tr>
          <SortHeader label={M.seat} sortKey={{ by: "seat" }} sort={sort} onSort={setSort} end />
          <SortHeader label={M.name} sortKey={{ by: "name" }} sort={sort} onSort={setSort} sticky />
          <SortHeader label={M.examNumber} sortKey={{ by: "exam" }} sort={sort} onSort={setSort} />
          {matrix.assignments.map((a, i) => (
            <SortHeader key={a.sessionId} label={a.title} sortKey={{ by: "assignment", index: i }} sort={sort} onSort={setSort} end />
          ))}
        </tr>
      }
    >
      {rows.map((s) => (
        <tr key={s.id} data-testid="class-matrix-row">
          <td className="text-right tabular-nums">{s.seatNumber ?? "-"}</td>
          <th scope="row" className="sticky left-0 z-10 whitespace-nowrap bg-base-100 font-normal">
            <Link to={paths.student.getHref(s.id)} className="link link-hover text-primary">
              {s.name}
            </Link>
          </th>
          <td className="tabular-nums">{s.examNumber}</td>
          {s.cells.map((c, i) =>
            c ? (
              <td key={i} className={cn("text-right tabular-nums", HEAT[scoreTier(c.score, c.max)])} data-testid="class-matrix-cell">
                <Link to={paths.sessionReport.getHref(matrix.assignments[i].sessionId, c.submissionId)} className="hover:underline">
                  <span className="inline-flex items-center gap-1 font-semibold">
                    {c.reviewed && (
                      <>
                        <Check className="size-3.5" aria-hidden="true" />
                        <span className="sr-only">{M.reviewed}, </span>
                      </>
                    )}
                    {c.percent}%
                  </span>
                  <span className="block text-xs">
                    {formatScore(c.score)}/{formatScore(c.max)}
                  </span>
                  <span className="sr-only">{M.cellLabel(s.name, matrix.assignments[i].title)}</span>
                </Link>
              </td>
            ) : (
              <td key={i} className="text-right text-base-content/75">
                <span aria-hidden="true">-</span>
                <span className="sr-only">{M.notGraded}</span>
              </td>
            ),
          )}
        </tr>
      ))}
    </DataTable>
  );
}

/** The matrix, the averages and who has not handed in, for a loaded class. */
export function ClassMatrixView({ matrix, onExport, exporting }: { matrix: ClassMatrix; onExport?: () => void; exporting?: boolean }) {
  const actions = onExport ? (
    <Button variant="outline" size="sm" onClick={onExport} loading={exporting} disabled={exporting || matrix.students.length === 0}>
      <Download className="size-4" aria-hidden="true" />
      {M.export}
    </Button>
  ) : undefined;
  const body =
    matrix.students.length === 0 ? (
      <EmptyState title={M.noStudents} />
    ) : matrix.assignments.length === 0 ? (
      <EmptyState title={M.noAssignments}>{M.noAssignmentsHint}</EmptyState>
    ) : (
      <div className="space-y-8">
        <ClassMatrixTable matrix={matrix} />
        <ClassAverages matrix={matrix} />
        <NotSubmitted matrix={matrix} />
      </div>
    );
  return (
    <Section title={M.title} description={M.description} actions={actions} testId="class-matrix">
      {body}
    </Section>
  );
}

/** 성적 매트릭스 of class `classId` (loads it; mounted on the class page). */
export function ClassMatrixSection({ classId }: { classId: string }) {
  const query = useClassMatrix(classId);
  const download = useDownloadClassExport();
  if (query.isPending) {
    return (
      <Section title={M.title} testId="class-matrix">
        <Skeleton className="h-48 w-full" />
      </Section>
    );
  }
  if (query.isError) {
    return (
      <Section title={M.title} testId="class-matrix">
        <div role="alert" className="alert alert-error alert-soft flex flex-wrap justify-between gap-2">
          <span>{M.loadError}</span>
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            {M.retry}
          </Button>
        </div>
      </Section>
    );
  }
  const onExport = () =>
    download.mutate(classId, {
      onError: (e) => notify({ title: M.exportFailTitle, description: errorMessage(e, M.exportFail), variant: "destructive" }),
    });
  return <ClassMatrixView matrix={query.data} onExport={onExport} exporting={download.isPending} />;
}
