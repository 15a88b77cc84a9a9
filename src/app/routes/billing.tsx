import { usePaymentHistory } from "@/features/payments/api/payment-history";
import { BillingHistory } from "@/features/payments/components/billing-history";

export default function BillingRoute() {
  const history = usePaymentHistory();
  return <BillingHistory payments={history.data} isLoading={history.isLoading} isError={history.isError} />;
}
