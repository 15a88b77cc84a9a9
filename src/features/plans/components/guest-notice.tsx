import { Info } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { GuestConvertDialog } from "@/components/account/guest-convert-dialog";
import { GUEST_FREE_USES } from "@shared/plans.ts";

export function GuestNotice() {
  const [open, setOpen] = useState(false);
  return (
    <div role="note" className="alert alert-warning alert-soft" data-testid="guest-notice">
      <Info className="size-5 shrink-0" aria-hidden="true" />
      <div className="flex-1">
        <p className="font-semibold">게스트 사용자 안내</p>
        <p className="text-sm">
          게스트는 회원가입 없이 총 {GUEST_FREE_USES}회까지 무료로 AI 첨삭을 이용할 수 있습니다(매월 다시 채워지지 않습니다). 회원가입하면
          지금까지 만든 세션과 결과를 그대로 이어서 쓰며, 체험판과 유료 플랜을 이용할 수 있습니다.
        </p>
      </div>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        회원가입하고 계속하기
      </Button>
      {open && <GuestConvertDialog open onOpenChange={setOpen} />}
    </div>
  );
}
