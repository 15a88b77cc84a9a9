import { Receipt } from "lucide-react";
import { PageHeader } from "@/components/layout/page-header";
import { Card, CardBody } from "@/components/ui/card";
import { DataTable } from "@/components/ui/data-table";
import { Skeleton } from "@/components/ui/skeleton";
import { Badge, type BadgeVariant } from "@/components/ui/badge";
import { paths } from "@/config/paths";
import { formatSeoulDate, formatWon } from "@shared/format.ts";
import type { PaymentRecord } from "@shared/types.ts";
import { PAYMENT_STATUS_LABELS } from "@/features/payments/utils/status";

const STATUS_VARIANTS: Record<PaymentRecord["status"], BadgeVariant> = {
  pending: "ghost",
  done: "success",
  failed: "destructive",
  canceled: "ghost",
  refunded: "warning",
  partially_refunded: "warning",
};

export interface BillingHistoryProps {
  payments: PaymentRecord[] | undefined;
  isLoading: boolean;
  isError: boolean;
}

/** 결제 내역: every payment with date, plan, amount, method, status, the month it bought and Toss's receipt. */
export function BillingHistory({ payments, isLoading, isError }: BillingHistoryProps) {
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-6">
      <PageHeader
        back={{ to: paths.plans.getHref(), label: "구독 플랜" }}
        title="결제 내역"
        description="결제한 플랜과 이용 기간, 환불 여부를 확인할 수 있습니다. 금액은 부가세 포함입니다."
      />
      {isError && (
        <div role="alert" className="alert alert-error">
          결제 내역을 불러오지 못했습니다. 잠시 후 다시 시도해 주세요.
        </div>
      )}
      {isLoading && <Skeleton className="h-40 w-full" />}
      {payments && payments.length === 0 && (
        <Card>
          <CardBody className="items-center text-center text-base-content/70" data-testid="billing-empty">
            아직 결제 내역이 없습니다.
          </CardBody>
        </Card>
      )}
      {payments && payments.length > 0 && (
        <DataTable
          wrapperClassName="rounded-box border border-base-300"
          data-testid="billing-table"
          columns={["결제일", "플랜", { label: "금액", end: true }, "결제수단", "상태", "이용 기간", "영수증"]}
        >
          {payments.map((p) => (
            <tr key={p.orderId} data-testid="billing-row" data-order-id={p.orderId}>
              <td className="whitespace-nowrap">{formatSeoulDate(p.approvedAt ?? p.createdAt, "dateTime")}</td>
              <td>{p.planName}</td>
              <td className="whitespace-nowrap text-right tabular-nums" data-testid="billing-amount">
                {formatWon(p.amount)}
                {p.refundedAmount > 0 && <span className="block text-xs text-warning">환불 {formatWon(p.refundedAmount)}</span>}
              </td>
              <td>{p.method ?? "-"}</td>
              <td>
                <Badge size="sm" variant={STATUS_VARIANTS[p.status]} data-testid="billing-status">
                  {PAYMENT_STATUS_LABELS[p.status]}
                </Badge>
              </td>
              <td className="whitespace-nowrap text-sm">
                {p.periodStart && p.periodEnd ? `${formatSeoulDate(p.periodStart, "date")} ~ ${formatSeoulDate(p.periodEnd, "date")}` : "-"}
              </td>
              <td>
                {p.receiptUrl ? (
                  <a href={p.receiptUrl} target="_blank" rel="noreferrer noopener" className="link inline-flex items-center gap-1">
                    <Receipt className="size-4" aria-hidden="true" />
                    보기
                  </a>
                ) : (
                  "-"
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </div>
  );
}
