// The public blog's first API read, started by index.html before the app's modules load (see
// src/lib/early-reads.ts), and the two rules it shares with getPost (a post's address, a view
// counted once per tab). vite.config.ts inlines `earlyBlogReadsScript()`'s text into the built
// index.html, so the functions below import nothing (the one import is of types) and call only
// each other.
import type {} from "@/lib/early-reads";

/** The API path of a post (without the base URL). */
export function postPath(slug: string): string {
  return `/blog/posts/${encodeURIComponent(slug)}`;
}

/** True the first time this browser-tab session opens the post (then remembered in sessionStorage). */
export function firstViewThisSession(slug: string): boolean {
  try {
    const key = `blog:viewed:${slug}`;
    if (sessionStorage.getItem(key)) return false;
    sessionStorage.setItem(key, "1");
    return true;
  } catch {
    return false;
  }
}

/**
 * On `/blog` and `/blog/<slug>`, for a visitor without a stored session (a member's reads carry a
 * token, so they go through the API client), starts the read the page will make first and leaves
 * it in `window.__earlyReads`. A post's first open in this tab asks the server to count the view,
 * as getPost does, and marks it so getPost will not count it again.
 */
export function startEarlyBlogReads(apiUrl: string) {
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
      path = postPath(slug);
      if (firstViewThisSession(slug)) query = "?view=1";
    }
    const read = fetch(apiUrl.replace(/\/+$/, "") + path + query, { headers: { Accept: "application/json" }, credentials: "include" });
    // A read nobody takes (the app failed to load) must not surface as an unhandled rejection.
    read.catch(() => {});
    window.__earlyReads = { [path]: read };
  } catch {
    // Storage blocked or a malformed address: the page reads through the API client as usual.
  }
}

/** The inline <script> body that runs startEarlyBlogReads (with what it calls) against `apiUrl`. */
export function earlyBlogReadsScript(apiUrl: string): string {
  return `(function(){${postPath}\n${firstViewThisSession}\n(${startEarlyBlogReads})(${JSON.stringify(apiUrl)});})();`;
}
