import { useEffect, useRef } from "react";
import { CircleCheck, CircleX, Receipt, Undo2 } from "lucide-react";
import { Link, useSearchParams } from "react-router-dom";
import { Card, CardBody } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { buttonClass } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { ApiError, errorMessage } from "@/lib/api-client";
import { formatSeoulDate, formatWon } from "@shared/format.ts";
import { orderNameFor } from "@shared/plans.ts";
import { notify } from "@/lib/notify";
import { notifyFailure } from "@/lib/notify-failure";
import { TOAST } from "@shared/messages.ts";
import type { PaymentRecord } from "@shared/types.ts";
import { useConfirmPayment } from "@/features/payments/api/confirm-payment";
import { useOrder } from "@/features/payments/api/payment-history";
import { PaymentResultActions } from "@/features/payments/components/payment-result-actions";
import { PAYMENT_STATUS_LABELS } from "@/features/payments/utils/status";

function readQuery(params: URLSearchParams) {
  const paymentKey = params.get("paymentKey");
  const orderId = params.get("orderId");
  const amount = params.get("amount");
  if (!paymentKey || !orderId || !amount) return null;
  return { paymentKey, orderId, amount: Number(amount) };
}

const PAID = new Set<PaymentRecord["status"]>(["done", "refunded", "partially_refunded"]);

/** What this order means for the account now (an old success URL may be opened again later). */
function orderState(order: PaymentRecord, now = Date.now()) {
  const start = formatSeoulDate(order.periodStart, "longDateTime");
  const end = formatSeoulDate(order.periodEnd, "longDateTime");
  if (order.status === "refunded") {
    return {
      kind: "refunded" as const,
      text: `이 결제는 환불되었습니다(${formatWon(order.refundedAmount)}). 결제로 이용하던 기간은 종료되었습니다.`,
    };
  }
  const startsLater = order.periodStart && new Date(order.periodStart).getTime() > now;
  const ended = order.periodEnd && new Date(order.periodEnd).getTime() <= now;
  const partial = order.status === "partially_refunded" ? ` (${formatWon(order.refundedAmount)} 부분 환불됨)` : "";
  if (ended) return { kind: "ended" as const, text: `이 결제로 이용한 ${order.planName} 플랜 기간은 ${end}에 끝났습니다.${partial}` };
  if (startsLater) {
    return {
      kind: "later" as const,
      text: `${order.planName} 플랜은 ${start}부터 ${end}까지 적용됩니다. 그때까지는 현재 플랜을 그대로 이용합니다.${partial}`,
    };
  }
  return { kind: "active" as const, text: `${orderNameFor(order.planName)}이 시작되었습니다. ${end}까지 이용할 수 있습니다.${partial}` };
}

export function PaymentSuccessView({ supportEmail }: { supportEmail: string }) {
  const [params] = useSearchParams();
  const confirm = useConfirmPayment();
  const query = readQuery(params);
  const started = useRef(false);
  const toasted = useRef(false);

  useEffect(() => {
    if (!query || started.current) return;
    started.current = true;
    confirm.mutate(query, {
      onError: (error) => notifyFailure(TOAST.payment.confirmFailTitle, errorMessage(error, TOAST.payment.confirmFailDefault)),
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The order's real state, read after the confirmation answered (also when it was refused: a used URL).
  const order = useOrder(query?.orderId ?? null, confirm.isSuccess || confirm.isError);
  const record = order.data && PAID.has(order.data.status) ? order.data : null;
  const state = record ? orderState(record) : null;

  useEffect(() => {
    if (confirm.isSuccess && state && (state.kind === "active" || state.kind === "later") && !toasted.current) {
      toasted.current = true;
      notify({ title: TOAST.payment.successTitle, description: TOAST.payment.success });
    }
  }, [confirm.isSuccess, state]);

  // The server says so when it refused before any charge (a tampered amount, a refused card, a closed order).
  const notCharged =
    confirm.error instanceof ApiError && (confirm.error.data as { charged?: unknown } | null)?.charged === false && !record;
  const waiting = Boolean(query) && (confirm.isPending || confirm.isIdle || (order.isFetching && !order.data));
  const failure = !query
    ? TOAST.payment.missingQuery
    : confirm.isError && !waiting && !record
      ? errorMessage(confirm.error, TOAST.payment.confirmFailDefault)
      : confirm.isSuccess && order.isError
        ? "결제는 승인되었지만 주문 상태를 불러오지 못했습니다. 결제 내역에서 확인해 주세요."
        : null;

  return (
    <div className="mx-auto flex w-full max-w-xl flex-col px-4 py-10">
      <Card>
        <CardBody className="items-center gap-5 text-center">
          {failure ? (
            <div data-testid="payment-confirm-failed" className="flex w-full flex-col items-center gap-4">
              <CircleX className="size-14 text-error" aria-hidden="true" />
              <h1 className="text-2xl font-semibold">{notCharged ? "결제가 승인되지 않았습니다" : "결제 승인 실패"}</h1>
              <p role="alert" className="text-error">
                {failure}
              </p>
              {query && !notCharged && (
                <p className="text-sm text-base-content/70">
                  결제는 처리되었지만 플랜 적용에 실패했을 수 있습니다. 같은 금액이 청구되었다면 주문번호({query.orderId})와 함께 고객센터(
                  {supportEmail})로 문의해 주세요.
                </p>
              )}
              <PaymentResultActions />
            </div>
          ) : record && state ? (
            <div data-testid="payment-confirmed" data-state={state.kind} className="flex w-full flex-col items-center gap-4">
              {state.kind === "refunded" ? (
                <Undo2 className="size-14 text-warning" aria-hidden="true" />
              ) : (
                <CircleCheck className="size-14 text-success" aria-hidden="true" />
              )}
              <h1 className="text-2xl font-semibold">
                {state.kind === "refunded"
                  ? "환불된 결제입니다"
                  : state.kind === "ended"
                    ? "이용 기간이 끝난 결제입니다"
                    : "결제가 완료되었습니다!"}
              </h1>
              <p className="text-base-content/80" data-testid="payment-state">
                {state.text}
              </p>
              <dl className="grid w-full grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-box bg-base-200 p-4 text-left text-sm">
                <dt className="text-base-content/70">주문번호</dt>
                <dd className="break-all font-mono" data-testid="summary-order-id">
                  {record.orderId}
                </dd>
                <dt className="text-base-content/70">상품명</dt>
                <dd data-testid="summary-order-name">{record.orderName}</dd>
                <dt className="text-base-content/70">결제수단</dt>
                <dd data-testid="summary-method">{record.method ?? "-"}</dd>
                <dt className="text-base-content/70">결제금액</dt>
                <dd className="font-semibold tabular-nums" data-testid="summary-amount">
                  {formatWon(record.amount)}
                </dd>
                <dt className="text-base-content/70">상태</dt>
                <dd data-testid="summary-status">{PAYMENT_STATUS_LABELS[record.status]}</dd>
              </dl>
              <div className="flex flex-wrap justify-center gap-2">
                {record.receiptUrl && (
                  <a
                    href={record.receiptUrl}
                    target="_blank"
                    rel="noreferrer noopener"
                    className={buttonClass({ variant: "ghost", size: "sm" })}
                  >
                    <Receipt className="size-4" aria-hidden="true" />
                    영수증 보기
                  </a>
                )}
                <Link to={paths.billing.getHref()} className={buttonClass({ variant: "ghost", size: "sm" })}>
                  결제 내역
                </Link>
              </div>
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
