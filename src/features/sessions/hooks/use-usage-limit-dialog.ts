import { useCallback, useState } from "react";
import { usageLimitDataFrom } from "@/features/sessions/utils/session-errors";
import type { UsageLimitData } from "@/features/sessions/utils/usage-limit";

/** State for the 사용 한도 초과 dialog: `show(error)` with a usage-exceeded error opens it. */
export function useUsageLimitDialog() {
  const [data, setData] = useState<UsageLimitData | null>(null);
  const show = useCallback((error: unknown) => setData(usageLimitDataFrom(error)), []);
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
