// 기준 답안: up to 3 scored sample answers of the session (typed or a txt/docx/pdf file, with the total
// and optional per-category scores). The grader sees them as calibration examples; they use no quota.
import { useId, useState } from "react";
import { Paperclip, Trash2, X } from "lucide-react";
import { Button, buttonClass } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Section } from "@/components/ui/section";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { notify } from "@/lib/notify";
import type { AnalysisSession } from "@shared/types.ts";
import { ANCHOR_EXTENSIONS, MIN_ANCHOR_CHARS } from "@shared/anchors.ts";
import { useAddAnchor, useAnchors, useDeleteAnchor } from "@/features/sessions/api/anchors";

const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));
const errorText = (e: unknown) => (e instanceof Error && e.message ? e.message : "기준 답안을 처리하지 못했습니다.");

export function AnchorAnswers({ session }: { session: AnalysisSession | null }) {
  const sessionId = session?.id ?? null;
  const anchors = useAnchors(sessionId);
  const add = useAddAnchor();
  const remove = useDeleteAnchor();
  const ids = useId();
  const [content, setContent] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const [total, setTotal] = useState("");
  const [scores, setScores] = useState<Record<string, string>>({});

  if (!sessionId) return null;
  const data = anchors.data;
  const list = data?.anchors ?? [];
  const full = !!data && list.length >= data.max;

  const submit = () => {
    const totalScore = Number(total);
    if (total.trim() === "" || !Number.isFinite(totalScore)) {
      notify({ title: "기준 답안", description: "기준 답안의 총점을 입력해 주세요.", variant: "destructive" });
      return;
    }
    if (!file && [...content.trim()].length < MIN_ANCHOR_CHARS) {
      notify({ title: "기준 답안", description: `기준 답안은 ${MIN_ANCHOR_CHARS}자 이상이어야 합니다.`, variant: "destructive" });
      return;
    }
    const categoryScores = Object.entries(scores)
      .filter(([, v]) => v.trim() !== "")
      .map(([name, v]) => ({ name, score: Number(v) }));
    add.mutate(
      { sessionId, content: file ? undefined : content, file, totalScore, categoryScores },
      {
        onSuccess: () => {
          notify({ title: "기준 답안", description: "기준 답안을 추가했습니다." });
          setContent("");
          setFile(null);
          setFileKey((k) => k + 1);
          setTotal("");
          setScores({});
        },
        onError: (e) => notify({ title: "기준 답안을 추가하지 못했습니다", description: errorText(e), variant: "destructive" }),
      },
    );
  };

  return (
    <Section
      title="기준 답안"
      testId="anchor-answers"
      description={`선택, 최대 ${data?.max ?? 3}개. 선생님이 채점한 예시 답안을 추가하면 AI가 점수의 눈높이를 맞추는 데 참고합니다. 사용 횟수에 포함되지 않습니다.`}
    >
      {anchors.isError && <p className="text-sm text-error">기준 답안 목록을 불러오지 못했습니다.</p>}
      {list.length > 0 && (
        <ul className="space-y-2" aria-label="추가된 기준 답안">
          {list.map((a, i) => (
            <li key={a.id} className="flex items-start gap-3 rounded-box bg-base-200 p-3 text-sm">
              <div className="min-w-0 flex-1">
                <p className="font-medium">
                  기준 답안 {i + 1} · 총점 {fmt(a.totalScore)}점{a.filename ? ` · ${a.filename}` : " · 직접 입력"}
                </p>
                {a.categoryScores.length > 0 && (
                  <p className="text-base-content/75">{a.categoryScores.map((c) => `${c.name} ${fmt(c.score)}점`).join(", ")}</p>
                )}
                <p className="truncate text-base-content/75">{a.content.slice(0, 120)}</p>
              </div>
              <Button
                size="sm"
                variant="ghost"
                aria-label={`기준 답안 ${i + 1} 삭제`}
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(
                    { sessionId, anchorId: a.id },
                    {
                      onError: (e) =>
                        notify({ title: "기준 답안을 삭제하지 못했습니다", description: errorText(e), variant: "destructive" }),
                    },
                  )
                }
              >
                <Trash2 className="size-4" aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      {full ? (
        <p className="text-sm text-base-content/75">기준 답안을 {data!.max}개 모두 추가했습니다.</p>
      ) : (
        <div className="space-y-3">
          <div className="space-y-1">
            <Label htmlFor={`${ids}-content`}>기준 답안 내용</Label>
            <Textarea
              id={`${ids}-content`}
              rows={4}
              value={content}
              disabled={!!file || add.isPending}
              placeholder={`채점한 예시 답안을 붙여 넣으세요 (${MIN_ANCHOR_CHARS}자 이상)`}
              onChange={(e) => setContent(e.target.value)}
            />
          </div>
          <div className="space-y-1">
            <Label id={`${ids}-file-label`} htmlFor={`${ids}-file`}>
              또는 파일 ({ANCHOR_EXTENSIONS.map((x) => x.slice(1).toUpperCase()).join(", ")})
            </Label>
            {/* A visually hidden input (still in the tab order) with its label drawn as an outline button. */}
            <div className="flex flex-wrap items-center gap-2">
              <input
                key={fileKey}
                id={`${ids}-file`}
                type="file"
                className="peer sr-only"
                aria-labelledby={`${ids}-file-label`}
                accept={ANCHOR_EXTENSIONS.join(",")}
                disabled={add.isPending}
                onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              />
              <label
                htmlFor={`${ids}-file`}
                aria-hidden="true"
                data-testid="anchor-file-button"
                className={cn(
                  buttonClass({ variant: "outline", size: "sm" }),
                  "peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary",
                  add.isPending && "btn-disabled",
                )}
              >
                <Paperclip className="size-4" aria-hidden="true" />
                파일 선택
              </label>
              {file ? (
                <span className="flex min-w-0 items-center gap-1 text-sm" data-testid="anchor-file-name">
                  <span className="truncate">{file.name}</span>
                  <Button
                    size="xs"
                    variant="ghost"
                    aria-label={`${file.name} 선택 취소`}
                    onClick={() => {
                      setFile(null);
                      setFileKey((k) => k + 1);
                    }}
                  >
                    <X className="size-3.5" aria-hidden="true" />
                  </Button>
                </span>
              ) : (
                <span className="text-sm text-base-content/75">선택한 파일 없음</span>
              )}
            </div>
          </div>
          <div className="flex flex-wrap gap-4">
            <div className="space-y-1">
              <Label htmlFor={`${ids}-total`}>총점{data ? ` (만점 ${fmt(data.rubric.reduce((s, c) => s + c.maxScore, 0))}점)` : ""}</Label>
              <div className="flex items-center gap-1">
                <div className="w-24">
                  <Input
                    id={`${ids}-total`}
                    type="number"
                    inputMode="decimal"
                    step="0.1"
                    min="0"
                    className="tabular-nums"
                    value={total}
                    onChange={(e) => setTotal(e.target.value)}
                  />
                </div>
                <span className="text-sm">점</span>
              </div>
            </div>
            {data?.rubric.map((c, i) => (
              <div key={c.name} className="space-y-1">
                <Label htmlFor={`${ids}-cat-${i}`}>
                  {c.name} (선택, {fmt(c.maxScore)}점)
                </Label>
                <div className="flex items-center gap-1">
                  <div className="w-20">
                    <Input
                      id={`${ids}-cat-${i}`}
                      type="number"
                      inputMode="decimal"
                      step="0.1"
                      min="0"
                      max={c.maxScore}
                      className="tabular-nums"
                      value={scores[c.name] ?? ""}
                      onChange={(e) => setScores((s) => ({ ...s, [c.name]: e.target.value }))}
                    />
                  </div>
                  <span className="text-sm">점</span>
                </div>
              </div>
            ))}
          </div>
          <div className="flex justify-end">
            <Button variant="outline" onClick={submit} loading={add.isPending} disabled={add.isPending}>
              기준 답안 추가
            </Button>
          </div>
        </div>
      )}
    </Section>
  );
}
