import { useState } from "react";
import { Link } from "react-router-dom";
import { PageHeader } from "@/components/layout/page-header";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DataTable } from "@/components/ui/data-table";
import { EmptyState, Section } from "@/components/ui/section";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { formatSeoulDate, formatWon } from "@shared/format.ts";
import type { Plan } from "@shared/types.ts";
import { requestCardRegistration } from "@/features/billing/api/billing-auth";
import {
  type BillingOverview,
  useBilling,
  useCancelPlanChange,
  useCancelSubscription,
  useCardChange,
  useRefundPayment,
  useResumeSubscription,
} from "@/features/billing/api/billing";
import { SubscribeForm } from "@/features/billing/components/subscribe-form";
import { PlanChangeForm } from "@/features/billing/components/plan-change";

const STATUS_TEXT: Record<BillingOverview["status"], string> = {
  active: "정기 구독 중",
  past_due: "결제 실패 · 재시도 중",
  canceled: "해지 예약됨",
  one_time: "1개월 이용권 (자동 갱신 없음)",
  none: "구독 없음",
};

const PAYMENT_STATUS: Record<string, string> = {
  done: "결제 완료",
  failed: "결제 실패",
  refunded: "환불",
  partially_refunded: "부분 환불",
};

const KIND_TEXT: Record<string, string> = {
  one_time: "이용권",
  subscription: "구독 시작",
  renewal: "정기 결제",
  upgrade: "플랜 변경 차액",
};

function CurrentSubscription({ billing }: { billing: BillingOverview }) {
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelSubscription();
  const resume = useResumeSubscription();
  const change = useCardChange();
  const dropChange = useCancelPlanChange();
  const run = async (action: () => Promise<{ message: string }>, title: string) => {
    try {
      notify({ title, description: (await action()).message });
    } catch (error) {
      notify({ title, description: errorMessage(error, "잠시 후 다시 시도해 주세요."), variant: "destructive" });
    }
  };
  const changeCard = async () => {
    try {
      const { clientKey, customerKey } = await change.mutateAsync(undefined);
      await requestCardRegistration(clientKey, customerKey);
    } catch (error) {
      notify({ title: "결제 수단 변경", description: errorMessage(error, "잠시 후 다시 시도해 주세요."), variant: "destructive" });
    }
  };
  const renewing = billing.status === "active" || billing.status === "past_due" || billing.status === "canceled";

  return (
    <div className="space-y-4" data-testid="billing-current">
      <dl className="grid grid-cols-[8rem_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-base-content/75">플랜</dt>
        <dd data-testid="billing-plan">
          {billing.plan?.name ?? "체험판"}
          {billing.period && ` · ${billing.period === "yearly" ? "연간" : "월간"}`}
        </dd>
        <dt className="text-base-content/75">상태</dt>
        <dd data-testid="billing-status">{STATUS_TEXT[billing.status]}</dd>
        {billing.nextCharge && (
          <>
            <dt className="text-base-content/75">다음 결제</dt>
            <dd className="tabular-nums" data-testid="billing-next-charge">
              {formatSeoulDate(billing.nextCharge.at)} · {formatWon(billing.nextCharge.amount)}
            </dd>
          </>
        )}
        {billing.scheduledChange && (
          <>
            <dt className="text-base-content/75">예약된 변경</dt>
            <dd className="tabular-nums" data-testid="billing-scheduled-change">
              {formatSeoulDate(billing.scheduledChange.at)}부터 {billing.scheduledChange.planName} 플랜
              {billing.scheduledChange.period === "yearly" ? " · 연간" : " · 월간"} · {formatWon(billing.scheduledChange.amount)}
            </dd>
          </>
        )}
        {billing.priceChange && (
          <>
            <dt className="text-base-content/75">요금 변경</dt>
            <dd className="tabular-nums" data-testid="billing-price-change">
              {formatSeoulDate(billing.priceChange.from)} 결제부터 {formatWon(billing.priceChange.amount)}
            </dd>
          </>
        )}
        {billing.endsAt && (
          <>
            <dt className="text-base-content/75">이용 종료</dt>
            <dd className="tabular-nums" data-testid="billing-ends-at">
              {formatSeoulDate(billing.endsAt)}
            </dd>
          </>
        )}
        {billing.card && (
          <>
            <dt className="text-base-content/75">카드</dt>
            <dd className="tabular-nums" data-testid="billing-card">
              {billing.card.company} {billing.card.masked}
            </dd>
          </>
        )}
      </dl>
      {billing.status === "past_due" && (
        <p role="alert" className="alert alert-warning text-sm">
          정기 결제가 거절되었습니다. {billing.retry?.nextAttemptAt && `${formatSeoulDate(billing.retry.nextAttemptAt)}에 다시 시도하며, `}
          그때까지 플랜을 계속 이용할 수 있습니다. 다른 카드로 바꾸면 바로 다시 결제합니다.
        </p>
      )}
      {renewing && (
        <div className="flex flex-wrap gap-2">
          {billing.status === "canceled" ? (
            <Button
              variant="outline"
              size="sm"
              onClick={() => run(() => resume.mutateAsync(undefined), "해지 취소")}
              loading={resume.isPending}
              data-testid="billing-resume"
            >
              해지 취소
            </Button>
          ) : (
            <Button variant="outline" size="sm" onClick={() => setConfirming(true)} data-testid="billing-cancel">
              구독 해지
            </Button>
          )}
          {billing.scheduledChange && (
            <Button
              variant="outline"
              size="sm"
              onClick={() => run(() => dropChange.mutateAsync(undefined), "플랜 변경 취소")}
              loading={dropChange.isPending}
              data-testid="billing-cancel-change"
            >
              플랜 변경 취소
            </Button>
          )}
          {billing.status !== "canceled" && (
            <Button variant="outline" size="sm" onClick={changeCard} loading={change.isPending} data-testid="billing-change-card">
              결제 수단 변경
            </Button>
          )}
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title="구독을 해지할까요?"
        description={
          billing.renewsAt
            ? `${formatSeoulDate(billing.renewsAt)}부터 자동 결제되지 않습니다. 그때까지 지금 플랜을 이용할 수 있고, 그 전에는 해지를 취소할 수 있습니다.`
            : "자동 결제가 중단됩니다."
        }
        confirmLabel="구독 해지"
        busy={cancel.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          await run(() => cancel.mutateAsync(undefined), "구독 해지");
          setConfirming(false);
        }}
      />
    </div>
  );
}

/** The payments; a charge within 7 days with no grading since offers 환불 요청 (confirmed once). */
function PaymentTable({ payments }: { payments: BillingOverview["payments"] }) {
  const [refunding, setRefunding] = useState<BillingOverview["payments"][number] | null>(null);
  const refund = useRefundPayment();
  if (payments.length === 0) return <EmptyState title="아직 결제 내역이 없습니다." />;
  const confirmRefund = async () => {
    if (!refunding) return;
    try {
      notify({ title: "환불 요청", description: (await refund.mutateAsync(refunding.id)).message });
    } catch (error) {
      notify({ title: "환불 요청", description: errorMessage(error, "잠시 후 다시 시도해 주세요."), variant: "destructive" });
    }
    setRefunding(null);
  };
  return (
    <>
      <DataTable
        wrapperClassName="rounded-box border border-base-300"
        data-testid="billing-payments"
        columns={["결제일", "내용", { label: "금액", end: true }, "상태", "영수증", "환불"]}
      >
        {payments.map((p) => (
          <tr key={p.id} data-testid="billing-payment-row">
            <td className="whitespace-nowrap tabular-nums">{formatSeoulDate(p.approvedAt ?? p.createdAt)}</td>
            <td>
              {p.planName} · {KIND_TEXT[p.kind] ?? p.kind}
            </td>
            <td className="whitespace-nowrap text-right tabular-nums">{formatWon(p.amount)}</td>
            <td>{PAYMENT_STATUS[p.status] ?? p.status}</td>
            <td>
              {p.receiptUrl ? (
                <a href={p.receiptUrl} target="_blank" rel="noreferrer" className="link link-primary">
                  영수증
                </a>
              ) : (
                "—"
              )}
            </td>
            <td>
              {p.refundable ? (
                <Button variant="ghost" size="sm" onClick={() => setRefunding(p)} data-testid="billing-refund">
                  환불 요청
                </Button>
              ) : (
                "—"
              )}
            </td>
          </tr>
        ))}
      </DataTable>
      <ConfirmDialog
        open={refunding !== null}
        title="환불을 요청할까요?"
        description={
          refunding
            ? `${formatWon(refunding.amount)}이 결제 수단으로 전액 환불되고, 지금 플랜은 바로 끝나 체험판으로 전환됩니다. 자동 결제도 중단됩니다.`
            : ""
        }
        confirmLabel="환불 요청"
        busy={refund.isPending}
        onCancel={() => setRefunding(null)}
        onConfirm={confirmRefund}
      />
    </>
  );
}

/** 결제 관리: the plan, the next charge, the card, 구독 해지 / 해지 취소 / 결제 수단 변경, notices and the payments. */
export function BillingManage({ plans }: { plans: Plan[] }) {
  const billing = useBilling();
  const data = billing.data;
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-6">
      <PageHeader
        back={{ to: paths.account.getHref(), label: "계정" }}
        title="결제 관리"
        description="정기 구독과 결제 수단, 결제 내역을 관리합니다. 금액은 부가세 포함입니다."
      />
      {billing.isError && (
        <div role="alert" className="alert alert-error">
          결제 정보를 불러오지 못했습니다. 잠시 후 다시 시도해 주세요.
        </div>
      )}
      {billing.isLoading && <Skeleton className="h-40 w-full" />}
      {data && (
        <div className="space-y-8">
          {data.notices.length > 0 && (
            <Section title="알림" testId="billing-notices">
              <ul className="space-y-2 text-sm">
                {data.notices.map((n) => (
                  <li key={n.id}>
                    <span className="text-base-content/75 tabular-nums">{formatSeoulDate(n.createdAt)}</span> {n.message}
                  </li>
                ))}
              </ul>
            </Section>
          )}
          <Section title="현재 구독">
            <CurrentSubscription billing={data} />
          </Section>
          {data.status === "active" && (
            <Section
              title="플랜 변경"
              description="더 높은 플랜은 지금 바로 바뀌고 남은 기간의 차액만 결제됩니다. 더 낮은 플랜과 결제 주기 변경은 다음 결제일부터 적용됩니다."
            >
              <PlanChangeForm plans={plans} billing={data} />
            </Section>
          )}
          {data.status === "none" && data.available && (
            <Section title="정기 구독 시작" description="카드를 등록하면 첫 결제가 바로 이루어지고, 해지할 때까지 자동으로 갱신됩니다.">
              <SubscribeForm plans={plans} />
            </Section>
          )}
          <Section
            title="결제 내역"
            actions={
              <Link to={paths.plans.getHref()} className="link link-primary text-sm">
                구독 플랜 보기
              </Link>
            }
          >
            <PaymentTable payments={data.payments} />
          </Section>
        </div>
      )}
    </div>
  );
}
