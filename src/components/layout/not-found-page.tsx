import { Home } from "lucide-react";
import { Link } from "react-router-dom";
import { paths } from "@/config/paths";

export function NotFoundPage() {
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <p className="text-6xl font-black text-primary/80">404</p>
      <h1 className="text-2xl font-bold">404 Page Not Found</h1>
      <p className="text-base-content/70">요청하신 페이지를 찾을 수 없습니다. 주소를 다시 확인해 주세요.</p>
      <Link to={paths.home.getHref()} className="btn btn-primary gap-1.5">
        <Home className="size-4" aria-hidden="true" />
        홈으로 돌아가기
      </Link>
    </section>
  );
}
