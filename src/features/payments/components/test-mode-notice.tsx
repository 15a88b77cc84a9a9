import { FlaskConical } from "lucide-react";

/** Shown while the server runs in PAYMENTS_MODE=test (Toss test keys): no money moves; any sample card works. */
export function TestModeNotice() {
  return (
    <div role="note" className="alert alert-warning items-start" data-testid="test-mode-notice">
      <FlaskConical className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="space-y-1 text-sm">
        <p className="font-semibold">테스트 결제 — 실제로 청구되지 않습니다</p>
        <p>이 서버는 토스페이먼츠 테스트 키로 동작합니다. 아래 예시 카드 정보로 결제를 테스트할 수 있습니다.</p>
        <ul className="list-inside list-disc">
          <li>카드 번호: 4330-1234-1234-1234 (테스트 환경에서는 임의의 카드 번호 사용 가능)</li>
          <li>유효기간: 12/30 · CVC: 123 · 카드 비밀번호 앞 2자리: 00</li>
          <li>생년월일(6자리): 900101</li>
        </ul>
      </div>
    </div>
  );
}
