import { useCallback, useState } from "react";
import type { ApiError } from "@/lib/api-client";
import { usageLimitDataFrom, type UsageLimitData } from "@/features/sessions/utils/usage-limit";

/** State for the 사용 한도 초과 dialog: `show(error)` with a usageExceeded ApiError opens it. */
export function useUsageLimitDialog() {
  const [data, setData] = useState<UsageLimitData | null>(null);
  const show = useCallback((error: ApiError) => setData(usageLimitDataFrom(error)), []);
  const close = useCallback(() => setData(null), []);
  return {
    show,
    close,
    dialogProps: {
      open: data !== null,
      data,
      onOpenChange: (open: boolean) => {
        if (!open) setData(null);
      },
    },
  };
}
