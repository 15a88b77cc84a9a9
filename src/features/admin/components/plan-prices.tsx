// 플랜 가격: an admin changes a paid plan's monthly and yearly price. The database announces an increase to
// renewing subscribers and applies it from their first renewal at least 30 days later; a decrease applies
// from the next renewal. The confirmation says so before anything changes.
import { useState } from "react";
import { formatWon } from "@shared/format.ts";
import type { Plan } from "@shared/types.ts";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Input } from "@/components/ui/input";
import { Section } from "@/components/ui/section";
import { Spinner } from "@/components/ui/spinner";
import { usePlanOptions } from "@/features/admin/api/get-plans";
import { useChangePlanPrice } from "@/features/admin/api/change-plan-price";
import { outcomeToasts } from "@/lib/notify-failure";

const MAX_WON = 100_000_000;

/** A typed price: digits (commas allowed) within 0 … 1억 원, or null when it is not one. */
function parseWon(text: string): number | null {
  const t = text.replace(/[,\s]/g, "");
  if (!/^\d{1,9}$/.test(t)) return null;
  const n = Number(t);
  return n <= MAX_WON ? n : null;
}

interface Draft {
  price: string;
  yearly: string;
}

function PlanPriceRow({ plan, onSave }: { plan: Plan; onSave: (plan: Plan, price: number, yearly: number | null) => void }) {
  const [draft, setDraft] = useState<Draft>({
    price: String(plan.price),
    yearly: plan.yearlyPrice == null ? "" : String(plan.yearlyPrice),
  });
  const price = parseWon(draft.price);
  const yearly = draft.yearly.trim() === "" ? null : parseWon(draft.yearly);
  const yearlyInvalid = draft.yearly.trim() !== "" && yearly === null;
  const changed = price !== plan.price || yearly !== (plan.yearlyPrice ?? null);
  return (
    <tr data-testid={`plan-price-${plan.id}`}>
      <th scope="row" className="font-normal">
        {plan.name}
      </th>
      <td className="text-right">
        <span className="flex items-center justify-end gap-1">
          <span className="w-32">
            <Input
              className="text-right tabular-nums"
              inputMode="numeric"
              aria-label={`${plan.name} 월 가격`}
              value={draft.price}
              invalid={price === null}
              onChange={(e) => setDraft({ ...draft, price: e.target.value })}
            />
          </span>
          원
        </span>
      </td>
      <td className="text-right">
        <span className="flex items-center justify-end gap-1">
          <span className="w-32">
            <Input
              className="text-right tabular-nums"
              inputMode="numeric"
              aria-label={`${plan.name} 연 가격`}
              placeholder="없음"
              value={draft.yearly}
              invalid={yearlyInvalid}
              onChange={(e) => setDraft({ ...draft, yearly: e.target.value })}
            />
          </span>
          원
        </span>
      </td>
      <td className="text-right">
        <Button
          size="sm"
          variant="ghost"
          disabled={!changed || price === null || yearlyInvalid}
          onClick={() => price !== null && onSave(plan, price, yearly)}
        >
          저장
        </Button>
      </td>
    </tr>
  );
}

export function PlanPrices({ enabled }: { enabled: boolean }) {
  const plans = usePlanOptions({ enabled });
  const change = useChangePlanPrice();
  const [pending, setPending] = useState<{ plan: Plan; price: number; yearly: number | null } | null>(null);
  const paid = (plans.data ?? []).filter((p) => p.id !== "trial");

  const confirm = () => {
    if (!pending) return;
    change.mutate(
      { planId: pending.plan.id, price: pending.price, yearlyPrice: pending.yearly },
      outcomeToasts(
        "가격 변경",
        "가격을 바꾸지 못했습니다.",
        (r) => r.message,
        () => setPending(null),
      ),
    );
  };

  return (
    <Section
      title="플랜 가격"
      description="정기 구독자에게는 인상 30일 뒤 첫 갱신부터, 인하는 다음 갱신부터 적용되며 앱과 메일로 안내됩니다."
      testId="plan-prices"
    >
      {plans.isPending ? (
        <Spinner />
      ) : (
        <div className="overflow-x-auto">
          <table className="table table-sm w-full max-w-2xl">
            <thead>
              <tr>
                <th scope="col">플랜</th>
                <th scope="col" className="text-right">
                  월 가격
                </th>
                <th scope="col" className="text-right">
                  연 가격
                </th>
                <th scope="col">
                  <span className="sr-only">저장</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {paid.map((p) => (
                <PlanPriceRow
                  key={`${p.id}-${p.price}-${p.yearlyPrice ?? ""}`}
                  plan={p}
                  onSave={(plan, price, yearly) => setPending({ plan, price, yearly })}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        open={pending !== null}
        title={pending ? `${pending.plan.name} 플랜의 가격을 바꿀까요?` : ""}
        description={
          pending
            ? `월 ${formatWon(pending.price)}${pending.yearly === null ? " · 연간 결제 없음" : ` · 연 ${formatWon(pending.yearly)}`}. ` +
              (pending.price > pending.plan.price
                ? "인상된 가격은 정기 구독자에게 안내되고, 30일 이후의 첫 갱신부터 적용됩니다."
                : "정기 구독자의 다음 갱신부터 적용됩니다.")
            : undefined
        }
        confirmLabel="가격 변경"
        confirmVariant="primary"
        busy={change.isPending}
        onCancel={() => setPending(null)}
        onConfirm={confirm}
      />
    </Section>
  );
}
