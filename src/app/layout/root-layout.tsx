import { Component, lazy, Suspense, type ErrorInfo, type ReactNode } from "react";
import { Outlet, useLocation } from "react-router-dom";
import { Footer } from "@/components/layout/footer";
import { Header } from "@/components/layout/header";
import { PageSpinner } from "@/components/ui/spinner";
import { useFocusHeading } from "@/app/layout/use-focus-heading";

const RouteError = lazy(() => import("@/app/layout/route-error").then((m) => ({ default: m.RouteError })));

/** A page that throws while rendering shows RouteError (the declarative router has no errorElement). */
class RouteErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, { error: unknown; key: string }> {
  state = { error: undefined as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { error: unknown; key: string }) {
    // Navigating elsewhere clears the error.
    return props.resetKey === state.key ? null : { error: undefined, key: props.resetKey };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error("페이지를 표시하는 중 오류가 발생했습니다.", error, info.componentStack);
  }

  render() {
    if (this.state.error === undefined) return this.props.children;
    return (
      <Suspense fallback={null}>
        <RouteError error={this.state.error} />
      </Suspense>
    );
  }
}

export function RootLayout() {
  const { pathname } = useLocation();
  useFocusHeading();
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <div className="flex min-h-screen flex-col bg-base-200/40">
        <a href="#main-content" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 btn btn-sm">
          본문으로 건너뛰기
        </a>
        <Header />
        {/* At least a screen tall: the footer starts below the fold, so a page arriving after the
            spinner does not push visible content down (layout shift, Lighthouse CLS). */}
        <main id="main-content" className="flex min-h-svh w-full flex-1 flex-col">
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </main>
        <Footer />
      </div>
    </RouteErrorBoundary>
  );
}
