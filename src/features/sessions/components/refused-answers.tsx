// Answers the server refused at upload (e.g. a batch file under the 100-character minimum): each
// student stays listed with the reason until the teacher closes it (닫기), so nobody vanishes
// from the class without a record.
import { X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Section } from "@/components/ui/section";
import { useDismissRefusedAnswer, useRefusedAnswers, type RefusedAnswer } from "@/features/sessions/api/refused-answers";

const who = (r: RefusedAnswer) => [r.studentName, r.studentId].filter(Boolean).join(" · ") || r.filename || "이름 없는 답안";

export function RefusedAnswers({ sessionId }: { sessionId: string }) {
  const { data } = useRefusedAnswers(sessionId);
  const dismiss = useDismissRefusedAnswer(sessionId);
  if (!data || data.length === 0) return null;
  return (
    <Section
      title="제출되지 않은 답안"
      heading="h3"
      description="아래 답안은 서버가 받지 않아 채점되지 않았습니다. 사유를 확인해 고친 뒤 다시 올려 주세요."
      testId="refused-answers"
    >
      <ul className="divide-y divide-base-300 rounded-box border border-warning/60" aria-label="제출되지 않은 답안 목록">
        {data.map((r) => (
          <li key={r.id} className="flex items-start gap-2 px-4 py-3" data-testid="refused-answer">
            <div className="min-w-0 flex-1 space-y-1">
              <p className="text-sm font-semibold break-words">{who(r)}</p>
              {r.filename && <p className="text-xs text-base-content/75 break-all">{r.filename}</p>}
              <p className="text-sm">{r.reason}</p>
            </div>
            <Button
              size="xs"
              variant="ghost"
              className="shrink-0"
              aria-label={`${who(r)} 안내 닫기`}
              loading={dismiss.isPending && dismiss.variables === r.id}
              onClick={() => dismiss.mutate(r.id)}
            >
              <X className="size-3.5" aria-hidden="true" />
              닫기
            </Button>
          </li>
        ))}
      </ul>
    </Section>
  );
}
