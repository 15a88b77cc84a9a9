// local/web.ts: how `npm start` (and the browser tests) serve the SPA's production build.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildKey, cacheControl, serveWebBuild } from "../../local/web.ts";
import { freePorts } from "../helpers/free-port.ts";
import { expectOutputs } from "../helpers/cases.ts";

describe("cache headers of the production build", () => {
  it("caches hashed assets for a year and revalidates index.html and the SPA's routes", () => {
    expectOutputs(cacheControl, {
      "public, max-age=31536000, immutable": ["/assets/index-C6czgdV0.js", "/ocr/7.0.0-7.0.0-kor1.0.0/worker.min.js"],
      "no-cache": ["/", "/index.html", "/blog/논술-팁"],
      "public, max-age=3600": ["/favicon.svg"],
    });
  });
});

describe("the build key", () => {
  const root = mkdtempSync(join(tmpdir(), "web-key-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("changes with a source file and with a VITE_ setting, and only then", () => {
    mkdirSync(join(root, "src"));
    writeFileSync(join(root, "src/main.tsx"), "export {};\n");
    const env = { VITE_SUPABASE_URL: "http://127.0.0.1:54321", PATH: "/bin" };
    const first = buildKey(root, env);
    expect(buildKey(root, { ...env, PATH: "/usr/bin" })).toBe(first);
    expect(buildKey(root, { ...env, VITE_SUPABASE_URL: "http://127.0.0.1:1" })).not.toBe(first);
    writeFileSync(join(root, "src/main.tsx"), "export const x = 1;\n");
    expect(buildKey(root, env)).not.toBe(first);
  });
});

describe("serveWebBuild", () => {
  const dir = mkdtempSync(join(tmpdir(), "web-serve-"));
  let upstream: Server;
  let app: { close(): Promise<void> };
  let base = "";
  const seen: string[] = [];

  beforeAll(async () => {
    mkdirSync(join(dir, "assets"));
    writeFileSync(join(dir, "index.html"), "<!doctype html><div id=root></div>");
    const js = "export const answer = 42;\n".repeat(100);
    writeFileSync(join(dir, "assets/index-C6czgdV0.js"), js);
    writeFileSync(join(dir, "assets/index-C6czgdV0.js.gz"), gzipSync(js));
    const [upstreamPort, appPort] = await freePorts(2);
    upstream = createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      res.writeHead(201, { "Content-Type": "application/json" });
      res.end('{"ok":true}');
    });
    await new Promise<void>((r) => upstream.listen(upstreamPort, "127.0.0.1", () => r()));
    app = await serveWebBuild({ dir, port: appPort, supabaseUrl: `http://127.0.0.1:${upstreamPort}` });
    base = `http://127.0.0.1:${appPort}`;
  });
  afterAll(async () => {
    await app?.close();
    await new Promise<void>((r) => upstream.close(() => r()));
    rmSync(dir, { recursive: true, force: true });
  });

  it("answers a route with index.html, not cached without revalidation", async () => {
    const res = await fetch(`${base}/blog/some-post`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expect(await res.text()).toContain("<div id=root>");
  });

  it("serves a hashed asset precompressed, cached for a year", async () => {
    const res = await fetch(`${base}/assets/index-C6czgdV0.js`, { headers: { "Accept-Encoding": "gzip" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await res.text()).toContain("answer = 42");
  });

  it("answers 404 for a missing asset instead of the page", async () => {
    const res = await fetch(`${base}/assets/gone-12345678.js`);
    expect(res.status).toBe(404);
  });

  it("forwards /api to the function, method, path and query kept", async () => {
    const res = await fetch(`${base}/api/blog/posts?limit=3`, { method: "POST", body: "{}" });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ ok: true });
    expect(seen).toContain("POST /functions/v1/api/blog/posts?limit=3");
    expect((await fetch(`${base}/apiary`)).headers.get("cache-control")).toBe("no-cache"); // not the API: a route
  });
});
