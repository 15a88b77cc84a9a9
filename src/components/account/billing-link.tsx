import { Link } from "react-router-dom";
import { paths } from "@/config/paths";

/** The one-line way to 결제 관리 (정기 구독, 결제 수단, 해지), on the account and plans pages. */
export function BillingLink() {
  return (
    <Link to={paths.billingManage.getHref()} className="link link-primary text-sm" data-testid="billing-manage-link">
      결제 관리 (정기 구독·결제 수단·해지)
    </Link>
  );
}
