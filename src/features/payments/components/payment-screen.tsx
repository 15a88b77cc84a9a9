import { useEffect, useRef, useState } from "react";
import { ArrowLeft, CreditCard, RotateCcw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { notifyFailure } from "@/lib/notify-failure";
import { TOAST } from "@shared/messages.ts";
import type { PaymentIntent } from "@shared/types.ts";
import { useCreateIntent } from "@/features/payments/api/create-intent";
import { usePaymentsConfig } from "@/features/payments/api/payments-config";
import { formatSeoulDate, formatWon } from "@shared/format.ts";
import { orderNameFor, PAID_TERM } from "@shared/plans.ts";
import { TestModeNotice } from "@/features/payments/components/test-mode-notice";
import { useTossWidget } from "@/features/payments/hooks/use-toss-widget";
import { newCustomerKey } from "@/features/payments/utils/customer-key";
import { isUserCancel, requestErrorMessage, widgetLoadErrorMessage } from "@/features/payments/utils/widget-errors";

export const CUSTOMER_NAME_PLACEHOLDER = "구독자";
const METHODS_ID = "payment-method";
const AGREEMENT_ID = "agreement";

export interface PaymentScreenProps {
  plan: { id: string; name: string; price: number };
  /** Fallback Toss client key (VITE_TOSS_CLIENT_KEY) when GET /payments/config cannot be read. */
  clientKey: string;
  customerEmail: string | null;
  onCancel: () => void;
}

export type PaymentPhase = "loading" | "ready" | "processing";

export function PaymentScreen({ plan, clientKey, customerEmail, onCancel }: PaymentScreenProps) {
  const createIntent = useCreateIntent();
  const [intent, setIntent] = useState<PaymentIntent | null>(null);
  const [processing, setProcessing] = useState(false);
  const [customerKey] = useState(newCustomerKey);
  const requestedFor = useRef<string | null>(null);
  const orderName = orderNameFor(plan.name);

  useEffect(() => {
    if (requestedFor.current === plan.id) return;
    requestedFor.current = plan.id;
    createIntent.mutate(
      { planId: plan.id },
      {
        onSuccess: (data) => {
          if (!data?.intentId) {
            notify({ title: TOAST.payment.prepareFailTitle, description: TOAST.payment.prepareFail, variant: "destructive" });
            return;
          }
          setIntent(data);
        },
        onError: (error) => notifyFailure(TOAST.payment.prepareFailTitle, errorMessage(error, TOAST.payment.prepareFail)),
      },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [plan.id]);

  const config = usePaymentsConfig();
  const [attempt, setAttempt] = useState(0);
  const widgetKey = config.data ? config.data.clientKey : config.isError ? clientKey : null;
  const testMode = config.data ? config.data.mode === "test" : Boolean(widgetKey?.startsWith("test_"));
  const widget = useTossWidget({
    clientKey: widgetKey,
    attempt,
    customerKey,
    amount: intent?.amount ?? null,
    methodsSelector: `#${METHODS_ID}`,
    agreementSelector: `#${AGREEMENT_ID}`,
  });

  useEffect(() => {
    if (widget.status === "error") {
      notify({ title: TOAST.payment.errorTitle, description: widgetLoadErrorMessage(widget.error), variant: "destructive" });
    }
  }, [widget.status, widget.error]);

  const phase: PaymentPhase = processing ? "processing" : widget.status === "ready" ? "ready" : "loading";
  const failedToPrepare = createIntent.isError || widget.status === "error";
  const retryWidget = () => setAttempt((n) => n + 1);

  const handlePay = async () => {
    if (!widget.widgets || widget.status !== "ready") {
      notify({ title: TOAST.payment.errorTitle, description: TOAST.payment.widgetNotReady, variant: "destructive" });
      return;
    }
    if (!intent) {
      notify({ title: TOAST.payment.errorTitle, description: TOAST.payment.intentNotReady, variant: "destructive" });
      return;
    }
    setProcessing(true);
    try {
      const origin = window.location.origin;
      await widget.widgets.requestPayment({
        orderId: intent.intentId,
        orderName,
        successUrl: `${origin}/payment/success`,
        failUrl: `${origin}/payment/fail`,
        customerEmail: customerEmail ?? undefined,
        customerName: CUSTOMER_NAME_PLACEHOLDER,
      });
    } catch (error) {
      if (isUserCancel(error)) {
        notify({ title: TOAST.payment.cancelTitle, description: TOAST.payment.canceled });
      } else {
        notify({ title: TOAST.payment.errorTitle, description: requestErrorMessage(error), variant: "destructive" });
      }
      setProcessing(false);
    }
  };

  const amount = intent?.amount ?? plan.price;

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-6" data-testid="payment-screen" data-phase={phase}>
      <div>
        <Button variant="ghost" size="sm" onClick={onCancel} disabled={processing}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          플랜 목록으로
        </Button>
      </div>
      <Card>
        <CardBody className="gap-4">
          <div className="flex w-full flex-wrap items-end justify-between gap-2">
            <div>
              <h1 className="text-2xl font-semibold">{plan.name} 플랜 결제</h1>
              <p className="text-sm text-base-content/75" data-testid="payment-product">
                상품명: {orderName} · {PAID_TERM.renewal}
              </p>
            </div>
            <p className="text-2xl font-bold tabular-nums" data-testid="payment-amount">
              {formatWon(amount)}
            </p>
          </div>
          {testMode && <TestModeNotice />}
          {intent?.effect && <EffectNote effect={intent.effect} planName={plan.name} />}
          {phase === "loading" && !failedToPrepare && (
            <div className="flex justify-center py-4">
              <Spinner label="결제 정보를 준비하고 있습니다..." />
            </div>
          )}
          {failedToPrepare && (
            <div
              role="alert"
              className="alert alert-error alert-soft flex flex-wrap items-center justify-between gap-2"
              data-testid="payment-prepare-error"
            >
              <span>
                {createIntent.isError ? errorMessage(createIntent.error, TOAST.payment.prepareFail) : widgetLoadErrorMessage(widget.error)}
              </span>
              {!createIntent.isError && (
                <Button size="sm" variant="outline" onClick={retryWidget} data-testid="widget-retry">
                  <RotateCcw className="size-4" aria-hidden="true" />
                  다시 시도
                </Button>
              )}
            </div>
          )}
          <div id={METHODS_ID} data-testid="payment-methods" className="min-h-4" />
          <div id={AGREEMENT_ID} data-testid="payment-agreement" />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onCancel} disabled={processing}>
              취소
            </Button>
            <Button onClick={handlePay} loading={processing} disabled={phase !== "ready" && !processing} data-testid="pay-button">
              <CreditCard className="size-4" aria-hidden="true" />
              {processing ? "결제 진행 중..." : `${formatWon(amount)} 결제하기`}
            </Button>
          </div>
        </CardBody>
      </Card>
    </div>
  );
}

/** Before payment: when the bought month starts (§ billing lifecycle). */
function EffectNote({ effect, planName }: { effect: NonNullable<PaymentIntent["effect"]>; planName: string }) {
  const date = formatSeoulDate(effect.startsAt, "longDateTime");
  const text =
    effect.kind === "extend"
      ? `현재 ${planName} 플랜이 끝나는 ${date}부터 한 달 연장됩니다.`
      : effect.kind === "scheduled"
        ? `${planName} 플랜은 현재 플랜이 끝나는 ${date}부터 한 달간 적용됩니다. 그때까지는 현재 플랜을 그대로 이용합니다.`
        : effect.kind === "upgrade"
          ? `결제하는 즉시 ${planName} 플랜이 시작되어 한 달간 이용할 수 있습니다. 현재 플랜의 남은 기간은 이어지지 않습니다.`
          : `결제하는 즉시 ${planName} 플랜이 시작되어 한 달간 이용할 수 있습니다. 자동으로 갱신되지 않으며, 기간이 끝나면 체험판으로 돌아갑니다.`;
  return (
    <p role="note" className="rounded-box bg-base-200 p-3 text-sm" data-testid="payment-effect" data-kind={effect.kind}>
      {text}
    </p>
  );
}
