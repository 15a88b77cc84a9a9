import { useEffect, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { PageHeader } from "@/components/layout/page-header";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { useRegisterCard } from "@/features/billing/api/billing";

/**
 * Where Toss's card registration returns: on success (?customerKey&authKey) the card is registered once
 * (and the first period charged, or a declined renewal retried) and 결제 관리 opens; on failure
 * (?code&message) or a refused registration the reason is shown with the way back.
 */
export function CardReturn({ outcome }: { outcome: "success" | "fail" }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const register = useRegisterCard();
  const sent = useRef(false);
  const [error, setError] = useState<string | null>(outcome === "fail" ? (params.get("message") ?? "카드 등록이 취소되었습니다.") : null);

  useEffect(() => {
    if (outcome !== "success" || sent.current) return;
    sent.current = true;
    const authKey = params.get("authKey") ?? "";
    const customerKey = params.get("customerKey") ?? "";
    register
      .mutateAsync({ authKey, customerKey })
      .then((answer) => {
        notify({ title: "결제 관리", description: answer.message });
        navigate(paths.billingManage.getHref(), { replace: true });
      })
      .catch((err) => setError(errorMessage(err, "카드를 등록하지 못했습니다. 잠시 후 다시 시도해 주세요.")));
  }, [outcome, params, register, navigate]);

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-6">
      <PageHeader
        back={{ to: paths.billingManage.getHref(), label: "결제 관리" }}
        title="카드 등록"
        description="자동 결제에 쓸 카드를 등록합니다."
      />
      {error ? (
        <div role="alert" className="alert alert-error" data-testid="card-return-error">
          {error}
        </div>
      ) : (
        <p className="flex items-center gap-2 text-sm" data-testid="card-return-pending">
          <Spinner /> 카드를 등록하고 결제하는 중입니다…
        </p>
      )}
      {error && (
        <Link to={paths.billingManage.getHref()} className="link link-primary text-sm">
          결제 관리로 돌아가기
        </Link>
      )}
    </div>
  );
}
