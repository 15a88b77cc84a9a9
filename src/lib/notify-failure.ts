// Kept apart from notify.ts so that a test replacing notify() sees these toasts too.
import { errorMessage } from "@/lib/api-client";
import { notify } from "@/lib/notify";

/** A failure's toast (red): what failed, and why (usually `errorMessage(error, fallback)`). */
export function notifyFailure(title: string, description: string): void {
  notify({ title, description, variant: "destructive" });
}

/**
 * A mutation's toasts for `action`: "<action> 완료" with `success(result)`, then `after()`; or the red
 * "<action> 실패" with the server's message, else `fallback`.
 */
export function outcomeToasts<T>(action: string, fallback: string, success: (result: T) => string, after: () => void) {
  return {
    onSuccess: (result: T) => {
      notify({ title: `${action} 완료`, description: success(result) });
      after();
    },
    onError: (error: unknown) => notifyFailure(`${action} 실패`, errorMessage(error, fallback)),
  };
}
