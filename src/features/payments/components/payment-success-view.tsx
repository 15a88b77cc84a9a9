import { useEffect, useRef } from "react";
import { CircleCheck, CircleX } from "lucide-react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { Card, CardBody } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { TOAST } from "@shared/messages.ts";
import { useConfirmPayment } from "@/features/payments/api/confirm-payment";
import { PaymentResultActions } from "@/features/payments/components/payment-result-actions";
import { formatWon } from "@/features/payments/utils/format";

export const REDIRECT_AFTER_SUCCESS_MS = 1500;

function readQuery(params: URLSearchParams) {
  const paymentKey = params.get("paymentKey");
  const orderId = params.get("orderId");
  const amount = params.get("amount");
  if (!paymentKey || !orderId || !amount) return null;
  return { paymentKey, orderId, amount: Number(amount) };
}

export function PaymentSuccessView({ supportEmail }: { supportEmail: string }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const confirm = useConfirmPayment();
  const query = readQuery(params);
  const started = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    if (!query || started.current) return;
    started.current = true;
    confirm.mutate(query, {
      onSuccess: () => {
        notify({ title: TOAST.payment.successTitle, description: TOAST.payment.success });
        timer.current = setTimeout(() => navigate(paths.home.getHref()), REDIRECT_AFTER_SUCCESS_MS);
      },
      onError: (error) =>
        notify({
          title: TOAST.payment.confirmFailTitle,
          description: errorMessage(error, TOAST.payment.confirmFailDefault),
          variant: "destructive",
        }),
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const failure = !query
    ? TOAST.payment.missingQuery
    : confirm.isError
      ? errorMessage(confirm.error, TOAST.payment.confirmFailDefault)
      : null;

  return (
    <div className="mx-auto flex w-full max-w-xl flex-col px-4 py-10">
      <Card>
        <CardBody className="items-center gap-5 text-center">
          {failure ? (
            <div data-testid="payment-confirm-failed" className="flex w-full flex-col items-center gap-4">
              <CircleX className="size-14 text-error" aria-hidden="true" />
              <h1 className="text-2xl font-bold">결제 승인 실패</h1>
              <p role="alert" className="text-error">
                {failure}
              </p>
              {query && (
                <p className="text-sm text-base-content/70">
                  결제는 처리되었지만 구독 활성화에 실패했을 수 있습니다. 같은 금액이 청구되었다면 주문번호({query.orderId})와 함께
                  고객센터({supportEmail})로 문의해 주세요.
                </p>
              )}
              <PaymentResultActions />
            </div>
          ) : confirm.isSuccess ? (
            <div data-testid="payment-confirmed" className="flex w-full flex-col items-center gap-4">
              <CircleCheck className="size-14 text-success" aria-hidden="true" />
              <h1 className="text-2xl font-bold">결제가 완료되었습니다!</h1>
              <p className="text-base-content/80">구독이 성공적으로 활성화되었습니다.</p>
              <dl className="grid w-full grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-box bg-base-200 p-4 text-left text-sm">
                <dt className="text-base-content/60">주문번호</dt>
                <dd className="break-all font-mono" data-testid="summary-order-id">{confirm.data.orderId}</dd>
                <dt className="text-base-content/60">상품명</dt>
                <dd data-testid="summary-order-name">{confirm.data.orderName}</dd>
                <dt className="text-base-content/60">결제수단</dt>
                <dd data-testid="summary-method">{confirm.data.method ?? "-"}</dd>
                <dt className="text-base-content/60">결제금액</dt>
                <dd className="font-semibold" data-testid="summary-amount">{formatWon(confirm.data.totalAmount)}원</dd>
              </dl>
              <p className="text-sm text-base-content/60">잠시 후 홈으로 이동합니다.</p>
              <PaymentResultActions />
            </div>
          ) : (
            <div className="py-8">
              <Spinner size="lg" label="결제를 승인하고 있습니다..." />
            </div>
          )}
        </CardBody>
      </Card>
    </div>
  );
}
