// The parts of a report, each drawn once for every view: on screen (cards), in print (ruled A4
// sections) and compact (the AI original, the landing's sample). Every text is untrusted (model,
// teacher or student) and rendered as text only.
import type { ReactNode } from "react";
import type { CategoryScore, ResultFeedback } from "@shared/grading.ts";
import { REPORT_SECTIONS, reportFacts, type ReportDocument } from "@shared/report.ts";
import { BulletList } from "@/components/ui/bullet-list";
import { cn } from "@/components/ui/cn";
import { Progress } from "@/components/ui/progress";
import { SectionCard } from "@/components/ui/card";
import { formatReportDate, formatScore, scoreSummary, type ScoreSummary } from "@/lib/report-format";

export type ReportLayout = "screen" | "print" | "compact";

/** A titled part of the report: a card on screen, a ruled section in print, a small heading when compact. */
export function ReportSection({
  title,
  layout,
  testId,
  avoidBreak = false,
  children,
}: {
  title: string;
  layout: ReportLayout;
  testId?: string;
  avoidBreak?: boolean;
  children: ReactNode;
}) {
  if (layout === "screen") {
    return (
      <SectionCard title={title} heading="h3" testId={testId}>
        {children}
      </SectionCard>
    );
  }
  if (layout === "print") {
    return (
      <section className={cn("mt-5", avoidBreak && "print-avoid-break")} data-testid={testId}>
        <h3 className="mb-1.5 border-b border-base-300 pb-1 text-base font-bold">{title}</h3>
        {children}
      </section>
    );
  }
  return (
    <section data-testid={testId}>
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

/** The facts at the top (학생 이름, 수험번호, dates, review state): one list for every view and the TXT. */
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
    <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="report-facts">
      {facts.map((f) => (
        <div key={f.key} className="flex flex-col gap-1">
          <dt className="text-sm text-base-content/70">{f.label}</dt>
          <dd className="font-medium" data-testid={`report-fact-${f.key}`}>
            {f.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** 총점 with its percent and (except in print) its bar. */
export function ReportTotal({ score, max, layout }: { score: number; max: number; layout: ReportLayout }) {
  const total = scoreSummary(score, max);
  const text = `${formatScore(score)}/${formatScore(max)}점`;
  if (layout === "print") {
    return (
      <p className="mt-2 text-lg font-bold" data-testid="report-total">
        총점 {text} ({total.percent}%)
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-2" data-testid="report-total" data-tier={total.tier}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="text-sm text-base-content/70">총점</span>
        <span className={`text-3xl font-bold ${total.style.text}`}>
          {text} <span className="text-lg font-semibold">({total.percent}%)</span>
        </span>
      </div>
      <ScoreBar score={score} max={max} summary={total} label="총점" />
    </div>
  );
}

/** 항목별 점수: each category's points (a bar on screen) and its feedback. */
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
      <ul className="flex flex-col gap-2">
        {categories.map((c) => (
          <li key={c.name} className="print-avoid-break" data-testid="print-category">
            <p className="font-semibold">
              {c.name} — {formatScore(c.score)}/{formatScore(c.maxScore)}점
            </p>
            {showFeedback && <p>{c.feedback}</p>}
          </li>
        ))}
      </ul>
    );
  }
  const compact = layout === "compact";
  return (
    <ul className={compact ? "grid gap-2.5" : "flex flex-col gap-5"}>
      {categories.map((c) => {
        const s = scoreSummary(c.score, c.maxScore);
        return (
          <li
            key={c.name}
            className={compact ? "grid grid-cols-[6.5rem_1fr_auto] items-center gap-3 text-sm" : "flex flex-col gap-2"}
            data-tier={s.tier}
          >
            {compact ? (
              <>
                <span className="font-medium">{c.name}</span>
                <ScoreBar score={c.score} max={c.maxScore} summary={s} label={c.name} />
                <span className="tabular-nums text-base-content/80">
                  {formatScore(c.score)}/{formatScore(c.maxScore)}
                </span>
              </>
            ) : (
              <>
                <div className="flex items-baseline justify-between gap-2">
                  <span className="font-medium">{c.name}</span>
                  <span className={`font-semibold ${s.style.text}`}>
                    {formatScore(c.score)}/{formatScore(c.maxScore)}
                  </span>
                </div>
                <ScoreBar score={c.score} max={c.maxScore} summary={s} label={c.name} />
                {showFeedback && <p className="text-sm text-base-content/80">{c.feedback}</p>}
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** 우수한 점, 개선이 필요한 점, 종합 평가, 향후 개선 방안. */
export function FeedbackSections({ fields, layout }: { fields: ResultFeedback; layout: ReportLayout }) {
  const list = (items: string[]) => (
    <BulletList
      items={items}
      className={layout === "compact" ? "text-sm" : "space-y-1"}
      emptyClassName={layout === "print" ? undefined : "text-base-content/70"}
    />
  );
  const id = (name: string) => (layout === "screen" ? `report-${name}` : undefined);
  return (
    <>
      <ReportSection title={REPORT_SECTIONS.strengths} layout={layout} testId={id("strengths")} avoidBreak>
        {list(fields.strengths)}
      </ReportSection>
      <ReportSection title={REPORT_SECTIONS.improvements} layout={layout} testId={id("improvements")} avoidBreak>
        {list(fields.improvementAreas)}
      </ReportSection>
      <ReportSection title={REPORT_SECTIONS.feedback} layout={layout} testId={id("feedback")}>
        <p className={cn("whitespace-pre-line", layout === "screen" && "leading-relaxed", layout === "compact" && "text-sm")}>
          {fields.detailedFeedback || "(없음)"}
        </p>
      </ReportSection>
      <ReportSection title={REPORT_SECTIONS.suggestions} layout={layout} testId={id("suggestions")} avoidBreak>
        {layout === "screen" ? (
          fields.suggestions.length === 0 ? (
            <p className="text-base-content/70">(없음)</p>
          ) : (
            <ol className="flex flex-col gap-2">
              {fields.suggestions.map((suggestion, i) => (
                <li key={i} className="flex gap-3">
                  <span className="badge badge-primary badge-sm mt-0.5 shrink-0">{i + 1}</span>
                  <span>{suggestion}</span>
                </li>
              ))}
            </ol>
          )
        ) : fields.suggestions.length === 0 ? (
          <p>(없음)</p>
        ) : (
          <ol className={cn("list-decimal pl-5", layout === "compact" && "text-sm")}>
            {fields.suggestions.map((s, i) => (
              <li key={i}>{s}</li>
            ))}
          </ol>
        )}
      </ReportSection>
    </>
  );
}
