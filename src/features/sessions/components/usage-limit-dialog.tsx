import { useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { GuestConvertDialog } from "@/components/account/guest-convert-dialog";
import { Dialog } from "@/components/ui/dialog";
import { Button } from "@/components/ui/button";
import { Progress } from "@/components/ui/progress";
import { paths } from "@/config/paths";
import { monthlyQuotaLabel } from "@/lib/usage";
import { formatWon } from "@shared/format.ts";
import { DEFAULT_USAGE_LIMIT_MESSAGE, formatKoreanLongDate, type UsageLimitData } from "@/features/sessions/utils/usage-limit";

export interface UsageLimitDialogProps {
  open: boolean;
  data: UsageLimitData | null;
  onOpenChange: (open: boolean) => void;
}

export function UsageLimitDialog({ open, data, onOpenChange }: UsageLimitDialogProps) {
  const navigate = useNavigate();
  const info = data?.usageInfo ?? null;
  const options = data?.upgradeOptions ?? [];
  const guest = Boolean(info?.isGuest);
  const [convertOpen, setConvertOpen] = useState(false);
  const percent = info && info.limit > 0 ? Math.min(100, Math.round((info.current / info.limit) * 100)) : 100;

  const goToPlans = (planId?: string) => {
    onOpenChange(false);
    navigate(paths.plans.getHref(planId));
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={
        data?.freeLimitReached
          ? "오늘의 무료 사용 한도 초과"
          : guest
            ? `게스트 무료 ${info?.limit ?? ""}회를 모두 사용했습니다`
            : "사용 한도 초과"
      }
      description={data?.message ?? DEFAULT_USAGE_LIMIT_MESSAGE}
      footer={
        <>
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            나중에 하기
          </Button>
          {guest ? (
            <>
              <Button variant="outline" onClick={() => goToPlans(options[0]?.id)}>
                모든 플랜 보기
              </Button>
              <Button onClick={() => setConvertOpen(true)}>회원가입하고 계속하기</Button>
            </>
          ) : (
            <Button onClick={() => goToPlans(options[0]?.id)}>모든 플랜 보기</Button>
          )}
        </>
      }
    >
      {info && (
        <div className="rounded-box bg-base-200 p-4" data-testid="usage-limit-info">
          <div className="flex items-center justify-between text-sm">
            <span className="font-semibold">{guest ? `게스트 무료 사용 (총 ${info.limit}회, 매월 채워지지 않음)` : info.planName}</span>
            <span>
              {info.current}/{info.limit}
            </span>
          </div>
          <Progress value={percent} variant="error" className="mt-2" label="사용량" />
          {info.resetDate && (!guest || data?.freeLimitReached) && (
            <p className="mt-2 text-sm text-base-content/70">다음 초기화: {formatKoreanLongDate(info.resetDate)}</p>
          )}
          {data?.daysRemaining != null && (!guest || data?.freeLimitReached) && (
            <p className="text-sm text-base-content/70">{data.daysRemaining}일 남음</p>
          )}
        </div>
      )}
      {guest && (
        <p className="mt-4 text-sm text-base-content/70" data-testid="guest-convert-hint">
          회원가입하면 지금까지 만든 세션과 결과를 그대로 이어서 쓰고, 체험판과 아래 플랜을 이용할 수 있습니다.
        </p>
      )}
      {convertOpen && <GuestConvertDialog open onOpenChange={setConvertOpen} onConverted={() => onOpenChange(false)} />}
      {options.length > 0 && (
        <ul className="mt-4 space-y-2" aria-label="업그레이드 옵션">
          {options.map((option) => (
            <li key={option.id}>
              <Link
                to={paths.plans.getHref(option.id)}
                onClick={() => onOpenChange(false)}
                className="block rounded-box border border-base-300 p-3 hover:border-primary"
              >
                <div className="flex items-center justify-between">
                  <span className="font-semibold">{option.name}</span>
                  <span className="text-sm font-semibold text-primary">{formatWon(option.price)}/월</span>
                </div>
                <p className="text-sm text-base-content/70">{monthlyQuotaLabel(option.maxEssaysPerMonth)}</p>
                <ul className="mt-1 list-inside list-disc text-xs text-base-content/70">
                  {option.features.slice(0, 2).map((feature) => (
                    <li key={feature}>{feature}</li>
                  ))}
                </ul>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
