import { usePlans } from "@/features/plans/api/get-plans";
import { BillingManage } from "@/features/billing/components/billing-manage";

export default function BillingManageRoute() {
  const plans = usePlans();
  return <BillingManage plans={plans.data ?? []} />;
}
