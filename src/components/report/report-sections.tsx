// The parts of a report, each drawn once for every view: on screen (plain sections), in print (ruled A4
// sections) and compact (the AI original, the landing's sample). Every text is untrusted (model,
// teacher or student) and rendered as text only.
import type { ReactNode } from "react";
import type { CategoryScore, ResultFeedback } from "@shared/grading.ts";
import { formatScore } from "@shared/format.ts";
import { REPORT_SECTIONS, reportFacts, type ReportDocument } from "@shared/report.ts";
import { BulletList } from "@/components/ui/bullet-list";
import { cn } from "@/components/ui/cn";
import { Progress } from "@/components/ui/progress";
import { formatReportDate, scoreSummary, type ScoreSummary } from "@/lib/report-format";

export type ReportLayout = "screen" | "print" | "compact";

/** A titled part of the report: a plain section on screen, a ruled section in print, a small heading when compact. */
export function ReportSection({
  title,
  layout,
  testId,
  avoidBreak = false,
  className,
  children,
}: {
  title: string;
  layout: ReportLayout;
  testId?: string;
  avoidBreak?: boolean;
  className?: string;
  children: ReactNode;
}) {
  if (layout === "screen") {
    return (
      <section className={cn("flex flex-col gap-4", className)} data-testid={testId}>
        <h3 className="text-lg font-semibold">{title}</h3>
        {children}
      </section>
    );
  }
  if (layout === "print") {
    return (
      <section className={cn("mt-5", avoidBreak && "print-avoid-break", className)} data-testid={testId}>
        <h3 className="mb-1.5 border-b border-base-300 pb-1 text-base font-bold">{title}</h3>
        {children}
      </section>
    );
  }
  return (
    <section className={className} data-testid={testId}>
      <h4 className="font-semibold">{title}</h4>
      {children}
    </section>
  );
}

/** A score's bar, coloured by its tier; `label` names it for screen readers (with the percent). */
export function ScoreBar({ score, max, summary, label }: { score: number; max: number; summary: ScoreSummary; label: string }) {
  return (
    <Progress
      value={score}
      max={max > 0 ? max : 1}
      variant={summary.style.progress}
      className={summary.style.bar}
      label={`${label} ${summary.percent}%`}
    />
  );
}

/**
 * The facts at the top (학생 이름, 수험번호, dates, review state): one list for every view and the TXT.
 * On screen the name and the review state are the header's own (big name, badge); the rest is one meta line.
 */
export function ReportFacts({ report, layout }: { report: ReportDocument; layout: ReportLayout }) {
  const facts = reportFacts(report, formatReportDate);
  if (layout === "print") {
    return (
      <dl className="mt-1 grid grid-cols-2 gap-x-6 text-sm" data-testid="report-facts">
        {facts.map((f) => (
          <div key={f.key} className="flex gap-2">
            <dt className="font-semibold">{f.label}</dt>
            <dd data-testid={`report-fact-${f.key}`}>{f.value}</dd>
          </div>
        ))}
      </dl>
    );
  }
  return (
    <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-base-content/75" data-testid="report-facts">
      {facts
        .filter((f) => f.key !== "name" && f.key !== "review")
        .map((f) => (
          <div key={f.key} className="flex gap-1.5">
            <dt>{f.label}</dt>
            <dd className="tabular-nums text-base-content" data-testid={`report-fact-${f.key}`}>
              {f.value}
            </dd>
          </div>
        ))}
    </dl>
  );
}

/** 총점 with its percent: big on screen, one bold line in print. */
export function ReportTotal({ score, max, layout }: { score: number; max: number; layout: ReportLayout }) {
  const total = scoreSummary(score, max);
  if (layout === "print") {
    return (
      <p className="mt-2 text-lg font-bold" data-testid="report-total">
        총점 {formatScore(score)}/{formatScore(max)}점 ({total.percent}%)
      </p>
    );
  }
  return (
    <p className="flex flex-wrap items-baseline gap-x-2" data-testid="report-total" data-tier={total.tier}>
      <span className="sr-only">총점</span>
      <span className={cn("text-4xl font-bold tabular-nums", total.style.text)}>{formatScore(score)}</span>
      <span className="text-lg font-semibold tabular-nums text-base-content/75">/{formatScore(max)}점</span>
      <span className="text-sm tabular-nums text-base-content/75">({total.percent}%)</span>
    </p>
  );
}

/** 항목별 점수: each category's points (a compact bar on screen) and, unless `showFeedback` is off, its feedback. */
export function CategoryScores({
  categories,
  layout,
  showFeedback = true,
}: {
  categories: CategoryScore[];
  layout: ReportLayout;
  showFeedback?: boolean;
}) {
  if (layout === "print") {
    return (
      <ul className={showFeedback ? "flex flex-col gap-2" : "flex flex-wrap gap-x-6 gap-y-1"}>
        {categories.map((c) => (
          <li key={c.name} className="print-avoid-break" data-testid="print-category">
            <p>
              <span className="font-semibold">{c.name}</span> {formatScore(c.score)}/{formatScore(c.maxScore)}점
            </p>
            {showFeedback && <p>{c.feedback}</p>}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul className="grid gap-2.5">
      {categories.map((c) => {
        const s = scoreSummary(c.score, c.maxScore);
        return (
          <li key={c.name} data-tier={s.tier}>
            <div className="grid grid-cols-[7rem_minmax(0,1fr)_auto] items-center gap-3 text-sm">
              <span className="font-medium">{c.name}</span>
              <ScoreBar score={c.score} max={c.maxScore} summary={s} label={c.name} />
              <span className="text-right tabular-nums">
                <span className={cn("font-semibold", s.style.text)}>{formatScore(c.score)}</span>
                <span className="text-base-content/75">/{formatScore(c.maxScore)}</span>
              </span>
            </div>
            {layout === "screen" && showFeedback && <p className="mt-1 text-sm text-base-content/80">{c.feedback}</p>}
          </li>
        );
      })}
    </ul>
  );
}

/** The suggestions, numbered. */
function Suggestions({ items, className }: { items: string[]; className?: string }) {
  if (items.length === 0) return <p className="text-base-content/75">(없음)</p>;
  return (
    <ol className={cn("list-decimal space-y-1 pl-5 marker:font-semibold marker:text-primary", className)}>
      {items.map((s, i) => (
        <li key={i}>{s}</li>
      ))}
    </ol>
  );
}

/** 우수한 점, 개선이 필요한 점, 종합 평가, 향후 개선 방안 (compact and print: one after another). */
export function FeedbackSections({ fields, layout }: { fields: ResultFeedback; layout: ReportLayout }) {
  const list = (items: string[]) => <BulletList items={items} className={layout === "compact" ? "text-sm" : "space-y-1"} />;
  return (
    <>
      <ReportSection title={REPORT_SECTIONS.strengths} layout={layout} avoidBreak>
        {list(fields.strengths)}
      </ReportSection>
      <ReportSection title={REPORT_SECTIONS.improvements} layout={layout} avoidBreak>
        {list(fields.improvementAreas)}
      </ReportSection>
      <ReportSection title={REPORT_SECTIONS.feedback} layout={layout}>
        <p className={cn("whitespace-pre-line", layout === "compact" && "text-sm")}>{fields.detailedFeedback || "(없음)"}</p>
      </ReportSection>
      <ReportSection title={REPORT_SECTIONS.suggestions} layout={layout} avoidBreak>
        <Suggestions items={fields.suggestions} className={layout === "compact" ? "text-sm" : undefined} />
      </ReportSection>
    </>
  );
}

/** One block of the grouped feedback: a small heading and its content, no box. */
function FeedbackBlock({ title, testId, print, children }: { title: string; testId: string; print: boolean; children: ReactNode }) {
  return (
    <div className={cn("flex min-w-0 flex-col gap-2", print && "print-avoid-break")} data-testid={testId}>
      <h4 className={print ? "text-sm font-bold" : "text-base font-semibold"}>{title}</h4>
      {children}
    </div>
  );
}

/**
 * The feedback as one section: 우수한 점 | 개선이 필요한 점, then 종합 평가 | 향후 개선 방안, then each
 * category's comment (항목별 평가). Two columns from 768 px and on paper, one on a phone.
 */
export function FeedbackGroup({ report, layout }: { report: ReportDocument; layout: "screen" | "print" }) {
  const print = layout === "print";
  return (
    <ReportSection title="피드백" layout={layout} testId="report-feedback-group">
      <div className={cn("grid gap-x-8", print ? "grid-cols-2 gap-y-4" : "gap-y-6 md:grid-cols-2")}>
        <FeedbackBlock title={REPORT_SECTIONS.strengths} testId="report-strengths" print={print}>
          <BulletList items={report.strengths} className="space-y-1 marker:text-success" emptyClassName="text-base-content/75" />
        </FeedbackBlock>
        <FeedbackBlock title={REPORT_SECTIONS.improvements} testId="report-improvements" print={print}>
          <BulletList items={report.improvementAreas} className="space-y-1 marker:text-error" emptyClassName="text-base-content/75" />
        </FeedbackBlock>
        <FeedbackBlock title={REPORT_SECTIONS.feedback} testId="report-feedback" print={print}>
          <p className="whitespace-pre-line leading-relaxed">{report.detailedFeedback || "(없음)"}</p>
        </FeedbackBlock>
        <FeedbackBlock title={REPORT_SECTIONS.suggestions} testId="report-suggestions" print={print}>
          <Suggestions items={report.suggestions} />
        </FeedbackBlock>
        {report.categories.length > 0 && (
          <div className={print ? "col-span-2" : "md:col-span-2"}>
            <FeedbackBlock title="항목별 평가" testId="report-category-feedback" print={print}>
              <dl className="grid gap-3">
                {report.categories.map((c) => (
                  <div key={c.name} className={cn("grid gap-1", !print && "sm:grid-cols-[11rem_minmax(0,1fr)] sm:gap-4")}>
                    <dt className="font-semibold">
                      {c.name}{" "}
                      <span className="text-sm font-normal tabular-nums text-base-content/75">
                        {formatScore(c.score)}/{formatScore(c.maxScore)}
                      </span>
                    </dt>
                    <dd className="text-base-content/85">{c.feedback || "(없음)"}</dd>
                  </div>
                ))}
              </dl>
            </FeedbackBlock>
          </div>
        )}
      </div>
    </ReportSection>
  );
}
