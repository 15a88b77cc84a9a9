import { lazy, Suspense, useSyncExternalStore, type ReactNode } from "react";
import { AuthProvider } from "@/lib/auth";
import { toaster } from "@/lib/notify";

const ThemedToaster = lazy(() => import("@/app/toaster"));

/** Mounts the toaster once something asked for a toast (lib/notify.ts). */
function ToasterHost() {
  const wanted = useSyncExternalStore(toaster.subscribe, toaster.isWanted, toaster.isWanted);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ThemedToaster />
    </Suspense>
  );
}

/**
 * TanStack Query's provider is not here: the pages that use it bring it (lib/query-provider.tsx,
 * wrapped around every lazy route by app/router.tsx), so a signed-out visitor's first page loads no Query code.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <AuthProvider>
      {children}
      <ToasterHost />
    </AuthProvider>
  );
}
