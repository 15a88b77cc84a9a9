import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Toaster } from "sonner";
import { AuthProvider } from "@/lib/auth";
import { TOASTER_PROPS } from "@/lib/notify";
import { queryClient } from "@/lib/query-client";
import { useTheme } from "@/lib/theme";

function ThemedToaster() {
  const { theme } = useTheme();
  return (
    <Toaster
      {...TOASTER_PROPS}
      hotkey={[...TOASTER_PROPS.hotkey]}
      swipeDirections={[...TOASTER_PROPS.swipeDirections]}
      theme={theme}
    />
  );
}

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        {children}
        <ThemedToaster />
      </AuthProvider>
    </QueryClientProvider>
  );
}
