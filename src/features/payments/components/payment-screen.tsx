import { useEffect, useRef, useState } from "react";
import { ArrowLeft, CreditCard } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { TOAST } from "@shared/messages.ts";
import type { PaymentIntent } from "@shared/types.ts";
import { useCreateIntent } from "@/features/payments/api/create-intent";
import { TestModeNotice } from "@/features/payments/components/test-mode-notice";
import { useTossWidget } from "@/features/payments/hooks/use-toss-widget";
import { newCustomerKey } from "@/features/payments/utils/customer-key";
import { formatWon } from "@/features/payments/utils/format";
import { isUserCancel, requestErrorMessage, widgetLoadErrorMessage } from "@/features/payments/utils/widget-errors";

export const CUSTOMER_NAME_PLACEHOLDER = "구독자";
const METHODS_ID = "payment-method";
const AGREEMENT_ID = "agreement";

export interface PaymentScreenProps {
  plan: { id: string; name: string; price: number };
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
  const orderName = `${plan.name} 구독`;

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
        onError: (error) =>
          notify({
            title: TOAST.payment.prepareFailTitle,
            description: errorMessage(error, TOAST.payment.prepareFail),
            variant: "destructive",
          }),
      },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [plan.id]);

  const widget = useTossWidget({
    clientKey,
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
              <h1 className="text-2xl font-bold">{plan.name} 플랜 결제</h1>
              <p className="text-sm text-base-content/70">상품명: {orderName} · 월 정기 구독</p>
            </div>
            <p className="text-2xl font-extrabold" data-testid="payment-amount">
              {formatWon(amount)}원
            </p>
          </div>
          <TestModeNotice />
          {phase === "loading" && !failedToPrepare && (
            <div className="flex justify-center py-4">
              <Spinner label="결제 정보를 준비하고 있습니다..." />
            </div>
          )}
          {failedToPrepare && (
            <div role="alert" className="alert alert-error alert-soft">
              {createIntent.isError ? errorMessage(createIntent.error, TOAST.payment.prepareFail) : widgetLoadErrorMessage(widget.error)}
            </div>
          )}
          <div id={METHODS_ID} data-testid="payment-methods" className="min-h-4" />
          <div id={AGREEMENT_ID} data-testid="payment-agreement" />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onCancel} disabled={processing}>
              취소
            </Button>
            <Button onClick={handlePay} loading={processing} data-testid="pay-button">
              <CreditCard className="size-4" aria-hidden="true" />
              {processing ? "결제 진행 중..." : `${formatWon(amount)}원 결제하기`}
            </Button>
          </div>
        </CardBody>
      </Card>
    </div>
  );
}
