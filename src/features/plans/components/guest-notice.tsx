import { Info } from "lucide-react";
import { GUEST_FREE_USES } from "@shared/plans.ts";

export function GuestNotice() {
  return (
    <div role="note" className="alert alert-warning alert-soft" data-testid="guest-notice">
      <Info className="size-5 shrink-0" aria-hidden="true" />
      <div>
        <p className="font-semibold">게스트 사용자 안내</p>
        <p className="text-sm">
          게스트는 무료로 {GUEST_FREE_USES}회까지 AI 첨삭을 이용할 수 있습니다. 유료 플랜을 구독하시려면 로그아웃 후
          회원가입을 진행해 주세요. 게스트 계정의 작업 내역은 회원 계정으로 옮겨지지 않습니다.
        </p>
      </div>
    </div>
  );
}
