// Toasts. sonner (and its <Toaster>) is loaded with the first notification, not with the page:
// notify() asks <ToasterHost> (app/provider.tsx) to mount the toaster, waits until it listens, then shows.
export type NotifyVariant = "default" | "destructive";

export interface NotifyOptions {
  title: string;
  description?: string;
  variant?: NotifyVariant;
}

/**
 * Toasts sit at the top, over the sticky header (h-16), never over the page's primary action or
 * its fields (at the bottom right a toast hid 'AI 첨삭 시작' for 5 s, and on a
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

/** The toaster's state: wanted once a toast was asked for; `ready` resolves when it is mounted. */
export const toaster = {
  wanted: false,
  listeners: new Set<() => void>(),
  ready: undefined as Promise<void> | undefined,
  markReady: () => {},
  subscribe(listener: () => void) {
    toaster.listeners.add(listener);
    return () => toaster.listeners.delete(listener);
  },
  isWanted: () => toaster.wanted,
  /** Mounts the toaster (once) and resolves when it listens. */
  want(): Promise<void> {
    toaster.ready ??= new Promise<void>((resolve) => {
      toaster.markReady = resolve;
    });
    if (!toaster.wanted) {
      toaster.wanted = true;
      toaster.listeners.forEach((listener) => listener());
    }
    return toaster.ready;
  },
};

export function notify({ title, description, variant = "default" }: NotifyOptions): void {
  void Promise.all([import("sonner"), toaster.want()]).then(([{ toast }]) => {
    if (variant === "destructive") toast.error(title, { description });
    else toast(title, { description });
  });
}
