// The SPA as production serves it, for `npm start` and the browser tests: `vite build` (reused while
// the sources and the VITE_* settings are unchanged), then a static server (sirv) with hashed assets
// cached for a year, index.html revalidated on every visit, precompressed gzip/brotli, the SPA
// fallback, and /api forwarded to the function as the dev server's proxy does.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { join, relative } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import sirv from "sirv";

/** What a build depends on besides the VITE_* settings (paths relative to the checkout). */
const INPUTS = [
  "src",
  "public",
  "index.html",
  "vite.config.ts",
  "tsconfig.json",
  "package-lock.json",
  "supabase/functions/_shared",
  ".env",
  ".env.local",
  ".env.production",
  ".env.production.local",
];
const KEEP_BUILDS = 3;
/** `.cache/web/.in-use/<key>.<pid>`: build `key` is served (or being built) by process `pid`. */
const IN_USE = ".in-use";
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|wasm)$/;

function listFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) listFiles(full, out);
    else if (entry.isFile()) out.push(full);
  }
  return out;
}

/** A hash of every input file's path and bytes, and of the VITE_* settings the build bakes in. */
export function buildKey(rootDir: string, env: Record<string, string | undefined> = process.env): string {
  const hash = createHash("sha256");
  for (const input of INPUTS) {
    const path = join(rootDir, input);
    if (!existsSync(path)) continue;
    const files = statSync(path).isDirectory() ? listFiles(path).sort() : [path];
    for (const file of files) {
      hash.update(relative(rootDir, file)).update("\0").update(readFileSync(file)).update("\0");
    }
  }
  for (const name of Object.keys(env)
    .filter((k) => k.startsWith("VITE_"))
    .sort()) {
    hash.update(`${name}=${env[name] ?? ""}\n`);
  }
  return hash.digest("hex").slice(0, 16);
}

/**
 * Writes `file.gz` and `file.br` beside every text asset of 1 KB to 1 MB (sirv serves them by
 * Accept-Encoding). The OCR engine's multi-megabyte cores stay as they are: brotli at its best
 * level takes minutes on them, and they are fetched only when a teacher reads an image.
 */
function precompress(dir: string) {
  for (const file of listFiles(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const bytes = readFileSync(file);
    if (bytes.length < 1024 || bytes.length > 1024 * 1024) continue;
    writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
    writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  }
}

export interface WebBuild {
  dir: string;
  /** False when an earlier build of the same sources and settings was reused. */
  built: boolean;
  ms: number;
  /** Ends this process's claim on the build (it may then be pruned); a dead process's claim is ignored anyway. */
  release(): void;
}

/** True while process `pid` exists (EPERM: it exists but belongs to another user). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Marks build `key` of `cache` as in use by `pid` until the returned function is called. */
export function markBuildInUse(cache: string, key: string, pid = process.pid): () => void {
  const marks = join(cache, IN_USE);
  mkdirSync(marks, { recursive: true });
  const file = join(marks, `${key}.${pid}`);
  writeFileSync(file, "");
  return () => rmSync(file, { force: true });
}

/** The builds some live process has marked in use; marks of processes that are gone are deleted. */
function buildsInUse(cache: string, alive: (pid: number) => boolean): Set<string> {
  const used = new Set<string>();
  const marks = join(cache, IN_USE);
  if (!existsSync(marks)) return used;
  for (const mark of readdirSync(marks)) {
    const m = /^(.+)\.(\d+)$/.exec(mark);
    if (m && alive(Number(m[2]))) used.add(m[1]);
    else rmSync(join(marks, mark), { force: true });
  }
  return used;
}

/**
 * Keeps the `keep` most recently used builds of `cache` and every build a live process has marked in
 * use (another `npm start` of this checkout with other ports or VITE_* settings may be serving an older
 * one); deletes the rest, and half-written builds of processes that are gone. A build is moved aside
 * before it is deleted, so a server never sees half of it. Returns the deleted builds' keys.
 */
export function pruneWebBuilds(cache: string, keep = KEEP_BUILDS, alive: (pid: number) => boolean = processAlive): string[] {
  if (!existsSync(cache)) return [];
  const entries = readdirSync(cache);
  for (const name of entries) {
    const partial = /^\.(?:tmp-.+|trash-.+)-(\d+)$/.exec(name);
    if (partial && !alive(Number(partial[1]))) rmSync(join(cache, name), { recursive: true, force: true });
  }
  const builds = entries
    .filter((name) => !name.startsWith("."))
    .map((name) => ({ name, at: statSync(join(cache, name)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  const pruned: string[] = [];
  for (const old of builds.slice(keep)) {
    if (buildsInUse(cache, alive).has(old.name)) continue; // read again per build: a server may have just claimed it
    const trash = join(cache, `.trash-${old.name}-${process.pid}`);
    try {
      renameSync(join(cache, old.name), trash);
    } catch {
      continue; // another process pruned it first
    }
    rmSync(trash, { recursive: true, force: true });
    pruned.push(old.name);
  }
  return pruned;
}

/**
 * The production build of the SPA for the current sources and VITE_* settings: reused from
 * `.cache/web/<key>` when there, otherwise built (into a temporary folder, renamed when complete,
 * so concurrent stacks never see half a build). The build is marked in use by this process until
 * `release()`; the three most recently used builds and every build in use are kept.
 */
export async function ensureWebBuild(rootDir: string, log: (line: string) => void = () => {}): Promise<WebBuild> {
  const started = Date.now();
  const cache = join(rootDir, ".cache/web");
  const key = buildKey(rootDir);
  const dir = join(cache, key);
  mkdirSync(cache, { recursive: true });
  const release = markBuildInUse(cache, key); // before looking: a pruning process now leaves it alone
  try {
    if (existsSync(join(dir, "index.html"))) {
      const now = new Date();
      utimesSync(dir, now, now); // most recently used
      pruneWebBuilds(cache);
      return { dir, built: false, ms: Date.now() - started, release };
    }
    await buildInto(rootDir, cache, key, dir);
    pruneWebBuilds(cache);
  } catch (err) {
    release();
    throw err;
  }
  log(`web: built the SPA in ${((Date.now() - started) / 1000).toFixed(1)} s (${relative(rootDir, dir)})`);
  return { dir, built: true, ms: Date.now() - started, release };
}

async function buildInto(rootDir: string, cache: string, key: string, dir: string) {
  const tmp = join(cache, `.tmp-${key}-${process.pid}`);
  const { build } = await import("vite");
  // vite's build() sets NODE_ENV=production in this process when unset; the test runner builds here
  // and then starts Vitest, whose React must stay in development mode (act), so it is put back.
  const nodeEnv = process.env.NODE_ENV;
  try {
    await build({
      root: rootDir,
      configFile: join(rootDir, "vite.config.ts"),
      logLevel: "warn",
      clearScreen: false,
      build: { outDir: tmp, emptyOutDir: true },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  precompress(tmp);
  try {
    renameSync(tmp, dir);
  } catch {
    rmSync(tmp, { recursive: true, force: true }); // another stack finished the same build first
  }
}

/**
 * Cache-Control by request path: content-hashed files (assets/, the versioned ocr/ folder) for a year;
 * index.html, which the SPA's routes (paths without a file extension) are answered with, revalidated
 * on every visit; other public files (favicon, robots.txt) for an hour.
 */
export function cacheControl(pathname: string): string {
  if (/^\/assets\//.test(pathname) || /^\/ocr\/[^/]+\//.test(pathname)) return "public, max-age=31536000, immutable";
  if (pathname.endsWith(".html") || !/\.[^/]+$/.test(pathname)) return "no-cache";
  return "public, max-age=3600";
}

const API = /^\/api(?=\/|\?|$)/;

function forward(req: IncomingMessage, res: ServerResponse, supabaseUrl: string) {
  const target = new URL(supabaseUrl);
  const path = (req.url ?? "/").replace(API, "/functions/v1/api");
  const upstream = httpRequest(
    { host: target.hostname, port: target.port, method: req.method, path, headers: { ...req.headers, host: target.host } },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on("error", () => {
    if (res.headersSent) return res.destroy();
    res.writeHead(502, { "Content-Type": "application/json; charset=utf-8" });
    res.end(JSON.stringify({ error: "API 서버에 연결하지 못했습니다. 잠시 후 다시 시도해 주세요." }));
  });
  req.pipe(upstream);
}

/** Serves a production build on 127.0.0.1:`port`, `/api` forwarded to `supabaseUrl`'s function. */
export async function serveWebBuild(opts: { dir: string; port: number; supabaseUrl: string }): Promise<{ close(): Promise<void> }> {
  const files = sirv(opts.dir, {
    single: true,
    gzip: true,
    brotli: true,
    etag: true,
    setHeaders: (res, pathname) => res.setHeader("Cache-Control", cacheControl(pathname)),
  });
  const server: Server = createServer((req, res) => {
    if (API.test(req.url ?? "")) return forward(req, res, opts.supabaseUrl);
    files(req, res, () => {
      res.statusCode = 404;
      res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port, "127.0.0.1", () => resolve());
  });
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
