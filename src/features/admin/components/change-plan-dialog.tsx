import { useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { useChangePlan } from "@/features/admin/api/change-plan";
import { usePlanOptions } from "@/features/admin/api/get-plans";
import type { AdminUser } from "@/features/admin/api/types";
import { withParticle } from "@/lib/korean";
import { monthlyQuotaLabel } from "@/lib/usage";
import { formatWon, seoulDate } from "@shared/format.ts";
import { outcomeToasts } from "@/lib/notify-failure";

/** "2026-12-31" → the end of that day in Seoul, as ISO with offset (the server takes date-times). */
function endOfSeoulDay(date: string) {
  return `${date}T23:59:59+09:00`;
}

/** Tomorrow's date in Seoul as YYYY-MM-DD (the earliest end date the input offers). */
function tomorrowInSeoul() {
  return seoulDate(Date.now(), 1);
}

export interface ChangePlanDialogProps {
  user: AdminUser | null;
  onClose: () => void;
}

export function ChangePlanDialog({ user, onClose }: ChangePlanDialogProps) {
  const [planId, setPlanId] = useState("");
  const [endDate, setEndDate] = useState("");
  const paid = Boolean(planId) && planId !== "trial";
  const plans = usePlanOptions({ enabled: Boolean(user) });
  const change = useChangePlan();

  const close = () => {
    setPlanId("");
    setEndDate("");
    onClose();
  };

  const confirm = () => {
    if (!user || !planId) return;
    const planName = plans.data?.find((p) => p.id === planId)?.name ?? planId;
    change.mutate(
      { userId: user.id, planId, endDate: paid && endDate ? endOfSeoulDay(endDate) : undefined },
      outcomeToasts(
        "구독 플랜 변경",
        "구독 플랜 변경 중 오류가 발생했습니다.",
        () => `${user.username}님의 플랜이 ${withParticle(planName, "ro")} 변경되었습니다.`,
        close,
      ),
    );
  };

  return (
    <ConfirmDialog
      open={Boolean(user)}
      onCancel={close}
      title="구독 플랜 변경"
      description={user ? `${user.username}님의 구독 플랜을 변경합니다. 현재 플랜: ${user.subscription?.planName ?? "없음"}` : undefined}
      confirmLabel="변경하기"
      confirmVariant="primary"
      confirmDisabled={!planId}
      busy={change.isPending}
      onConfirm={confirm}
    >
      <Label htmlFor="admin-plan-select">새 플랜</Label>
      <Select
        id="admin-plan-select"
        value={planId}
        onChange={(e) => setPlanId(e.target.value)}
        placeholder={plans.isPending ? "플랜을 불러오는 중..." : "플랜을 선택하세요"}
        options={(plans.data ?? []).map((p) => ({
          value: p.id,
          label: `${p.name} (${monthlyQuotaLabel(p.maxEssaysPerMonth)}${p.price > 0 ? ` · ${formatWon(p.price)}` : " · 무료"})`,
        }))}
      />
      {paid && (
        <div className="mt-4">
          <Label htmlFor="admin-plan-end-date">이용 종료일 (선택)</Label>
          <Input
            id="admin-plan-end-date"
            type="date"
            min={tomorrowInSeoul()}
            value={endDate}
            onChange={(e) => setEndDate(e.target.value)}
            aria-describedby="admin-plan-end-date-hint"
          />
          <p id="admin-plan-end-date-hint" className="mt-1 text-sm text-base-content/70">
            비우면 오늘부터 한 달입니다. 종료일이 지나면 체험판으로 돌아갑니다.
          </p>
        </div>
      )}
      {plans.isError && <p className="mt-2 text-sm text-error">플랜 목록을 불러올 수 없습니다.</p>}
    </ConfirmDialog>
  );
}
