import { lazy, Suspense, type ReactNode } from "react";
import { PageSpinner } from "@/components/ui/spinner";
import { useAuth } from "@/lib/auth";

const AuthScreen = lazy(() => import("@/features/auth/components/auth-screen"));

export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { user, isLoading } = useAuth();
  if (isLoading) return <PageSpinner />;
  if (!user) {
    return (
      <Suspense fallback={<PageSpinner />}>
        <AuthScreen />
      </Suspense>
    );
  }
  return <>{children}</>;
}
