import { PartyPopper } from "lucide-react";
import { LAUNCH_DISCOUNT_PERCENT } from "@shared/plans.ts";

export function LaunchBanner() {
  return (
    <div role="note" className="alert alert-info alert-soft flex flex-wrap items-center gap-2" data-testid="launch-banner">
      <PartyPopper className="size-5 shrink-0" aria-hidden="true" />
      <div>
        <p className="font-semibold">런칭 기념 {LAUNCH_DISCOUNT_PERCENT}% 할인 중!</p>
        <p className="text-sm">지금 결제하시면 모든 유료 플랜을 정가의 {LAUNCH_DISCOUNT_PERCENT}% 할인된 가격으로 이용하실 수 있습니다.</p>
      </div>
    </div>
  );
}
