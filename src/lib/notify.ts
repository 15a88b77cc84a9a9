import { toast } from "sonner";

export type NotifyVariant = "default" | "destructive";

export interface NotifyOptions {
  title: string;
  description?: string;
  variant?: NotifyVariant;
}

export function notify({ title, description, variant = "default" }: NotifyOptions) {
  if (variant === "destructive") return toast.error(title, { description });
  return toast(title, { description });
}

/**
 * Toasts sit at the top, over the sticky header (h-16), never over the page's primary action or
 * its fields (issue 15 item 7: at the bottom right a toast hid 'AI 첨삭 시작' for 5 s, and on a
 * phone the full-width bottom toast hid the fields). The toast is compact so that one line of
 * title and one of description fit the header band.
 */
export const TOASTER_PROPS = {
  visibleToasts: 1,
  duration: 5000,
  hotkey: ["F8"],
  swipeDirections: ["right", "top"],
  position: "top-right",
  offset: { top: 4, right: 16 },
  mobileOffset: { top: 4, left: 8, right: 8 },
  toastOptions: { style: { padding: "8px 14px" } },
  closeButton: true,
  richColors: true,
  containerAriaLabel: "알림",
} as const;
