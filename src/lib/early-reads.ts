// API reads a page's inline script starts before any module has loaded (index.html, built by
// vite.config.ts's routePreload): the data is then on its way while the JavaScript downloads,
// instead of after it has run. A query takes its read once; later fetches go to the API as usual.

declare global {
  interface Window {
    /** API path (without the base URL or query) → the response of a read started early. */
    __earlyReads?: Record<string, Promise<Response>>;
  }
}

/** The early read of `path`, if the page started one and nobody has taken it yet. */
export function takeEarlyRead(path: string): Promise<Response> | undefined {
  const reads = globalThis.window?.__earlyReads;
  const read = reads?.[path];
  if (read && reads) delete reads[path];
  return read;
}
