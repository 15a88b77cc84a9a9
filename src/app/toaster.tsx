import { useEffect } from "react";
import { Toaster } from "sonner";
import { toaster, TOASTER_PROPS } from "@/lib/notify";
import { useTheme } from "@/lib/theme";

/** sonner's toaster, loaded by app/provider.tsx with the first notification. */
export default function ThemedToaster() {
  const { theme } = useTheme();
  // Child effects run first: by now <Toaster> has subscribed to sonner's toast state.
  useEffect(() => toaster.markReady(), []);
  return (
    <Toaster {...TOASTER_PROPS} hotkey={[...TOASTER_PROPS.hotkey]} swipeDirections={[...TOASTER_PROPS.swipeDirections]} theme={theme} />
  );
}
