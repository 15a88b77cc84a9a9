import { createContext, useContext, useId, type KeyboardEvent, type ReactNode } from "react";
import { cn } from "@/components/ui/cn";

interface TabsContextValue {
  value: string;
  onValueChange: (value: string) => void;
  baseId: string;
}

const TabsContext = createContext<TabsContextValue | null>(null);

function useTabs() {
  const context = useContext(TabsContext);
  if (!context) throw new Error("Tabs components must be used inside <Tabs>");
  return context;
}

const safe = (value: string) => value.replace(/[^a-zA-Z0-9_-]/g, "_");

export interface TabsProps {
  value: string;
  onValueChange: (value: string) => void;
  children: ReactNode;
  className?: string;
}

export function Tabs({ value, onValueChange, children, className }: TabsProps) {
  const baseId = useId();
  return (
    <TabsContext.Provider value={{ value, onValueChange, baseId }}>
      <div className={className}>{children}</div>
    </TabsContext.Provider>
  );
}

/**
 * The keys of a tab list (WAI-ARIA tabs pattern, automatic activation): ArrowLeft / ArrowRight move to the
 * previous / next enabled tab (wrapping), Home / End to the first / last, and the tab reached is selected.
 * Only the selected tab is in the Tab order (roving tabindex), so Tab leaves the list. For any element with
 * role="tablist" whose tabs select themselves on click.
 */
export function onTablistKeyDown(event: KeyboardEvent<HTMLElement>) {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const tabs = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]:not([disabled])'));
  const current = tabs.findIndex((tab) => tab === document.activeElement);
  if (current < 0 || tabs.length === 0) return;
  const target =
    event.key === "ArrowRight"
      ? tabs[(current + 1) % tabs.length]
      : event.key === "ArrowLeft"
        ? tabs[(current - 1 + tabs.length) % tabs.length]
        : event.key === "Home"
          ? tabs[0]
          : event.key === "End"
            ? tabs[tabs.length - 1]
            : undefined;
  if (!target) return;
  event.preventDefault();
  target.focus();
  if (target.getAttribute("aria-selected") !== "true") target.click();
}

export function TabsList({ children, className, label }: { children: ReactNode; className?: string; label?: string }) {
  return (
    <div role="tablist" aria-label={label} className={cn("tabs tabs-box", className)} onKeyDown={onTablistKeyDown}>
      {children}
    </div>
  );
}

export interface TabsTriggerProps {
  value: string;
  children: ReactNode;
  disabled?: boolean;
  className?: string;
}

export function TabsTrigger({ value, children, disabled, className }: TabsTriggerProps) {
  const tabs = useTabs();
  const active = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={`${tabs.baseId}-tab-${safe(value)}`}
      aria-selected={active}
      aria-controls={`${tabs.baseId}-panel-${safe(value)}`}
      tabIndex={active ? 0 : -1}
      disabled={disabled}
      className={cn("tab gap-2", active ? "tab-active" : "text-base-content/80 hover:text-base-content", className)}
      onClick={() => tabs.onValueChange(value)}
    >
      {children}
    </button>
  );
}

export function TabsContent({ value, children, className }: { value: string; children: ReactNode; className?: string }) {
  const tabs = useTabs();
  if (tabs.value !== value) return null;
  return (
    <div
      role="tabpanel"
      id={`${tabs.baseId}-panel-${safe(value)}`}
      aria-labelledby={`${tabs.baseId}-tab-${safe(value)}`}
      className={className}
    >
      {children}
    </div>
  );
}
