import { useState, type ChangeEvent } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardDescription, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { ApiError } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { TOAST } from "@shared/messages.ts";
import type { AnalysisSession } from "@shared/types.ts";
import {
  formatKb,
  isAcceptedFilename,
  MAX_FILE_SIZE_BYTES,
  SETUP_ACCEPT,
  SETUP_EXTENSIONS,
  typesLabel,
  uploadMessages,
} from "@shared/upload-rules.ts";
import { useCreateSession } from "@/features/workspace/api/create-session";

export interface SetupTabProps {
  session: AnalysisSession | null;
  onCreated: (session: AnalysisSession) => void;
  onNext: () => void;
  onUsageExceeded: (error: ApiError) => void;
}

function FilePicker({ id, label, file, onChange }: { id: string; label: string; file: File | null; onChange: (f: File | null) => void }) {
  const handle = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    event.target.value = "";
    if (!chosen) return;
    if (!isAcceptedFilename(chosen.name, SETUP_EXTENSIONS)) {
      notify({ title: TOAST.files.wrongTypeTitle, description: TOAST.files.wrongType(typesLabel(SETUP_EXTENSIONS)), variant: "destructive" });
      return;
    }
    if (chosen.size > MAX_FILE_SIZE_BYTES) {
      notify({ title: "파일 크기 안내", description: uploadMessages.tooLargeNamed(chosen.name), variant: "destructive" });
      return;
    }
    onChange(chosen);
    notify({ title: TOAST.files.uploadedTitle, description: TOAST.files.uploaded(chosen.name) });
  };
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <input id={id} type="file" accept={SETUP_ACCEPT} className="file-input w-full" onChange={handle} />
      {file && <p className="mt-1 text-xs text-base-content/60">선택됨: {file.name}</p>}
    </div>
  );
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
          <FilePicker id="prompt-file" label="논술 문제(필수)" file={promptFile} onChange={setPromptFile} />
          <FilePicker id="criteria-file" label="평가 기준(선택)" file={criteriaFile} onChange={setCriteriaFile} />
        </div>
        {listed.length > 0 && (
          <div role="note" className="alert alert-info alert-soft flex-col items-start" aria-label="업로드된 파일">
            <p className="font-semibold">업로드된 파일</p>
            <ul className="text-sm">
              {listed.map((f) => (
                <li key={f.role}>
                  {f.role}: {f.name}
                  {f.size >= 0 && ` (${formatKb(f.size)})`}
                </li>
              ))}
            </ul>
          </div>
        )}
        <div className="flex justify-end">
          <Button onClick={submit} disabled={busy || (!promptFile && !session)} loading={busy}>
            {busy ? "처리 중..." : "다음 단계"}
          </Button>
        </div>
      </CardBody>
    </Card>
  );
}
