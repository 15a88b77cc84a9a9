export type WorkspaceTab = "setup" | "essay" | "dashboard";

const TABS: readonly WorkspaceTab[] = ["setup", "essay", "dashboard"];

/** Dashboard when the path begins with /sessions or /dashboard, otherwise setup (docs/product.md#workspace). */
export function initialWorkspaceTab(pathname: string): WorkspaceTab {
  return pathname.startsWith("/sessions") || pathname.startsWith("/dashboard") ? "dashboard" : "setup";
}

/** The tab a URL shows: a valid `?tab=` wins, otherwise the path's default. */
export function workspaceTabFromUrl(pathname: string, tabParam: string | null): WorkspaceTab {
  return TABS.includes(tabParam as WorkspaceTab) ? (tabParam as WorkspaceTab) : initialWorkspaceTab(pathname);
}

/** The address of `tab` on `pathname`: `?tab=` only when it differs from the path's default. */
export function workspaceTabHref(pathname: string, tab: WorkspaceTab): string {
  return tab === initialWorkspaceTab(pathname) ? pathname : `${pathname}?tab=${tab}`;
}

/** The reports before and after `id` among the openable (completed) rows, in the list's order. */
export function adjacentReports<T extends { id: string; status: string }>(
  list: readonly T[] | undefined,
  id: string,
): { prev: T | null; next: T | null } {
  const openable = (list ?? []).filter((s) => s.status === "completed");
  const i = openable.findIndex((s) => s.id === id);
  if (i < 0) return { prev: null, next: null };
  return { prev: openable[i - 1] ?? null, next: openable[i + 1] ?? null };
}
