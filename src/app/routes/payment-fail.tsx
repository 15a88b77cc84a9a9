import { PaymentFailView } from "@/features/payments/components/payment-fail-view";

export default function PaymentFailRoute() {
  return <PaymentFailView />;
}
