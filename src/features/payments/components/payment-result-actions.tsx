import { Link } from "react-router-dom";
import { buttonClass } from "@/components/ui/button";
import { paths } from "@/config/paths";

export function PaymentResultActions() {
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
      <Link to={paths.plans.getHref()} className={buttonClass({ variant: "outline" })}>
        플랜 보기
      </Link>
      <Link to={paths.myWork.getHref()} className={buttonClass({ variant: "primary" })}>
        내 작업으로
      </Link>
    </div>
  );
}
