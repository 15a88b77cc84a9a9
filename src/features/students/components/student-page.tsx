// /students/:id: one student over the term — who (name, 수험번호, classes), the growth (trends in
// words, a chart of total % and each category %, and the same numbers as a table), each assignment's
// result linking to its report, the frequent 첨삭 marks and the teacher's notes; 성장 리포트 인쇄
// prints the A4 학생 성장 리포트 (growth-print.tsx).
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { Printer } from "lucide-react";
import { formatScore, formatSeoulDateOr } from "@shared/format.ts";
import type { StudentHistory } from "@shared/growth.ts";
import { paths } from "@/config/paths";
import { ApiError } from "@/lib/api-client";
import { PercentLines } from "@/components/charts/percent-lines";
import { PrintPortal, usePrintJob } from "@/components/report/print-portal";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState, Section, Toolbar } from "@/components/ui/section";
import { Skeleton } from "@/components/ui/skeleton";
import { useStudentHistory } from "@/features/students/api/get-student-history";
import { chartSummary, GrowthTable, growthSeries } from "@/features/students/components/growth-table";
import { GrowthPrint } from "@/features/students/components/growth-print";
import { STUDENT_MESSAGES as M } from "@/features/students/messages";

const PAGE = "mx-auto w-full max-w-5xl space-y-8 px-4 py-8";

/** What another feature adds below the results (composed by the route), e.g. the drafts of a revision. */
export type StudentPageExtra = (history: StudentHistory) => ReactNode;

export function StudentPage({ id, extra }: { id: string; extra?: StudentPageExtra }) {
  const query = useStudentHistory(id);
  if (query.isPending) {
    return (
      <div className={PAGE} data-testid="student-loading">
        <h1 className="sr-only">학생</h1>
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-64 w-full" />
        <Skeleton className="h-32 w-full" />
      </div>
    );
  }
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div className={PAGE}>
        <h1 className="text-2xl font-semibold">{missing ? M.notFound : "학생"}</h1>
        {!missing && (
          <div role="alert" className="alert alert-error alert-soft flex flex-wrap justify-between gap-2">
            <span>{M.loadError}</span>
            <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
              {M.retry}
            </Button>
          </div>
        )}
      </div>
    );
  }
  return <StudentGrowthView history={query.data} extra={extra} />;
}

function Trends({ trends }: { trends: string[] }) {
  if (trends.length === 0) return <p className="text-sm text-base-content/75">{M.noTrend}</p>;
  return (
    <ul aria-label={M.trendsLabel} className="flex flex-wrap gap-2" data-testid="growth-trends">
      {trends.map((t) => (
        <li key={t} className="rounded-box bg-base-200 px-3 py-1 text-sm font-medium">
          {t}
        </li>
      ))}
    </ul>
  );
}

function ResultsList({ history }: { history: StudentHistory }) {
  if (history.results.length === 0) return <EmptyState title={M.resultsEmpty}>{M.resultsEmptyHint}</EmptyState>;
  return (
    <ol className="divide-y divide-base-300" data-testid="student-results">
      {history.results.map((r, i) => (
        <li key={r.submissionId} className="flex flex-col gap-1 py-3">
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
            <Link
              to={paths.sessionReport.getHref(r.sessionId, r.submissionId)}
              className="link link-hover text-primary font-medium"
              aria-label={M.openReport(r.sessionTitle)}
            >
              {r.sessionTitle}
            </Link>
            <span className="tabular-nums text-sm">
              {formatScore(r.total)}/{formatScore(r.max)}점 <span className="text-base-content/75">({r.percent}%)</span>
            </span>
          </div>
          <div className="flex flex-wrap items-center gap-2 text-sm text-base-content/75">
            <span className="tabular-nums">
              {M.round(i + 1)} · {formatSeoulDateOr(r.sessionDate, "date", "-")}
            </span>
            <Badge variant={r.reviewed ? "success" : "ghost"} size="sm">
              {r.reviewed ? M.reviewed : M.notReviewed}
            </Badge>
          </div>
          {r.comment && (
            <p className="line-clamp-3 text-sm whitespace-pre-wrap">
              <span className="sr-only">{M.comment}: </span>
              {r.comment}
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}

function Marks({ history }: { history: StudentHistory }) {
  if (history.markKinds.length === 0) return <p className="text-sm text-base-content/75">{M.marksEmpty}</p>;
  return (
    <div className="grid gap-6 sm:grid-cols-2">
      <div className="space-y-2">
        <h3 className="text-base font-semibold">{M.marksKindsLabel}</h3>
        <ul className="space-y-1 text-sm" data-testid="mark-kinds">
          {history.markKinds.map((k) => (
            <li key={k.kind} className="flex justify-between gap-4">
              <span>{k.kind}</span>
              <span className="tabular-nums">{M.times(k.count)}</span>
            </li>
          ))}
        </ul>
      </div>
      <div className="space-y-2">
        <h3 className="text-base font-semibold">{M.marksTopicsLabel}</h3>
        <ul className="space-y-1 text-sm" data-testid="mark-topics">
          {history.markTopics.map((t) => (
            <li key={`${t.kind}/${t.category}`} className="flex justify-between gap-4">
              <span>
                {t.kind} · {t.category}
              </span>
              <span className="tabular-nums">{M.times(t.count)}</span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

export function StudentGrowthView({ history, extra }: { history: StudentHistory; extra?: StudentPageExtra }) {
  const job = usePrintJob({ onBrowserPrint: true });
  const { student, results } = history;
  return (
    <div className={PAGE} data-testid="student-page">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="space-y-1">
          <h1 className="text-2xl font-semibold">{student.name}</h1>
          <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-base-content/75">
            <div className="flex gap-1.5">
              <dt>{M.examNumber}</dt>
              <dd className="tabular-nums text-base-content" data-testid="student-exam-number">
                {student.examNumber}
              </dd>
            </div>
            <div className="flex gap-1.5">
              <dt>{M.classes}</dt>
              <dd className="text-base-content" data-testid="student-classes">
                {student.classes.length > 0
                  ? student.classes.map((c, i) => (
                      <span key={c.id}>
                        {i > 0 && ", "}
                        <Link to={paths.classDetail.getHref(c.id)} className="link link-primary">
                          {c.seatNumber ? `${c.name} ${c.seatNumber}번` : c.name}
                        </Link>
                      </span>
                    ))
                  : M.noClass}
              </dd>
            </div>
          </dl>
        </div>
        <Toolbar>
          <Button variant="outline" size="sm" onClick={job.start} disabled={results.length === 0}>
            <Printer className="size-4" aria-hidden="true" />
            {M.print}
          </Button>
        </Toolbar>
      </header>

      <Section title={M.growth} description={M.growthDescription} testId="student-growth">
        {results.length === 0 ? (
          <EmptyState title={M.resultsEmpty}>{M.resultsEmptyHint}</EmptyState>
        ) : (
          <div className="space-y-4">
            <Trends trends={history.trends} />
            {results.length > 1 && (
              <PercentLines
                title={M.chartTitle}
                summary={chartSummary(history)}
                labels={results.map((_, i) => M.round(i + 1))}
                series={growthSeries(history)}
                testId="growth-chart"
              />
            )}
            <GrowthTable history={history} />
          </div>
        )}
      </Section>

      <Section title={M.results}>
        <ResultsList history={history} />
      </Section>

      {extra?.(history)}

      <Section title={M.marks}>
        <Marks history={history} />
      </Section>

      <Section title={M.notes}>
        {student.notes.trim() ? (
          <p className="text-sm whitespace-pre-wrap" data-testid="student-notes">
            {student.notes}
          </p>
        ) : (
          <p className="text-sm text-base-content/75">{M.notesEmpty}</p>
        )}
      </Section>

      {job.printing && (
        <PrintPortal label={M.printLabel}>
          <GrowthPrint history={history} />
        </PrintPortal>
      )}
    </div>
  );
}
