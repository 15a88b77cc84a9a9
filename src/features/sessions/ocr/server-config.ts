import { queryOptions, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { api } from "@/lib/api-client";
import type { ServerConfig } from "@shared/types.ts";

export const serverConfigQuery = queryOptions({
  queryKey: ["server-config"] as const,
  queryFn: () => api.get<ServerConfig>("/config"),
  staleTime: 5 * 60_000,
  retry: 1,
});

/**
 * Resolves whether images chosen now must be read in the browser: the server reads them only
 * with its vision model (`serverOcr`). If the server cannot be asked, the browser reads them
 * (a server without a vision model refuses images anyway).
 */
export function useBrowserReadsImages(): () => Promise<boolean> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      return !(await queryClient.fetchQuery(serverConfigQuery)).serverOcr;
    } catch {
      return true;
    }
  }, [queryClient]);
}
