// The student's read-only view of one reviewed report, opened from a link without an account.
// Every text is untrusted (model, teacher or student): rendered as text only.
import { AlertTriangle, CheckCircle2, FileText, Printer } from "lucide-react";
import type { ReactNode } from "react";
import { SHARE_NOT_FOUND, type SharedReport } from "@shared/review.ts";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { BulletList } from "@/components/ui/bullet-list";
import { Card, CardBody, SectionCard } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api-client";
import { useSharedReport } from "@/features/shared-report/api/get-shared-report";
import { formatReportDate, formatScore, scoreSummary } from "@/lib/report-format";
import { REPORT_SECTIONS } from "@shared/report-sections.ts";

function Items({ items }: { items: string[] }) {
  return <BulletList items={items} className="space-y-1" emptyClassName="text-base-content/70" />;
}

function AnnotatedAnswer({ report }: { report: SharedReport }) {
  const parts: ReactNode[] = [];
  let at = 0;
  report.annotations.forEach((a, i) => {
    if (a.start > at) parts.push(report.answer.slice(at, a.start));
    parts.push(
      <mark key={i} className="rounded bg-warning/30">
        {report.answer.slice(a.start, a.end)}
        <sup className="ml-0.5 font-semibold">{i + 1}</sup>
      </mark>,
    );
    at = a.end;
  });
  if (at < report.answer.length) parts.push(report.answer.slice(at));
  return (
    <div className="flex flex-col gap-4">
      <div className="whitespace-pre-wrap leading-relaxed">{parts}</div>
      {report.annotations.length > 0 && (
        <ol className="flex flex-col gap-2 text-sm">
          {report.annotations.map((a, i) => (
            <li key={i} className="rounded border border-base-300 p-2">
              <span className="font-semibold">
                {i + 1}. [{a.kind} · {a.category}]
              </span>{" "}
              {a.comment}
              {a.rewrite && <p className="text-base-content/70">고쳐 쓰기: {a.rewrite}</p>}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

export function SharedReportView({ token }: { token: string }) {
  const q = useSharedReport(token);
  if (q.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner size="lg" label="리포트를 불러오는 중..." />
      </div>
    );
  }
  if (q.isError) {
    const gone = q.error instanceof ApiError && q.error.status === 404;
    return (
      <section className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center" data-testid="shared-report-error">
        {gone && <p className="text-6xl font-black text-primary/80">404</p>}
        <AlertTriangle className="size-8 text-warning" aria-hidden="true" />
        <h1 className="text-xl font-bold">{gone ? SHARE_NOT_FOUND : q.error.message || "리포트를 불러오지 못했습니다."}</h1>
        {gone && <p className="text-base-content/70">선생님께 새 링크를 요청해 주세요.</p>}
      </section>
    );
  }
  const r = q.data;
  const total = scoreSummary(r.overallScore, r.maxScore);
  return (
    <article className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8" data-testid="shared-report">
      <Card>
        <CardBody className="flex flex-row flex-wrap items-center justify-between gap-3">
          <div className="flex items-center gap-3">
            <FileText className="size-7 text-primary" aria-hidden="true" />
            <h1 className="text-2xl font-bold">논술 첨삭 리포트</h1>
          </div>
          <div className="flex items-center gap-2">
            <Badge variant="success">
              <CheckCircle2 className="size-3" aria-hidden="true" />
              선생님 검토 완료
            </Badge>
            <Button variant="ghost" size="sm" className="print:hidden" onClick={() => window.print()}>
              <Printer className="size-4" aria-hidden="true" />
              인쇄
            </Button>
          </div>
        </CardBody>
      </Card>
      <Card>
        <CardBody className="gap-4">
          <div className="grid gap-4 sm:grid-cols-3">
            <div>
              <span className="text-sm text-base-content/70">학생 이름</span>
              <p className="font-medium">{r.studentInfo.name || "-"}</p>
            </div>
            <div>
              <span className="text-sm text-base-content/70">제출일</span>
              <p className="font-medium">{formatReportDate(r.submittedAt)}</p>
            </div>
            <div>
              <span className="text-sm text-base-content/70">검토일</span>
              <p className="font-medium">{formatReportDate(r.reviewedAt)}</p>
            </div>
          </div>
          <div className="flex flex-wrap items-baseline justify-between gap-2 border-t border-base-300 pt-4" data-testid="shared-total">
            <span className="text-sm text-base-content/70">총점</span>
            <span className={`text-3xl font-bold ${total.style.text}`}>
              {formatScore(r.overallScore)}/{formatScore(r.maxScore)}점 <span className="text-lg">({total.percent}%)</span>
            </span>
          </div>
          <Progress value={r.overallScore} max={r.maxScore > 0 ? r.maxScore : 1} variant={total.style.progress} label={`총점 ${total.percent}%`} />
        </CardBody>
      </Card>
      <SectionCard title="항목별 점수" testId="shared-categories">
        <ul className="flex flex-col gap-4">
          {r.categories.map((c) => (
            <li key={c.name} className="flex flex-col gap-1">
              <div className="flex justify-between">
                <span className="font-medium">{c.name}</span>
                <span className="font-semibold">
                  {formatScore(c.score)}/{formatScore(c.maxScore)}
                </span>
              </div>
              <p className="text-sm text-base-content/80">{c.feedback}</p>
            </li>
          ))}
        </ul>
      </SectionCard>
      <SectionCard title="우수한 점">
        <Items items={r.strengths} />
      </SectionCard>
      <SectionCard title="개선이 필요한 점">
        <Items items={r.improvementAreas} />
      </SectionCard>
      <SectionCard title={REPORT_SECTIONS.feedback}>
        <p className="whitespace-pre-line leading-relaxed">{r.detailedFeedback || "(없음)"}</p>
      </SectionCard>
      <SectionCard title="향후 개선 방안">
        <Items items={r.suggestions} />
      </SectionCard>
      {r.question && (
        <SectionCard title="문제">
          <p className="whitespace-pre-line">{r.question}</p>
        </SectionCard>
      )}
      <SectionCard title="내 답안과 첨삭" testId="shared-answer">
        <AnnotatedAnswer report={r} />
      </SectionCard>
      <p className="text-center text-sm text-base-content/70">이 링크는 {formatReportDate(r.expiresAt)}까지 열 수 있습니다.</p>
    </article>
  );
}
