import { CardReturn } from "@/features/billing/components/card-return";

export default function BillingCardFailRoute() {
  return <CardReturn outcome="fail" />;
}
