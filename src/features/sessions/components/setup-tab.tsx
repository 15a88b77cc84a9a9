import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Section } from "@/components/ui/section";
import { notify } from "@/lib/notify";
import type { AnalysisSession } from "@shared/types.ts";
import { useCreateSession } from "@/features/sessions/api/create-session";
import { useReplaceSessionFiles } from "@/features/sessions/api/update-session";
import { ClassSelect, ExtractedText, extractedTexts, TitleForm } from "@/features/sessions/components/setup-review";
import { RubricEditor } from "@/features/sessions/components/rubric-editor";
import { SESSION_MESSAGES as M } from "@/features/sessions/messages";
import { createSessionFailure } from "@/features/sessions/utils/session-errors";
import { SetupFilePicker } from "@/features/sessions/components/setup-file-picker";
import { AnchorAnswers } from "@/features/sessions/components/anchor-answers";
import { SetupHint } from "@/features/sessions/components/first-time-hint";
import { ImageTextReview } from "@/features/sessions/ocr/image-text-review";
import { useBrowserReadsImages } from "@/features/sessions/ocr/server-config";
import { isImageName, reviewedTextFile } from "@/features/sessions/ocr/text-file";
import { imageTextProblem, useImageText } from "@/features/sessions/ocr/use-image-text";

type Role = "prompt" | "criteria";
const ROLES: Role[] = ["prompt", "criteria"];
const ROLE_NAME: Record<Role, string> = { prompt: "논술 문제", criteria: "평가 기준" };

export interface SetupTabProps {
  session: AnalysisSession | null;
  onCreated: (session: AnalysisSession) => void;
  onNext: () => void;
  onUsageExceeded: (error: unknown) => void;
}

export function SetupTab({ session, onCreated, onNext, onUsageExceeded }: SetupTabProps) {
  const [promptFile, setPromptFile] = useState<File | null>(null);
  const [criteriaFile, setCriteriaFile] = useState<File | null>(null);
  const [classId, setClassId] = useState(() => new URLSearchParams(window.location.search).get("class") ?? "");
  const createSession = useCreateSession();
  const replaceFiles = useReplaceSessionFiles();
  const busy = createSession.isPending || replaceFiles.isPending;
  const ocr = useImageText();
  const browserReadsImages = useBrowserReadsImages();
  const files: Record<Role, File | null> = { prompt: promptFile, criteria: criteriaFile };
  const chosen = useRef<Record<Role, File | null>>({ prompt: null, criteria: null });

  /** A chosen image is read here, for the teacher to review, when the server has no vision model. */
  const choose = (role: Role, file: File | null) => {
    (role === "prompt" ? setPromptFile : setCriteriaFile)(file);
    chosen.current[role] = file;
    ocr.forget(role);
    if (!file || !isImageName(file.name)) return;
    void browserReadsImages().then((browser) => {
      if (browser && chosen.current[role] === file) ocr.read(role, file);
    });
  };
  const toSend = (role: Role): File | null => {
    const state = ocr.states[role];
    const file = files[role];
    return file && state?.status === "done" ? reviewedTextFile(file.name, state.text) : file;
  };

  const submit = () => {
    if (!promptFile && !(session && criteriaFile)) {
      if (session) onNext();
      return;
    }
    const problem = imageTextProblem([promptFile ? ocr.states.prompt : undefined, criteriaFile ? ocr.states.criteria : undefined]);
    if (problem) {
      notify({ title: M.files.imageTextTitle, description: problem, variant: "destructive" });
      return;
    }
    const clearChosen = () => {
      setPromptFile(null);
      setCriteriaFile(null);
      ocr.clear();
    };
    if (session) {
      // A session is open: the chosen files replace its own (no new, empty session is left behind).
      replaceFiles.mutate(
        { sessionId: session.id, promptFile: toSend("prompt"), criteriaFile: toSend("criteria") },
        {
          onSuccess: () => {
            notify({ title: M.setupCheck.replacedTitle, description: M.setupCheck.replaced });
            clearChosen();
          },
          onError: (error) => {
            const outcome = createSessionFailure(error);
            if (outcome.toast) notify({ ...outcome.toast, title: M.setupCheck.replaceFailTitle });
          },
        },
      );
      return;
    }
    if (!promptFile) return;
    createSession.mutate(
      { promptFile: toSend("prompt")!, criteriaFile: toSend("criteria"), classId },
      {
        onSuccess: (created) => {
          notify({
            title: M.session.createdTitle,
            description: created.criteriaFilename ? M.session.createdWithCriteria : M.session.created,
          });
          clearChosen();
          onCreated(created);
        },
        onError: (error) => {
          const outcome = createSessionFailure(error);
          if (outcome.toast) notify(outcome.toast);
          if (outcome.showUsageLimit) onUsageExceeded(error);
        },
      },
    );
  };

  const picker = (role: Role) => (
    <SetupFilePicker
      id={`${role}-file`}
      label={`${ROLE_NAME[role]}(${role === "prompt" ? "필수" : "선택"})`}
      subject={ROLE_NAME[role]}
      file={files[role]}
      current={role === "prompt" ? session?.promptFilename : session?.criteriaFilename}
      disabled={busy}
      onChange={(file) => choose(role, file)}
    />
  );
  const texts = session ? extractedTexts(session) : null;

  // One page, plain sections (문제, 평가 기준, 기준 답안); the page title (h1) is the route's.
  return (
    <div className="space-y-8" data-testid="setup-tab">
      <SetupHint />
      {session && <TitleForm key={session.id} session={session} />}
      <ClassSelect session={session} value={classId} onChange={setClassId} />
      <Section title="문제" description={M.setupSections.question} testId="setup-question">
        {picker("prompt")}
        {texts && <ExtractedText id="setup-question-text" label={M.setupCheck.questionLabel} text={texts.question} />}
      </Section>
      <Section title="평가 기준" description={M.setupSections.criteria} testId="setup-criteria">
        {picker("criteria")}
        {texts && <ExtractedText id="setup-criteria-text" label={M.setupCheck.criteriaLabel} text={texts.criteria} />}
        {session && <RubricEditor key={session.id} session={session} />}
      </Section>
      <ImageTextReview
        subject="논술 문제와 평가 기준"
        disabled={busy}
        entries={ROLES.flatMap((role) => {
          const state = ocr.states[role];
          const file = files[role];
          return state && file ? [{ key: role, name: `${ROLE_NAME[role]}: ${file.name}`, state }] : [];
        })}
        onChange={ocr.setText}
        onRetry={(key) => {
          const file = files[key as Role];
          if (file) ocr.read(key, file);
        }}
      />
      <AnchorAnswers session={session} />
      <div className="flex justify-end border-t border-base-300 pt-4">
        <Button className="w-full sm:w-auto" onClick={submit} disabled={busy || (!promptFile && !session)} loading={busy}>
          {busy ? "처리 중..." : session && (promptFile || criteriaFile) ? "파일 교체" : "다음 단계"}
        </Button>
      </div>
    </div>
  );
}
