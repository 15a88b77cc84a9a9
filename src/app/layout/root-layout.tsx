import { Suspense } from "react";
import { Outlet, ScrollRestoration } from "react-router-dom";
import { Footer } from "@/components/layout/footer";
import { Header } from "@/components/layout/header";
import { PageSpinner } from "@/components/ui/spinner";

export function RootLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-base-200/40">
      <a href="#main-content" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 btn btn-sm">
        본문으로 건너뛰기
      </a>
      <Header />
      <main id="main-content" className="flex w-full flex-1 flex-col">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
