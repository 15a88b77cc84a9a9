// The class as a table: one row per answer with name, 수험번호, status, total and
// one column per rubric category; every column sorts (header buttons, aria-sort), a search by name or
// 수험번호 and a status filter narrow the rows, and a completed row opens its report.
import { useId, useMemo, useState } from "react";
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import {
  type Column,
  createColumnHelper,
  createSortedRowModel,
  type Row,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  useTable,
} from "@tanstack/react-table";
import type { Submission } from "@shared/types.ts";
import { Badge } from "@/components/ui/badge";
import { DataTable } from "@/components/ui/data-table";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import {
  compareNames,
  compareStatuses,
  compareStudentIds,
  filterResultRows,
  resultCategories,
  resultRows,
  type ResultCategory,
  type ResultRow,
  STATUS_FILTERS,
  type StatusFilter,
} from "@/features/sessions/utils/class-results";
import { feedbackText, STATUS_LABELS } from "@/features/sessions/utils/submission-stats";
import { RowCheckbox, type RowSelection, STATUS_VARIANTS } from "@/features/sessions/components/submission-list";
import { SESSION_MESSAGES as M } from "@/features/sessions/messages";

const features = tableFeatures({ rowSortingFeature, sortedRowModel: createSortedRowModel() });
type Features = typeof features;
const helper = createColumnHelper<Features, ResultRow>();

/** A table sort function from an ascending comparator of the column's values. */
function byValue<T>(compare: (a: T, b: T) => number) {
  return (a: Row<Features, ResultRow>, b: Row<Features, ResultRow>, id: string) => compare(a.getValue<T>(id), b.getValue<T>(id));
}
const byNumber = byValue<number>((a, b) => a - b);

const INITIAL_SORT: SortingState = [{ id: "studentId", desc: false }];

const ARIA_SORT = { asc: "ascending", desc: "descending" } as const;
const SORT_WORD = { asc: "오름차순", desc: "내림차순" } as const;

/** Columns of numbers: right-aligned, header included, so the header sits over its digits. */
const NUMERIC = (id: string) => id === "total" || id.startsWith("category-");

function SortButton({ column, label }: { column: Column<Features, ResultRow, unknown>; label: string }) {
  const sorted = column.getIsSorted();
  const Icon = sorted === "asc" ? ArrowUp : sorted === "desc" ? ArrowDown : ArrowUpDown;
  return (
    <button
      type="button"
      className={`inline-flex items-center gap-1 font-semibold whitespace-nowrap hover:underline focus-visible:underline${
        NUMERIC(column.id) ? " flex-row-reverse" : ""
      }`}
      onClick={() => column.toggleSorting(sorted ? sorted === "asc" : column.columnDef.sortDescFirst === true)}
      title={sorted ? `${SORT_WORD[sorted]} 정렬됨 (눌러서 바꾸기)` : "눌러서 정렬"}
    >
      {label}
      <Icon className="size-3.5 shrink-0" aria-hidden="true" />
    </button>
  );
}

export interface ResultsTableProps {
  submissions: Submission[];
  /** Open a completed answer's report. */
  onView?: (submission: Submission, feedback: string | null) => void;
  /** The address of an answer's report (the name links to it). */
  reportHref?: (submission: Submission) => string;
  /** With it, each row starts with a checkbox (the dashboard's whole-class actions). */
  selection?: RowSelection;
}

export function ResultsTable({ submissions, onView, reportHref, selection }: ResultsTableProps) {
  const [query, setQuery] = useState("");
  const [status, setStatus] = useState<StatusFilter>("all");
  const [sorting, setSorting] = useState<SortingState>(INITIAL_SORT);
  const ids = { search: useId(), status: useId(), count: useId() };

  const categories = useMemo(() => resultCategories(submissions), [submissions]);
  const categoryKey = categories.map((c) => `${c.name}/${c.maxScore}`).join("|");
  const rows = useMemo(() => resultRows(submissions), [submissions]);
  const data = useMemo(() => filterResultRows(rows, query, status), [rows, query, status]);

  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor("name", { id: "name", header: "이름", sortFn: byValue(compareNames) }),
        helper.accessor("studentId", { id: "studentId", header: "수험번호", sortFn: byValue(compareStudentIds) }),
        helper.accessor("status", { id: "status", header: "상태", sortFn: byValue(compareStatuses) }),
        helper.accessor((r) => r.total ?? undefined, {
          id: "total",
          header: "총점",
          sortFn: byNumber,
          sortUndefined: "last",
          sortDescFirst: true,
        }),
        ...categories.map((c, i) =>
          helper.accessor((r) => r.scores[c.name], {
            id: `category-${i}`,
            header: `${c.name} (${c.maxScore})`,
            sortFn: byNumber,
            sortUndefined: "last",
            sortDescFirst: true,
          }),
        ),
      ]),
    // The columns change only when the set of categories does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [categoryKey],
  );

  const table = useTable({ features, columns, data, state: { sorting }, onSortingChange: setSorting });
  const visible = table.getRowModel().rows;

  const open = (r: ResultRow) => onView?.(r.submission, feedbackText(r.submission));

  return (
    <div className="space-y-3" data-testid="results-table">
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-48 flex-1">
          <label htmlFor={ids.search} className="mb-1 block text-sm font-medium">
            이름 또는 수험번호 검색
          </label>
          <Input
            id={ids.search}
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="예: 홍길동, 20240101"
            aria-describedby={ids.count}
          />
        </div>
        <div className="w-36">
          <label htmlFor={ids.status} className="mb-1 block text-sm font-medium">
            상태
          </label>
          <Select
            id={ids.status}
            value={status}
            onChange={(e) => setStatus(e.target.value as StatusFilter)}
            options={STATUS_FILTERS.map((f) => ({ value: f.value, label: f.label }))}
          />
        </div>
      </div>
      <p id={ids.count} className="text-sm text-base-content/75" aria-live="polite" data-testid="results-count">
        {data.length === rows.length ? `${rows.length}명` : `${rows.length}명 중 ${data.length}명 표시`}
      </p>
      <DataTable
        wrapperClassName="rounded-box border border-base-300"
        region="학생별 결과 표 (가로로 스크롤)"
        className="table-sm"
        caption={
          <caption className="sr-only">학생별 채점 결과. 열 제목의 버튼으로 정렬하고, 완료된 답안은 이름을 눌러 리포트를 엽니다.</caption>
        }
        head={table.getHeaderGroups().map((group) => (
          <tr key={group.id}>
            {selection && (
              <th scope="col" className="w-8">
                <span className="sr-only">선택</span>
              </th>
            )}
            {group.headers.map((header) => {
              const sorted = header.column.getIsSorted();
              return (
                <th
                  key={header.id}
                  scope="col"
                  aria-sort={sorted ? ARIA_SORT[sorted] : "none"}
                  className={
                    header.column.id === "name" ? "sticky left-0 z-10 bg-base-100" : NUMERIC(header.column.id) ? "text-right" : undefined
                  }
                >
                  <SortButton column={header.column} label={String(header.column.columnDef.header)} />
                </th>
              );
            })}
          </tr>
        ))}
      >
        {visible.length === 0 ? (
          <tr>
            <td colSpan={columns.length + (selection ? 1 : 0)} className="py-6 text-center text-base-content/70">
              {rows.length === 0 ? "아직 제출된 답안이 없습니다" : "조건에 맞는 답안이 없습니다"}
            </td>
          </tr>
        ) : (
          visible.map((row) => {
            const r = row.original;
            const openable = r.status === "completed" && Boolean(onView);
            return (
              <tr
                key={row.id}
                data-testid="results-row"
                data-submission-id={r.id}
                className={openable ? "cursor-pointer hover:bg-base-200" : undefined}
                onClick={openable ? () => open(r) : undefined}
              >
                {selection && (
                  <td>
                    <RowCheckbox selection={selection} submission={r.submission} />
                  </td>
                )}
                <th scope="row" className="sticky left-0 bg-base-100 font-semibold">
                  {openable ? (
                    <a
                      href={reportHref?.(r.submission) ?? "#"}
                      className="link text-left link-primary"
                      title="리포트 보기"
                      onClick={(e) => {
                        e.stopPropagation();
                        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
                        e.preventDefault();
                        open(r);
                      }}
                    >
                      {r.name}
                    </a>
                  ) : (
                    r.name
                  )}
                </th>
                <td className="whitespace-nowrap">{r.studentId || "-"}</td>
                <td>
                  <Badge variant={r.submission.regrading ? "info" : STATUS_VARIANTS[r.status]} size="sm" className="whitespace-nowrap">
                    {r.submission.regrading ? M.regrade.status : STATUS_LABELS[r.status]}
                  </Badge>
                </td>
                <td className="text-right tabular-nums whitespace-nowrap" data-column="total">
                  {r.total === null ? "-" : `${r.total} / ${r.maxScore}`}
                </td>
                {categories.map((c) => (
                  <td key={c.name} className="text-right tabular-nums">
                    {scoreAgainstOwnMax(r, c)}
                  </td>
                ))}
              </tr>
            );
          })
        )}
      </DataTable>
    </div>
  );
}

/** A category score; with its own maximum when its result was graded under another rubric than the header's. */
function scoreAgainstOwnMax(r: ResultRow, c: ResultCategory): string | number {
  const score = r.scores[c.name];
  if (score === undefined) return "-";
  const own = r.submission.result?.categoryScores?.find((x) => x.name === c.name)?.maxScore;
  return own !== undefined && own !== c.maxScore ? `${score} / ${own}` : score;
}
