import { useEffect, useState } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardDescription, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { Textarea } from "@/components/ui/textarea";
import { notify } from "@/lib/notify";
import { essaySchema, type EssayInput } from "@shared/schemas.ts";
import type { AnalysisSession } from "@shared/types.ts";
import { isValidStudent } from "@shared/student-filename.ts";
import {
  ESSAY_ACCEPT,
  ESSAY_EXTENSIONS,
  formatCount,
  MAX_ESSAY_CHARS,
  MAX_FILE_SIZE_BYTES,
  MAX_FILE_SIZE_LABEL,
  MIN_ESSAY_LENGTH,
  typesLabel,
  uploadMessages,
} from "@shared/upload-rules.ts";
import { SESSION_MESSAGES as M } from "@/features/sessions/messages";
import { useSubmitEssay } from "@/features/sessions/api/submit-essay";
import { type BatchProgress, batchProgressLabel, useSubmitBatch } from "@/features/sessions/api/submit-batch";
import { FileDropZone } from "@/features/sessions/components/file-drop-zone";
import { UploadedFileList } from "@/features/sessions/components/uploaded-file-list";
import { StudentInfoPanel } from "@/features/sessions/components/student-info-panel";
import { clearEssayDraft, loadEssayDraft, saveEssayDraft } from "@/features/sessions/utils/essay-draft";
import {
  addEssayFiles,
  checkEssayFiles,
  FILE_PROBLEM_TEXT,
  type EssayFileItem,
  type FileProblem,
} from "@/features/sessions/utils/essay-files";
import { invalidEssayToast, submitFailure } from "@/features/sessions/utils/session-errors";
import { ImageTextReview } from "@/features/sessions/ocr/image-text-review";
import { useBrowserReadsImages } from "@/features/sessions/ocr/server-config";
import { isImageName, reviewedTextFile } from "@/features/sessions/ocr/text-file";
import { imageTextProblem, useImageText } from "@/features/sessions/ocr/use-image-text";
import { EssayHint } from "@/features/sessions/components/first-time-hint";
import { transcriptionToConfirm } from "@/features/sessions/ocr/server-transcription";

export interface EssayTabProps {
  session: AnalysisSession;
  maxFiles: number;
  canBatch: boolean;
  onSubmitted: (sessionId: string) => void;
  onUsageExceeded: (error: unknown) => void;
}

type Mode = "text" | "file";

export function EssayTab({ session, maxFiles, canBatch, onSubmitted, onUsageExceeded }: EssayTabProps) {
  const [mode, setMode] = useState<Mode>("text");
  const form = useForm<EssayInput>({
    resolver: zodResolver(essaySchema),
    defaultValues: loadEssayDraft(session.id) ?? { essayContent: "", studentName: "", studentId: "" },
  });
  // The typed answer survives a reload until it is sent (docs/product.md#workspace).
  useEffect(() => {
    const sub = form.watch((values) => saveEssayDraft(session.id, values));
    return () => sub.unsubscribe();
  }, [form, session.id]);
  const text = form.watch("essayContent");
  const [files, setFiles] = useState<EssayFileItem[]>([]);
  const [fileProblems, setFileProblems] = useState<FileProblem[]>([]);
  const submitEssay = useSubmitEssay();
  const submitBatch = useSubmitBatch();
  const [batchProgress, setBatchProgress] = useState<BatchProgress | null>(null);
  const ocr = useImageText();
  const browserReadsImages = useBrowserReadsImages();
  const busy = submitEssay.isPending || submitBatch.isPending;

  const charCount = [...text.trim()].length;
  const multi = mode === "file" && files.length > 1;
  const tooLong = mode === "text" && charCount > MAX_ESSAY_CHARS;
  const canSubmit = mode === "text" ? charCount >= MIN_ESSAY_LENGTH && !tooLong : files.length > 0;

  /** Images are read here, for the teacher to review, when the server has no vision model. */
  const readImages = async (added: EssayFileItem[]) => {
    const images = added.filter((item) => isImageName(item.file.name));
    if (images.length === 0 || !(await browserReadsImages())) return;
    for (const item of images) ocr.read(item.key, item.file);
  };

  /** What is sent for an item: the reviewed text of an image read here, else the file itself. */
  const fileToSend = (item: EssayFileItem): File => {
    const state = ocr.states[item.key];
    return state?.status === "done" ? reviewedTextFile(item.file.name, state.text) : item.file;
  };

  const addFiles = async (picked: File[]) => {
    // Every chosen file is checked now and every problem listed at once (docs/product.md#files).
    const checked = await checkEssayFiles(picked, {
      extensions: ESSAY_EXTENSIONS,
      typesLabel: typesLabel(ESSAY_EXTENSIONS),
      maxBytes: MAX_FILE_SIZE_BYTES,
      maxBytesLabel: MAX_FILE_SIZE_LABEL,
    });
    setFileProblems(checked.problems);
    // One toast says everything about this pick (only one toast shows at a time, so a second would be
    // lost): the refused files, and whether names and 수험번호 were read from the accepted ones.
    const report = (recognized: boolean) => {
      if (checked.problems.length > 0) {
        const lines = checked.problems.map((p) => `${p.name}: ${p.message}`);
        notify({
          title: FILE_PROBLEM_TEXT.title(checked.problems.length),
          description: (recognized ? [...lines, M.files.studentsRecognized] : lines).join("\n"),
          variant: "destructive",
        });
      } else if (recognized) {
        notify({ title: M.files.studentsRecognizedTitle, description: M.files.studentsRecognized });
      }
    };
    if (checked.accepted.length === 0) return report(false);
    const outcome = addEssayFiles(files, checked.accepted, maxFiles, ESSAY_EXTENSIONS);
    if (outcome.kind === "upgrade") {
      report(false);
      notify({ title: uploadMessages.upgradeTitle, description: M.files.limit(uploadMessages.upgradeFiles, maxFiles) });
      return;
    }
    if (outcome.kind !== "added") return report(false);
    setFiles(outcome.items);
    void readImages(outcome.items.slice(files.length));
    if (outcome.truncatedTo) {
      report(false);
      notify({ title: M.files.tooManyTitle, description: M.files.tooMany(outcome.truncatedTo) });
      return;
    }
    const added = outcome.items.slice(files.length);
    report(added.some((item) => isValidStudent({ name: item.studentName, studentId: item.studentId })));
  };

  const onError = (error: unknown, batch: boolean) => {
    const outcome = submitFailure(error, batch);
    if (outcome.showUsageLimit) onUsageExceeded(error);
    if (outcome.toast) notify(outcome.toast);
  };

  const done = (title: string, description: string) => {
    notify({ title, description });
    form.reset();
    clearEssayDraft(session.id);
    setFiles([]);
    ocr.clear();
    onSubmitted(session.id);
  };

  const submitText = (values: EssayInput) =>
    submitEssay.mutate(
      { sessionId: session.id, kind: "text", ...values },
      {
        onSuccess: () => done(M.essay.successTitle, M.essay.success),
        onError: (error) => onError(error, false),
      },
    );

  const submit = () => {
    if (mode === "text") {
      void form.handleSubmit(submitText, (errors) => notify(invalidEssayToast(errors)))();
      return;
    }
    if (!canSubmit) {
      notify({ title: M.essay.tooShortTitle, description: uploadMessages.essayFileMissing, variant: "destructive" });
      return;
    }
    const problem = imageTextProblem(files.map((f) => ocr.states[f.key]));
    if (problem) {
      notify({ title: M.files.imageTextTitle, description: problem, variant: "destructive" });
      return;
    }
    if (multi) {
      if (!canBatch) {
        notify({ title: M.batch.unavailableTitle, description: M.batch.unavailable, variant: "destructive" });
        return;
      }
      submitBatch.mutate(
        {
          sessionId: session.id,
          items: files.map((f) => ({ file: fileToSend(f), studentName: f.studentName, studentId: f.studentId })),
          onProgress: setBatchProgress,
        },
        {
          onSettled: () => setBatchProgress(null),
          onSuccess: (res) => done(M.batch.successTitle, M.batch.success(res.count)),
          onError: (error) => onError(error, true),
        },
      );
      return;
    }
    submitEssay.mutate(
      {
        sessionId: session.id,
        kind: "file",
        file: fileToSend(files[0]),
        studentName: files[0].studentName,
        studentId: files[0].studentId,
      },
      {
        onSuccess: () => done(M.essay.successTitle, M.essay.success),
        onError: (error) => {
          // A photo the server could only partly read: its text waits in the review box for the teacher.
          const text = transcriptionToConfirm(error);
          if (text !== null) ocr.setText(files[0].key, text);
          onError(error, false);
        },
      },
    );
  };

  return (
    <Card>
      <CardBody className="gap-4">
        <div>
          <CardTitle>답안 작성</CardTitle>
          <CardDescription>
            논술 문제: {session.promptFilename ?? "직접 입력"}
            {session.criteriaFilename ? ` · 기준: ${session.criteriaFilename}` : ""}
          </CardDescription>
        </div>
        <EssayHint />
        <Tabs value={mode} onValueChange={(v) => setMode(v as Mode)}>
          <TabsList label="답안 입력 방식">
            <TabsTrigger value="text">텍스트 입력</TabsTrigger>
            <TabsTrigger value="file">파일 업로드</TabsTrigger>
          </TabsList>
          <TabsContent value="text" className="mt-4 space-y-3">
            <Label htmlFor="essay-text">학생 답안</Label>
            <Textarea
              id="essay-text"
              rows={14}
              placeholder={`학생의 논술 답안을 입력하세요 (최소 ${MIN_ESSAY_LENGTH}자, 최대 ${formatCount(MAX_ESSAY_CHARS)}자)`}
              {...form.register("essayContent")}
            />
          </TabsContent>
          <TabsContent value="file" className="mt-4 space-y-3">
            <FileDropZone
              accept={ESSAY_ACCEPT}
              multiple={maxFiles > 1}
              onFiles={(picked) => void addFiles(picked)}
              hint={`${typesLabel(ESSAY_EXTENSIONS)} · 파일당 최대 10MB · 답안 ${formatCount(MAX_ESSAY_CHARS)}자 이내 · 최대 ${maxFiles}개`}
            />
            {fileProblems.length > 0 && (
              <div role="alert" className="rounded-box border border-error/40 bg-error/5 p-3 text-sm" data-testid="file-problems">
                <p className="font-semibold text-error">{FILE_PROBLEM_TEXT.title(fileProblems.length)}</p>
                <ul className="mt-1 list-disc pl-5">
                  {fileProblems.map((p, i) => (
                    <li key={`${i}-${p.name}`}>
                      <span className="font-medium break-all">{p.name}</span>: {p.message}
                    </li>
                  ))}
                </ul>
              </div>
            )}
            <UploadedFileList
              items={files}
              onRemove={(key) => {
                setFiles((cur) => cur.filter((f) => f.key !== key));
                ocr.forget(key);
              }}
            />
            <StudentInfoPanel
              items={files}
              onChange={(key, patch) => setFiles((cur) => cur.map((f) => (f.key === key ? { ...f, ...patch } : f)))}
            />
            <ImageTextReview
              subject="답안"
              disabled={busy}
              entries={files.flatMap((f) => {
                const state = ocr.states[f.key];
                return state ? [{ key: f.key, name: f.file.name, state }] : [];
              })}
              onChange={ocr.setText}
              onRetry={(key) => {
                const item = files.find((f) => f.key === key);
                if (item) ocr.read(key, item.file);
              }}
            />
          </TabsContent>
        </Tabs>

        {mode === "text" && (
          <div className="grid gap-3 md:grid-cols-2">
            <div>
              <Label htmlFor="student-name">학생 이름 (선택)</Label>
              <Input id="student-name" maxLength={50} {...form.register("studentName")} />
            </div>
            <div>
              <Label htmlFor="student-id">수험번호 (선택)</Label>
              <Input id="student-id" maxLength={50} {...form.register("studentId")} />
            </div>
          </div>
        )}

        <div className="flex flex-wrap items-center gap-2 border-t border-base-300 pt-4">
          <Badge variant="outline" data-testid="essay-count-badge">
            {mode === "text" ? `${charCount}자` : `파일 ${files.length}개`}
          </Badge>
          <Badge variant={canSubmit ? "success" : "ghost"} data-testid="essay-ready-badge">
            {canSubmit
              ? "제출 가능"
              : tooLong
                ? `최대 ${formatCount(MAX_ESSAY_CHARS)}자 초과`
                : mode === "text"
                  ? `최소 ${MIN_ESSAY_LENGTH}자 필요`
                  : "파일 필요"}
          </Badge>
          {multi && (
            <Badge variant="info" data-testid="essay-multi-badge">
              여러 답안 모드
            </Badge>
          )}
          <Button className="w-full sm:ml-auto sm:w-auto" onClick={submit} disabled={busy} loading={busy}>
            {busy
              ? submitBatch.isPending && batchProgress
                ? batchProgressLabel(batchProgress)
                : "분석 중..."
              : multi
                ? "AI 여러 답안 첨삭 시작"
                : "AI 첨삭 시작"}
          </Button>
        </div>
      </CardBody>
    </Card>
  );
}
