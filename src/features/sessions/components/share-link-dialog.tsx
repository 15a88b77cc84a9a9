// 학생 링크: a read-only link to one reviewed report (unguessable, with an expiry, revocable). The
// token is shown only right after it is made (the server keeps only its hash).
import { Copy, Link2, Trash2 } from "lucide-react";
import { useState } from "react";
import { REVIEW_LIMITS, REVIEW_MESSAGES, type CreatedShare } from "@shared/review.ts";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { useCreateShare, useRevokeShare, useShares } from "@/features/sessions/api/review";
import { formatReportDate } from "@/lib/report-format";

/** The link to open: the server's when it knows the site's address, else this site's. */
export function shareUrl(share: Pick<CreatedShare, "url" | "token">): string {
  return /^https?:\/\//.test(share.url) ? share.url : `${window.location.origin}/r/${share.token}`;
}

export function ShareLinkDialog({
  open,
  onOpenChange,
  submissionId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  submissionId: string;
}) {
  const [days, setDays] = useState<number>(REVIEW_LIMITS.shareDefaultDays);
  const [created, setCreated] = useState<CreatedShare | null>(null);
  const shares = useShares(submissionId, open);
  const create = useCreateShare(submissionId);
  const revoke = useRevokeShare(submissionId);
  const daysValid = Number.isInteger(days) && days >= REVIEW_LIMITS.shareMinDays && days <= REVIEW_LIMITS.shareMaxDays;

  async function onCreate() {
    try {
      setCreated(await create.mutateAsync(days));
    } catch (error) {
      notify({ title: "링크를 만들지 못했습니다.", description: errorMessage(error, ""), variant: "destructive" });
    }
  }

  async function onRevoke(id: string) {
    try {
      await revoke.mutateAsync(id);
      if (created?.id === id) setCreated(null);
      notify({ title: "링크를 취소했습니다. 이제 열리지 않습니다." });
    } catch (error) {
      notify({ title: "링크를 취소하지 못했습니다.", description: errorMessage(error, ""), variant: "destructive" });
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="학생에게 보여줄 링크"
      description="로그인 없이 이 리포트만 읽을 수 있는 링크입니다. 선생님의 다른 자료는 보이지 않습니다."
    >
      <div className="mt-4 flex flex-col gap-4" data-testid="share-dialog">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <label className="flex items-center gap-2 whitespace-nowrap" data-testid="share-days-field">
            <span>유효 기간</span>
            {/* the wrapper sets the width: the input fills it */}
            <span className="block w-20">
              <Input
                type="number"
                inputMode="numeric"
                className="text-right tabular-nums"
                min={REVIEW_LIMITS.shareMinDays}
                max={REVIEW_LIMITS.shareMaxDays}
                value={Number.isFinite(days) ? days : ""}
                invalid={!daysValid}
                aria-label="유효 기간(일)"
                onChange={(e) => setDays(e.target.value === "" ? Number.NaN : Number(e.target.value))}
              />
            </span>
            <span>일</span>
          </label>
          <Button variant="primary" onClick={onCreate} loading={create.isPending} disabled={!daysValid} data-testid="share-create">
            <Link2 className="size-4" aria-hidden="true" />
            링크 만들기
          </Button>
        </div>
        {!daysValid && <p className="text-sm text-error">{REVIEW_MESSAGES.shareDays}</p>}
        {created && (
          <div className="flex flex-col gap-2 rounded bg-base-200 p-3">
            <p className="text-sm">
              이 주소는 지금만 볼 수 있습니다. 복사해서 학생에게 보내 주세요. ({formatReportDate(created.expiresAt)}까지)
            </p>
            <div className="flex gap-2">
              <Input
                readOnly
                value={shareUrl(created)}
                data-testid="share-url"
                aria-label="학생 링크"
                onFocus={(e) => e.currentTarget.select()}
              />
              <Button
                variant="outline"
                onClick={() =>
                  navigator.clipboard?.writeText(shareUrl(created)).then(
                    () => notify({ title: "링크를 복사했습니다." }),
                    () => {},
                  )
                }
              >
                <Copy className="size-4" aria-hidden="true" />
                복사
              </Button>
            </div>
          </div>
        )}
        <div>
          <h4 className="mb-2 text-base font-semibold">만든 링크</h4>
          {shares.data?.length ? (
            <ul className="flex flex-col gap-2 text-sm" data-testid="share-list">
              {shares.data.map((s) => (
                <li key={s.id} className="flex flex-wrap items-center justify-between gap-2">
                  <span>
                    {formatReportDate(s.createdAt)} 생성 ·{" "}
                    {s.revokedAt ? "취소됨" : s.active ? `${formatReportDate(s.expiresAt)}까지` : "만료됨"}
                  </span>
                  {s.active && (
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => onRevoke(s.id)}
                      loading={revoke.isPending && revoke.variables === s.id}
                      data-testid="share-revoke"
                    >
                      <Trash2 className="size-4" aria-hidden="true" />
                      링크 취소
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-base-content/75">아직 만든 링크가 없습니다.</p>
          )}
        </div>
      </div>
    </Dialog>
  );
}
