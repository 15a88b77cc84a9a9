import { CardReturn } from "@/features/billing/components/card-return";

export default function BillingCardSuccessRoute() {
  return <CardReturn outcome="success" />;
}
