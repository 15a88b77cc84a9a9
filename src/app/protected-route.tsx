import { lazy, Suspense, type ReactNode } from "react";
import { useLocation } from "react-router-dom";
import { PageSpinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { useAuth } from "@/lib/auth";

const AuthScreen = lazy(() => import("@/features/auth/components/auth-screen"));
const LandingPage = lazy(() => import("@/features/landing/components/landing-page"));

/** Signed out: the landing on `/` (the product, the guest trial, the sample), the login card on other app routes. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { user, isLoading } = useAuth();
  const { pathname } = useLocation();
  if (isLoading) return <PageSpinner />;
  if (!user) {
    return <Suspense fallback={<PageSpinner />}>{pathname === paths.home.path ? <LandingPage /> : <AuthScreen />}</Suspense>;
  }
  return <>{children}</>;
}
