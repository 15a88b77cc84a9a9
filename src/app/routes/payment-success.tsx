import { env } from "@/config/env";
import { PaymentSuccessView } from "@/features/payments/components/payment-success-view";

export default function PaymentSuccessRoute() {
  return <PaymentSuccessView supportEmail={env.SUPPORT_EMAIL} />;
}
