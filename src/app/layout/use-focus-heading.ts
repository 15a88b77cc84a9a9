import { useEffect, useRef } from "react";
import { useLocation } from "react-router-dom";

/** How long a page may take to show its heading (lazy chunk + first data) before focus goes to <main>. */
const HEADING_WAIT_MS = 8_000;

/**
 * After a navigation to another path (never on the first load, so the skip link stays first), focus moves to
 * the new page's `main h1` — made focusable with tabindex="-1" here, so pages need nothing of their own — or,
 * when the page has no h1, to <main>. Screen-reader and keyboard users then start at the page's title instead
 * of <body>. Focus the page or the user already placed inside <main> (a tab moved by arrow keys, an
 * autofocused field, a dialog) is left alone. A change of only the query (a tab, a view) moves focus only when it
 * fell to <body> with the old view; a change of only the hash (the skip link) moves nothing. A new page also
 * starts scrolled to its top, unless the address has a hash (the browser's own jump).
 */
export function useFocusHeading() {
  const { pathname, search, hash } = useLocation();
  const lastPath = useRef<string | null>(null);

  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);

  useEffect(() => {
    const previousPath = lastPath.current;
    lastPath.current = pathname;
    if (previousPath === null) return;
    const newPage = previousPath !== pathname;
    const main = document.getElementById("main-content");
    if (!main) return;
    const focusIsLost = () => document.activeElement === null || document.activeElement === document.body;
    const focusIsInMain = () => {
      const active = document.activeElement;
      return active !== null && active !== main && active.isConnected && main.contains(active);
    };
    // A new page takes focus unless it or the user already put it inside <main>; a new query only picks up
    // focus that fell to <body> (the control that had it went away with the old view).
    const keepFocus = () => (newPage ? focusIsInMain() : !focusIsLost());
    const focusTarget = (target: HTMLElement) => {
      if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
      target.focus({ preventScroll: true });
    };
    // Returns true when nothing is left to do.
    const attempt = () => {
      if (keepFocus()) return true;
      const heading = main.querySelector<HTMLElement>("h1");
      if (!heading) return false;
      focusTarget(heading);
      return true;
    };
    if (attempt()) return;
    const observer = new MutationObserver(() => {
      if (attempt()) stop();
    });
    const timer = window.setTimeout(() => {
      stop();
      if (!keepFocus()) focusTarget(main);
    }, HEADING_WAIT_MS);
    function stop() {
      observer.disconnect();
      window.clearTimeout(timer);
    }
    observer.observe(main, { childList: true, subtree: true });
    return stop;
  }, [pathname, search]);
}
