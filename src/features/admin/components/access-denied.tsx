import { House, ShieldAlert } from "lucide-react";
import { Card, CardBody } from "@/components/ui/card";
import { IconLink } from "@/components/ui/icon-link";
import { paths } from "@/config/paths";

/** Shown to signed-in non-admins on admin pages (the server refuses them anyway). */
export function AccessDenied() {
  return (
    <section className="mx-auto w-full max-w-lg px-4 py-16">
      <Card data-testid="access-denied">
        <CardBody className="items-center gap-4 text-center">
          <ShieldAlert className="size-12 text-error" aria-hidden="true" />
          <h1 className="text-xl font-bold">접근 권한이 없습니다</h1>
          <p className="text-base-content/70">이 페이지는 관리자만 이용할 수 있습니다.</p>
          <IconLink to={paths.home.getHref()} icon={House} variant="primary" size="md">
            홈으로 돌아가기
          </IconLink>
        </CardBody>
      </Card>
    </section>
  );
}
