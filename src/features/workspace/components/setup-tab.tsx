import { useState } from "react";
import { Info } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardDescription, CardTitle } from "@/components/ui/card";
import { ApiError } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { TOAST } from "@shared/messages.ts";
import type { AnalysisSession } from "@shared/types.ts";
import { formatKb } from "@shared/upload-rules.ts";
import { useCreateSession } from "@/features/workspace/api/create-session";
import { SetupFilePicker } from "@/features/workspace/components/setup-file-picker";

export interface SetupTabProps {
  session: AnalysisSession | null;
  onCreated: (session: AnalysisSession) => void;
  onNext: () => void;
  onUsageExceeded: (error: ApiError) => void;
}

export function SetupTab({ session, onCreated, onNext, onUsageExceeded }: SetupTabProps) {
  const [promptFile, setPromptFile] = useState<File | null>(null);
  const [criteriaFile, setCriteriaFile] = useState<File | null>(null);
  const createSession = useCreateSession();
  const busy = createSession.isPending;

  const submit = () => {
    if (!promptFile) {
      if (session) onNext();
      return;
    }
    createSession.mutate(
      { promptFile, criteriaFile },
      {
        onSuccess: (created) => {
          notify({
            title: TOAST.sessions.createdTitle,
            description: created.criteriaFilename
              ? "논술 문제와 평가 기준이 설정되었습니다. 이제 답안을 제출하세요."
              : "논술 문제가 설정되었습니다. 이제 답안을 제출하세요.",
          });
          setPromptFile(null);
          setCriteriaFile(null);
          onCreated(created);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.usageExceeded) {
            notify({ title: TOAST.sessions.usageExceededTitle, description: TOAST.sessions.usageExceeded });
            onUsageExceeded(error);
          } else if (error instanceof ApiError && error.requiresCaptcha) {
            notify({ title: TOAST.sessions.captchaTitle, description: TOAST.sessions.captcha });
          } else {
            notify({
              title: TOAST.sessions.createFailTitle,
              description: error.message || TOAST.sessions.createFailDefault,
            });
          }
        },
      },
    );
  };

  const listed: { role: string; name: string; size: number }[] = [];
  if (promptFile) listed.push({ role: "논술 문제", name: promptFile.name, size: promptFile.size });
  else if (session?.promptFilename) listed.push({ role: "논술 문제", name: session.promptFilename, size: -1 });
  if (criteriaFile) listed.push({ role: "평가 기준", name: criteriaFile.name, size: criteriaFile.size });
  else if (!promptFile && session?.criteriaFilename) listed.push({ role: "평가 기준", name: session.criteriaFilename, size: -1 });

  return (
    <Card>
      <CardBody className="gap-4">
        <div>
          <CardTitle>평가 기준 설정</CardTitle>
          <CardDescription>논술 문제와 평가 기준 파일을 업로드하세요. (TXT, DOCX, PDF, JPG, PNG)</CardDescription>
        </div>
        <div className="grid gap-4 md:grid-cols-2">
          <SetupFilePicker
            id="prompt-file"
            label="논술 문제(필수)"
            subject="논술 문제"
            file={promptFile}
            disabled={busy}
            onChange={setPromptFile}
          />
          <SetupFilePicker
            id="criteria-file"
            label="평가 기준(선택)"
            subject="평가 기준"
            file={criteriaFile}
            disabled={busy}
            onChange={setCriteriaFile}
          />
        </div>
        {listed.length > 0 && (
          <div
            role="note"
            className="flex gap-3 rounded-box border border-info/30 bg-info/10 p-4 text-sm"
            aria-label="업로드된 파일"
          >
            <Info className="mt-0.5 size-5 shrink-0 text-info" aria-hidden="true" />
            <div className="min-w-0">
              <p className="font-semibold">업로드된 파일</p>
              <ul className="mt-1 space-y-0.5 text-base-content/80">
                {listed.map((f) => (
                  <li key={f.role} className="break-all">
                    {f.role}: {f.name}
                    {f.size >= 0 && ` (${formatKb(f.size)})`}
                  </li>
                ))}
              </ul>
            </div>
          </div>
        )}
        <div className="flex justify-end border-t border-base-300 pt-4">
          <Button className="w-full sm:w-auto" onClick={submit} disabled={busy || (!promptFile && !session)} loading={busy}>
            {busy ? "처리 중..." : "다음 단계"}
          </Button>
        </div>
      </CardBody>
    </Card>
  );
}
