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

export const TOASTER_PROPS = {
  visibleToasts: 1,
  duration: 5000,
  hotkey: ["F8"],
  swipeDirections: ["right"],
  position: "bottom-right",
  closeButton: true,
  richColors: true,
  containerAriaLabel: "알림",
} as const;
