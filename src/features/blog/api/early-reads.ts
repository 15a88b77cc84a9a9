// The public blog's first API read, started by index.html before the app's modules load (see
// src/lib/early-reads.ts). This module imports nothing: vite.config.ts inlines
// `startEarlyBlogReads` into the built index.html as source text, so it must stand on its own
// (the one import is of types: window.__earlyReads).
import type {} from "@/lib/early-reads";

/** sessionStorage key prefix marking a post whose view this tab has already counted. */
export const VIEWED_PREFIX = "blog:viewed:";

/**
 * On `/blog` and `/blog/<slug>`, for a visitor without a stored session (a member's reads carry a
 * token, so they go through the API client), starts the read the page will make first and leaves
 * it in `window.__earlyReads`. A post's first open in this tab asks the server to count the view,
 * as getPost does, and marks it so getPost will not count it again.
 */
export function startEarlyBlogReads(apiUrl: string, viewedPrefix: string) {
  try {
    for (let i = 0; i < localStorage.length; i++) {
      if (/^sb-.+-auth-token$/.test(localStorage.key(i) ?? "")) return;
    }
    const pathname = location.pathname;
    let path: string | undefined;
    let query = "";
    if (/^\/blog\/?$/.test(pathname)) {
      path = "/blog/posts";
    } else {
      const match = /^\/blog\/([^/]+)\/?$/.exec(pathname);
      if (!match) return;
      const slug = decodeURIComponent(match[1]);
      path = `/blog/posts/${encodeURIComponent(slug)}`;
      if (!sessionStorage.getItem(viewedPrefix + slug)) {
        sessionStorage.setItem(viewedPrefix + slug, "1");
        query = "?view=1";
      }
    }
    const read = fetch(apiUrl.replace(/\/+$/, "") + path + query, { headers: { Accept: "application/json" }, credentials: "include" });
    // A read nobody takes (the app failed to load) must not surface as an unhandled rejection.
    read.catch(() => {});
    window.__earlyReads = { [path]: read };
  } catch {
    // Storage blocked or a malformed address: the page reads through the API client as usual.
  }
}
