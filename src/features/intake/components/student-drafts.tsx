// 수정본 비교 on the teacher's student page: for one assignment, the student's drafts handed in through the
// link and, per pair, the score change per category, which 첨삭 marks of the earlier draft were addressed,
// and the sentences added and removed.
import { useState } from "react";
import type { DraftComparison } from "@shared/draft-changes.ts";
import { formatScore } from "@shared/format.ts";
import { Badge } from "@/components/ui/badge";
import { Label } from "@/components/ui/label";
import { Section } from "@/components/ui/section";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/components/ui/cn";
import { useStudentDrafts } from "@/features/intake/api/teacher";
import { DRAFTS_TEXT as T } from "@/features/intake/messages";
import { DraftList } from "@/features/intake/components/draft-list";

const signed = (n: number | null) => (n === null ? "–" : n > 0 ? `+${formatScore(n)}` : n < 0 ? `−${formatScore(-n)}` : "0");
const changeClass = (n: number | null) => (n === null || n === 0 ? "" : n > 0 ? "text-success" : "text-error");

function ScoreTable({ c }: { c: DraftComparison }) {
  const rows = [...c.categories.map((r) => ({ ...r, key: r.name })), { key: "__total", name: T.total, ...c.total, maxScore: null }];
  return (
    <table className="table table-sm w-full" data-testid="drafts-scores">
      <thead>
        <tr>
          <th scope="col">{T.columns.category}</th>
          <th scope="col" className="text-right">
            {T.columns.before}
          </th>
          <th scope="col" className="text-right">
            {T.columns.after}
          </th>
          <th scope="col" className="text-right">
            {T.columns.change}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key} className={cn(r.key === "__total" && "font-semibold")}>
            <th scope="row" className="font-normal">
              {r.name}
            </th>
            <td className="text-right tabular-nums">{r.before === null ? T.notGraded : formatScore(r.before)}</td>
            <td className="text-right tabular-nums">{r.after === null ? T.notGraded : formatScore(r.after)}</td>
            <td className={cn("text-right tabular-nums", changeClass(r.change))}>{signed(r.change)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function MarksOutcome({ c }: { c: DraftComparison }) {
  const done = c.marks.filter((m) => m.addressed).length;
  return (
    <div className="space-y-2" data-testid="drafts-marks">
      <h4 className="text-sm font-semibold">
        {T.marks} <span className="font-normal text-base-content/75">{c.marks.length > 0 && T.marksSummary(done, c.marks.length)}</span>
      </h4>
      {c.marks.length === 0 && <p className="text-sm text-base-content/75">{T.noMarks}</p>}
      <ul className="space-y-1">
        {c.marks.map((m, i) => (
          <li key={i} className="flex items-start gap-2 text-sm">
            <Badge size="sm" className="shrink-0" variant={m.addressed ? "success" : "outline"}>
              {m.addressed ? T.addressed : T.open}
            </Badge>
            <div>
              <p>“{m.quote}”</p>
              <p className="text-base-content/75">{m.comment}</p>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

function SentenceDiff({ c }: { c: DraftComparison }) {
  return (
    <div className="space-y-2" data-testid="drafts-diff">
      <h4 className="text-sm font-semibold">{T.sentences}</h4>
      <ol className="space-y-1 text-sm">
        {c.sentences.map((part, i) =>
          part.kind === "same" ? (
            <li key={i} className="text-base-content/75">
              … {T.same(part.sentences.length)} …
            </li>
          ) : (
            part.sentences.map((s, j) => (
              <li
                key={`${i}-${j}`}
                className={cn("rounded px-2 py-1", part.kind === "added" ? "bg-success/10" : "bg-error/10 line-through")}
                data-kind={part.kind}
              >
                <span className="sr-only">{part.kind === "added" ? T.added : T.removed}: </span>
                <span aria-hidden="true">{part.kind === "added" ? "+ " : "− "}</span>
                {s}
              </li>
            ))
          ),
        )}
      </ol>
    </div>
  );
}

export function StudentDraftsSection({ studentId, assignments }: { studentId: string; assignments: { id: string; title: string }[] }) {
  const [sessionId, setSessionId] = useState<string | null>(assignments.at(-1)?.id ?? null);
  const q = useStudentDrafts(studentId, sessionId);
  if (assignments.length === 0) return null;
  const drafts = q.data?.drafts ?? [];
  return (
    <Section title={T.title} description={T.description} testId="student-drafts">
      {assignments.length > 1 && (
        <div className="flex items-center gap-2">
          <Label htmlFor="drafts-assignment" className="mb-0">
            {T.assignment}
          </Label>
          <select
            id="drafts-assignment"
            className="select select-sm w-auto"
            value={sessionId ?? ""}
            onChange={(e) => setSessionId(e.target.value)}
          >
            {assignments.map((a) => (
              <option key={a.id} value={a.id}>
                {a.title}
              </option>
            ))}
          </select>
        </div>
      )}
      {q.isPending && <Spinner />}
      {q.data && drafts.length === 0 && <p className="text-sm text-base-content/75">{T.none}</p>}
      {q.data && sessionId && drafts.length > 0 && <DraftList studentId={studentId} sessionId={sessionId} drafts={drafts} />}
      {q.data && drafts.length === 1 && <p className="text-sm text-base-content/75">{T.one}</p>}
      {q.data?.comparisons.map((c) => (
        <div key={`${c.from}-${c.to}`} className="space-y-4 border-t border-base-300 pt-4" data-testid="drafts-comparison">
          <h3 className="flex flex-wrap items-center gap-2 text-base font-semibold">
            {T.pair(c.from, c.to)}
            {drafts.find((d) => d.draftNumber === c.to)?.hidden && <Badge size="sm">{T.hidden}</Badge>}
          </h3>
          <div className="grid gap-6 lg:grid-cols-2">
            <ScoreTable c={c} />
            <MarksOutcome c={c} />
          </div>
          <SentenceDiff c={c} />
        </div>
      ))}
    </Section>
  );
}
