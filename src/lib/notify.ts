// Toasts. sonner (and its <Toaster>) is loaded with the first notification, not with the page:
// notify() asks <ToasterHost> (app/provider.tsx) to mount the toaster, waits until it listens, then shows.
export type NotifyVariant = "default" | "destructive";

export interface NotifyOptions {
  title: string;
  description?: string;
  variant?: NotifyVariant;
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
