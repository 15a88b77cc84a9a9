import { CircleAlert } from "lucide-react";
import { Link, useSearchParams } from "react-router-dom";
import { buttonClass } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { paths } from "@/config/paths";

const CHECKLIST = [
  "카드 한도가 초과되지 않았는지 확인해 주세요.",
  "카드 정보를 올바르게 입력했는지 확인해 주세요.",
  "해외 결제가 가능한 카드인지 확인해 주세요.",
];

export function PaymentFailView() {
  const [params] = useSearchParams();
  const code = params.get("code");
  const message = params.get("message");
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col px-4 py-10">
      <Card>
        <CardBody className="items-center gap-5 text-center">
          <CircleAlert className="size-14 text-error" aria-hidden="true" />
          <h1 className="text-2xl font-bold">결제에 실패했습니다</h1>
          {(code || message) && (
            <dl className="grid w-full grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-box bg-base-200 p-4 text-left text-sm">
              {code && (
                <>
                  <dt className="text-base-content/70">오류 코드</dt>
                  <dd className="break-all font-mono" data-testid="fail-code">
                    {code}
                  </dd>
                </>
              )}
              {message && (
                <>
                  <dt className="text-base-content/70">오류 메시지</dt>
                  <dd className="break-words" data-testid="fail-message">
                    {message}
                  </dd>
                </>
              )}
            </dl>
          )}
          <div className="w-full text-left">
            <p className="mb-2 font-medium">다음 사항을 확인해 주세요</p>
            <ul className="list-inside list-disc space-y-1 text-sm text-base-content/80">
              {CHECKLIST.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
          <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
            <Link to={paths.myWork.getHref()} className={buttonClass({ variant: "outline" })}>
              내 작업으로
            </Link>
            <Link to={paths.plans.getHref()} className={buttonClass({ variant: "primary" })}>
              다시 시도하기
            </Link>
          </div>
        </CardBody>
      </Card>
    </div>
  );
}
