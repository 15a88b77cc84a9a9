export type WorkspaceTab = "setup" | "essay" | "dashboard";

/** Dashboard when the path begins with /sessions or /dashboard, otherwise setup (docs/product.md#workspace). */
export function initialWorkspaceTab(pathname: string): WorkspaceTab {
  return pathname.startsWith("/sessions") || pathname.startsWith("/dashboard") ? "dashboard" : "setup";
}
