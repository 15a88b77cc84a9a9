// JavaScript weight of the SPA's public pages, as a first visit loads them: the page is opened in
// Chromium (production build, signed out, empty cache) and every script response is summed, decoded
// bytes and gzip (level 9, what the local server precompresses). Used by the budget check
// (tests/e2e/js-budget.spec.ts, part of `npm test`) and by `npm run bench` (bench/web.ts).
import { gzipSync } from "node:zlib";
import type { Page } from "@playwright/test";
import postgres from "postgres";

export const KB = 1024;

/**
 * Budgets (KB of gzip) of a first, signed-out visit: the landing, the blog list, one post. The landing's is
 * 100: its sample report is drawn by the report's own marks code (components/report/marks.tsx, the same
 * marks teachers and students see), 2.3 KB that the earlier hand-drawn copy did not weigh; its price section
 * (GET /plans, plain fetch) and the root layout's focus-on-navigation and signed-out header links add ~1.8 KB
 * (measured 98.3 KB).
 */
export const WEB_ROUTES = [
  // `ready`: what is on screen once the page has rendered its content (so its chunks were all fetched).
  { name: "landing /", path: "/", budgetKB: 100, ready: "main h1" },
  { name: "blog /blog", path: "/blog", budgetKB: 120, ready: "main a[href^='/blog/']" },
  { name: "post /blog/:slug", path: "/blog/:slug", budgetKB: 120, ready: "main article h2" },
] as const;

export const SAMPLE_POST_SLUG = "speed-check-sample-post";

/** A published post to open (`/blog/:slug`), with headings, a list, a link and an image, like a real one. */
export async function seedSamplePost(dbUrl: string): Promise<string> {
  const sql = postgres(dbUrl, { max: 1, onnotice: () => {} });
  try {
    const content = [
      "## 논술 답안의 구조",
      "서론에서는 **논제**를 분명히 밝히고, 본론에서는 근거를 들어 주장을 뒷받침합니다.",
      "",
      "- 논제 파악: 문제가 묻는 것을 한 문장으로 정리합니다.",
      "- 근거 제시: 제시문과 사례를 연결합니다.",
      "- 결론: 주장을 다시 확인하고 의의를 밝힙니다.",
      "",
      "> 좋은 답안은 짧고 분명합니다.",
      "",
      "자세한 내용은 [이용약관](/terms)을 참고하세요.",
    ].join("\n");
    await sql`
      insert into public.blog_posts (title, slug, excerpt, content, category, is_published, published_at)
      values ('논술 답안 구조 잡기', ${SAMPLE_POST_SLUG}, '서론, 본론, 결론을 어떻게 나눌까', ${content}, 'essay-tips', true, now())
      on conflict (slug) do nothing`;
    return SAMPLE_POST_SLUG;
  } finally {
    await sql.end();
  }
}

export function routePath(path: string, slug = SAMPLE_POST_SLUG) {
  return path.replace(":slug", encodeURIComponent(slug));
}

export interface ScriptWeight {
  /** Every script the page loaded: path, decoded bytes, gzip bytes. */
  scripts: Array<{ path: string; bytes: number; gzip: number }>;
  bytes: number;
  gzip: number;
}

/**
 * Opens `url` in `page` (a fresh context: nothing cached, no session), waits for the network to go
 * quiet, and sums every script the page requested (each fetched again here, decoded, and gzipped).
 */
export async function measureScripts(page: Page, url: string, ready?: string): Promise<ScriptWeight> {
  const urls = new Set<string>();
  // By address, not resourceType: a chunk first asked for by <link rel=modulepreload> is not typed
  // "script", and its import() is then served from memory without a request of its own.
  page.on("request", (request) => {
    if (/\.m?js$/.test(new URL(request.url()).pathname)) urls.add(request.url());
  });
  await page.goto(url, { waitUntil: "networkidle" });
  // A page counts once its content is on screen: a route chunk not yet asked for would go uncounted.
  if (ready) {
    await page.locator(ready).first().waitFor({ state: "visible", timeout: 15_000 });
    await page.waitForLoadState("networkidle");
  }
  const scripts = await Promise.all(
    [...urls].map(async (scriptUrl) => {
      const res = await fetch(new URL(scriptUrl, page.url()), { headers: { "Accept-Encoding": "identity" } });
      if (!res.ok) throw new Error(`${scriptUrl}: ${res.status}`);
      const body = Buffer.from(await res.arrayBuffer());
      return { path: new URL(scriptUrl).pathname, bytes: body.length, gzip: gzipSync(body, { level: 9 }).length };
    }),
  );
  return {
    scripts,
    bytes: scripts.reduce((n, s) => n + s.bytes, 0),
    gzip: scripts.reduce((n, s) => n + s.gzip, 0),
  };
}

export const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
