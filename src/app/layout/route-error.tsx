import { Link } from "react-router-dom";
import { Footer } from "@/components/layout/footer";
import { Header } from "@/components/layout/header";
import { paths } from "@/config/paths";

export function RouteError({ error }: { error: unknown }) {
  const detail = error instanceof Error ? error.message : "";
  return (
    <div className="flex min-h-screen flex-col">
      <Header />
      <main className="mx-auto flex max-w-xl flex-1 flex-col items-center justify-center gap-4 px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">문제가 발생했습니다</h1>
        <p className="text-base-content/70">페이지를 표시하는 중 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.</p>
        {detail && <p className="text-sm text-base-content/70">{detail}</p>}
        <div className="flex gap-2">
          <button type="button" className="btn btn-outline" onClick={() => window.location.reload()}>
            새로고침
          </button>
          <Link to={paths.home.getHref()} className="btn btn-primary">
            홈으로 돌아가기
          </Link>
        </div>
      </main>
      <Footer />
    </div>
  );
}
