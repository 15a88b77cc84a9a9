import { CircleAlert, CircleSlash } from "lucide-react";
import { Link, useSearchParams } from "react-router-dom";
import { buttonClass } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { paths } from "@/config/paths";
import { isCancelCode } from "@/features/payments/utils/widget-errors";

const CHECKLIST = [
  "카드 한도가 초과되지 않았는지 확인해 주세요.",
  "카드 정보를 올바르게 입력했는지 확인해 주세요.",
  "해외 결제가 가능한 카드인지 확인해 주세요.",
];

/**
 * Toss's fail URL (`/payment/fail?code&message`). Nothing was charged either way. The buyer's own cancel
 * (USER_CANCEL, PAY_PROCESS_CANCELED) is not a failure: no checklist and no code, a way back to the plans.
 */
export function PaymentFailView() {
  const [params] = useSearchParams();
  const code = params.get("code");
  const message = params.get("message");
  const canceled = isCancelCode(code);
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col px-4 py-10">
      <Card>
        <CardBody className="items-center gap-5 text-center">
          {canceled ? (
            <div data-testid="payment-canceled" className="flex w-full flex-col items-center gap-4">
              <CircleSlash className="size-14 text-base-content/75" aria-hidden="true" />
              <h1 className="text-2xl font-semibold">결제를 취소하셨습니다</h1>
              <p className="text-base-content/80">결제는 진행되지 않았고 청구된 금액은 없습니다. 플랜은 언제든 다시 고를 수 있습니다.</p>
              <div className="flex w-full flex-col gap-2 sm:flex-row sm:justify-center">
                <Link to={paths.plans.getHref()} className={buttonClass({ variant: "primary" })}>
                  플랜으로 돌아가기
                </Link>
                <Link to={paths.myWork.getHref()} className={buttonClass({ variant: "outline" })}>
                  내 작업으로
                </Link>
              </div>
            </div>
          ) : (
            <div data-testid="payment-failed" className="flex w-full flex-col items-center gap-4">
              <CircleAlert className="size-14 text-error" aria-hidden="true" />
              <h1 className="text-2xl font-semibold">결제에 실패했습니다</h1>
              <p className="text-base-content/80">
                {message && (
                  <span className="block font-medium text-base-content" data-testid="fail-message">
                    {message}
                  </span>
                )}
                청구된 금액은 없습니다.
              </p>
              <div className="w-full rounded-box bg-base-200 p-4 text-left">
                <p className="mb-2 text-sm font-medium">다음 사항을 확인해 주세요</p>
                <ul className="list-inside list-disc space-y-1 text-sm text-base-content/80">
                  {CHECKLIST.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              </div>
              {code && (
                <p className="text-xs text-base-content/75">
                  오류 코드{" "}
                  <span className="font-mono break-all" data-testid="fail-code">
                    {code}
                  </span>
                </p>
              )}
              <div className="flex w-full flex-col gap-2 sm:flex-row sm:justify-center">
                <Link to={paths.plans.getHref()} className={buttonClass({ variant: "primary" })}>
                  다시 시도하기
                </Link>
                <Link to={paths.myWork.getHref()} className={buttonClass({ variant: "outline" })}>
                  내 작업으로
                </Link>
              </div>
            </div>
          )}
        </CardBody>
      </Card>
    </div>
  );
}
