import { useState } from "react";
import { formatSeoulDate, formatWon } from "@shared/format.ts";
import { Badge, type BadgeVariant } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { Dialog } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import type { PaymentRecord } from "@shared/types.ts";
import { refundFormulaText, suggestedRefund } from "@shared/refund.ts";
import { useMemberPayments, useWithdrawnPayments } from "@/features/admin/api/get-member-payments";
import { useRefundPayment } from "@/features/admin/api/refund-payment";
import type { AdminUser } from "@/features/admin/api/types";
import { outcomeToasts } from "@/lib/notify-failure";

const STATUS: Record<PaymentRecord["status"], { label: string; variant: BadgeVariant }> = {
  pending: { label: "결제 대기", variant: "ghost" },
  done: { label: "결제 완료", variant: "success" },
  failed: { label: "결제 실패", variant: "destructive" },
  canceled: { label: "취소됨", variant: "ghost" },
  refunded: { label: "환불됨", variant: "warning" },
  partially_refunded: { label: "부분 환불됨", variant: "warning" },
};

function refundable(p: PaymentRecord) {
  return (p.status === "done" || p.status === "partially_refunded") && p.amount - p.refundedAmount > 0;
}

export interface PaymentsDialogProps {
  /** The member whose payments are shown, or "withdrawn": the kept payment records of deleted accounts. */
  user: AdminUser | "withdrawn" | null;
  onClose: () => void;
}

/**
 * 결제 내역 of one member, or of deleted accounts (탈퇴한 회원: kept without the person for 5 years),
 * with 환불 (reason required, amount optional = all that is left).
 */
export function PaymentsDialog({ user: shown, onClose }: PaymentsDialogProps) {
  const withdrawn = shown === "withdrawn";
  const user = shown === "withdrawn" ? null : shown;
  const memberPayments = useMemberPayments(user?.id ?? null);
  const withdrawnPayments = useWithdrawnPayments(withdrawn);
  const payments = withdrawn ? withdrawnPayments : memberPayments;
  const buyer = user ? `${user.username}님` : "탈퇴한 회원";
  const refund = useRefundPayment();
  const [target, setTarget] = useState<PaymentRecord | null>(null);
  const [reason, setReason] = useState("");
  const [amount, setAmount] = useState("");

  const back = () => {
    setTarget(null);
    setReason("");
    setAmount("");
  };
  // the terms' formula prefills the amount (the admin may change it); within what is left to refund
  const choose = (p: PaymentRecord) => {
    setTarget(p);
    if (p.refundBasis) setAmount(String(Math.min(suggestedRefund(p.refundBasis), p.amount - p.refundedAmount)));
  };
  const close = () => {
    back();
    onClose();
  };

  const left = target ? target.amount - target.refundedAmount : 0;
  const amountValue = amount.trim() === "" ? undefined : Number(amount);
  const amountInvalid = amountValue !== undefined && (!Number.isInteger(amountValue) || amountValue < 1 || amountValue > left);

  const refunding = amountInvalid ? null : (amountValue ?? left);
  const confirm = () => {
    if (!shown || !target || !reason.trim() || refunding === null) return;
    const refunded = formatWon(refunding);
    refund.mutate(
      { userId: user?.id ?? null, orderId: target.orderId, reason: reason.trim(), amount: amountValue },
      outcomeToasts(
        "환불",
        "환불 처리 중 오류가 발생했습니다.",
        (result) => `${buyer}의 결제에서 ${refunded}을 환불했습니다. ${result.message}`,
        back,
      ),
    );
  };

  const footer = target ? (
    <>
      <Button variant="ghost" onClick={back} disabled={refund.isPending}>
        뒤로
      </Button>
      <Button variant="destructive" onClick={confirm} disabled={!reason.trim() || amountInvalid} loading={refund.isPending}>
        환불하기
      </Button>
    </>
  ) : (
    <Button variant="ghost" onClick={close}>
      닫기
    </Button>
  );

  return (
    <Dialog
      open={Boolean(shown)}
      onOpenChange={(open) => !open && close()}
      title={target ? "환불 확인" : withdrawn ? "탈퇴한 회원 결제 기록" : "결제 내역"}
      description={
        withdrawn
          ? "탈퇴한 회원의 결제 기록입니다. 법에 따라 회원을 알아볼 수 있는 정보 없이 5년간 보관됩니다. 금액은 부가세 포함입니다."
          : user
            ? `${user.username}님의 결제 내역입니다. 금액은 부가세 포함입니다.`
            : undefined
      }
      className="max-w-3xl"
      footer={footer}
    >
      {target ? (
        <div className="space-y-3" data-testid="refund-form">
          <p className="text-sm" data-testid="refund-summary">
            {target.planName} · {formatSeoulDate(target.approvedAt ?? target.createdAt, "date")} · {formatWon(target.amount)} 결제
            {target.refundedAmount > 0 && ` (이미 ${formatWon(target.refundedAmount)} 환불됨)`} 중{" "}
            {refunding === null ? (
              "환불할 금액을 확인해 주세요."
            ) : (
              <>
                <strong className="tabular-nums">{formatWon(refunding)}</strong>을 환불합니다.{" "}
                {refunding === left
                  ? "남은 금액 전액을 환불하면 그 결제로 이용 중인 기간의 남은 부분이 끝나고, 뒤에 이미 결제한 기간이 있으면 바로 시작됩니다(없으면 체험판으로 돌아갑니다)."
                  : "부분 환불은 이용 기간을 바꾸지 않습니다."}
              </>
            )}
          </p>
          <div>
            <Label htmlFor="refund-reason">환불 사유 (필수)</Label>
            <Input
              id="refund-reason"
              value={reason}
              maxLength={200}
              required
              onChange={(e) => setReason(e.target.value)}
              placeholder="예: 고객 요청"
            />
          </div>
          <div>
            <Label htmlFor="refund-amount">환불 금액 (원, 비우면 남은 금액 전액)</Label>
            <Input
              id="refund-amount"
              type="number"
              inputMode="numeric"
              min={1}
              max={left}
              step={1}
              value={amount}
              invalid={amountInvalid}
              aria-describedby="refund-amount-hint"
              onChange={(e) => setAmount(e.target.value)}
            />
            <p id="refund-amount-hint" className={amountInvalid ? "mt-1 text-sm text-error" : "mt-1 text-sm text-base-content/75"}>
              1원부터 {formatWon(left)}까지 입력할 수 있습니다.
            </p>
            {target.refundBasis && (
              <p className="mt-1 text-sm text-base-content/75 tabular-nums" data-testid="refund-formula">
                약관 기준 환불액: {refundFormulaText(target.refundBasis)} (1일 요금 × 남은 일수 − 사용한 첨삭 × 1회 요금, 0원 미만은 0원, 원
                단위 버림)
              </p>
            )}
          </div>
        </div>
      ) : payments.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : payments.isError ? (
        <p role="alert" className="text-sm text-error">
          결제 내역을 불러올 수 없습니다. {payments.error.message}
        </p>
      ) : payments.data.length === 0 ? (
        <p className="py-6 text-center text-base-content/70" data-testid="member-payments-empty">
          결제 내역이 없습니다.
        </p>
      ) : (
        <DataTable
          className="table-sm"
          data-testid="member-payments"
          columns={[
            "결제일",
            "플랜",
            { label: "금액", end: true },
            "상태",
            { label: "환불 금액", end: true },
            { label: <span className="sr-only">관리</span> },
          ]}
        >
          {payments.data.map((p) => (
            <tr key={p.orderId} data-testid="member-payment-row" data-order-id={p.orderId}>
              <td className="whitespace-nowrap">{formatSeoulDate(p.approvedAt ?? p.createdAt, "dateTime")}</td>
              <td>{p.planName}</td>
              <td className="whitespace-nowrap text-right tabular-nums">{formatWon(p.amount)}</td>
              <td>
                <Badge size="sm" variant={STATUS[p.status]?.variant ?? "outline"} data-testid="member-payment-status">
                  {STATUS[p.status]?.label ?? p.status}
                </Badge>
              </td>
              <td className="whitespace-nowrap text-right tabular-nums">{p.refundedAmount > 0 ? formatWon(p.refundedAmount) : "-"}</td>
              <td className="text-right">
                {refundable(p) && (
                  <Button size="xs" variant="outline" onClick={() => choose(p)}>
                    환불
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </Dialog>
  );
}
