// Kept apart from notify.ts so that a test replacing notify() sees these toasts too.
import { notify } from "@/lib/notify";

/** A failure's toast (red): what failed, and why (usually `errorMessage(error, fallback)`). */
export function notifyFailure(title: string, description: string): void {
  notify({ title, description, variant: "destructive" });
}
