// Deploy bundle size of the `api` edge function, measured the way `supabase functions deploy`
// builds it: the module graph of supabase/functions/api/index.ts resolved from its deno.json only
// (DENO_NO_PACKAGE_JSON=1, no node_modules) by the Deno edge-runtime embeds (2.1.4); every
// resolved npm package folder goes into the eszip whole, with our own modules; the CLI then
// brotli-compresses the eszip (supabase/cli pkg/function/bundle.go: andybalholm/brotli
// NewWriter = quality 6, window 2^22). Here each package folder (and our code) is one brotli
// stream at those settings and the streams are added up, which is a little above one stream
// over everything (no cross-package matches): a safe side for a budget.
//
//   npx tsx bench/bundle-size.ts            prints the table, exits 1 above the budget
//   BUNDLE_BUDGET_MB=10 (default)           the budget (the platform refuses above 20 MB)
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { constants, brotliCompressSync } from "node:zlib";
import { edgeDenoBinary, edgeEnv, functionConfig } from "../local/edge-profile/index.ts";

export const BUNDLE_BUDGET_MB = Number(process.env.BUNDLE_BUDGET_MB) || 10;
export const PLATFORM_LIMIT_MB = 20;
const MB = 1024 * 1024;
const root = resolve(import.meta.dirname, "..");

export interface PackageSize {
  /** `name@version` (Deno's id without the peer-dependency suffix). */
  id: string;
  name: string;
  files: number;
  rawBytes: number;
  brotliBytes: number;
}

export interface BundleSize {
  packages: PackageSize[];
  code: PackageSize;
  rawBytes: number;
  brotliBytes: number;
  /** Total without the packages reachable only through these names (e.g. tesseract.js). */
  without(names: string[]): { brotliBytes: number; rawBytes: number; dropped: string[] };
}

interface DenoInfo {
  modules: Array<{ kind?: string; specifier: string; npmPackage?: string; local?: string; size?: number; error?: string }>;
  npmPackages: Record<string, { name: string; version: string; dependencies: string[] }>;
}

function deno(args: string[]): string {
  const res = spawnSync(edgeDenoBinary(root), args, {
    cwd: "/tmp",
    env: edgeEnv(),
    encoding: "utf8",
    maxBuffer: 256 * MB,
    timeout: 600_000,
  });
  if (res.status !== 0) throw new Error(`deno ${args[0]} failed (${res.status ?? res.signal}):\n${res.stderr}`);
  return res.stdout;
}

function brotli(chunks: Buffer[]): number {
  return brotliCompressSync(Buffer.concat(chunks), {
    params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_LGWIN]: 22 },
  }).length;
}

/** Every file under `dir` (sorted; Deno's own marker files skipped), path and bytes. */
function folderChunks(dir: string): { files: number; chunks: Buffer[]; raw: number } {
  const chunks: Buffer[] = [];
  let files = 0;
  let raw = 0;
  const walk = (d: string, rel: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (!rel && /^\.(initialized|deno_sync_lock)$/.test(entry.name)) continue;
      const full = join(d, entry.name);
      if (entry.isDirectory()) walk(full, `${rel}${entry.name}/`);
      else if (entry.isFile()) {
        const bytes = readFileSync(full);
        chunks.push(Buffer.from(`${rel}${entry.name}\n`), bytes);
        files += 1;
        raw += bytes.length;
      }
    }
  };
  walk(dir, "");
  return { files, chunks, raw };
}

export function measureBundle(opts: { entry?: string; config?: string } = {}): BundleSize {
  const entry = opts.entry ?? join(root, "supabase/functions/api/index.ts");
  const common = ["--no-lock", "--node-modules-dir=none", "--config", opts.config ?? functionConfig(root)];
  // Downloads what the graph needs into the profile's DENO_DIR (a no-op once cached)...
  deno(["cache", "--quiet", ...common, entry]);
  // ...then the graph and the npm resolution snapshot.
  const info = JSON.parse(deno(["info", "--json", ...common, entry])) as DenoInfo;
  const denoDir = edgeEnv().DENO_DIR;
  const broken = info.modules.filter((m) => m.error);
  if (broken.length) throw new Error(`unresolved modules: ${broken.map((m) => `${m.specifier}: ${m.error}`).join("; ")}`);

  const packages: PackageSize[] = [];
  for (const [id, pkg] of Object.entries(info.npmPackages)) {
    const dir = join(denoDir, "npm/registry.npmjs.org", pkg.name, pkg.version);
    statSync(dir);
    const { files, chunks, raw } = folderChunks(dir);
    packages.push({ id: id.replace(/_.*$/, ""), name: pkg.name, files, rawBytes: raw, brotliBytes: brotli(chunks) });
  }
  packages.sort((a, b) => b.brotliBytes - a.brotliBytes);

  const codeChunks: Buffer[] = [];
  let codeFiles = 0;
  for (const m of info.modules) {
    if (!m.specifier.startsWith("file:")) continue;
    const path = m.local ?? fileURLToPath(m.specifier);
    const rel = relative(root, path);
    codeChunks.push(Buffer.from(`${rel}\n`), readFileSync(path));
    codeFiles += 1;
  }
  const codeRaw = codeChunks.reduce((n, b, i) => n + (i % 2 ? b.length : 0), 0);
  const code: PackageSize = { id: "(our code)", name: "(our code)", files: codeFiles, rawBytes: codeRaw, brotliBytes: brotli(codeChunks) };

  const sum = (list: PackageSize[], k: "rawBytes" | "brotliBytes") => list.reduce((n, p) => n + p[k], 0);
  // The packages our modules import directly, for "what if this one went".
  const roots = new Set(info.modules.filter((m) => m.npmPackage).map((m) => m.npmPackage!));
  return {
    packages,
    code,
    rawBytes: sum(packages, "rawBytes") + code.rawBytes,
    brotliBytes: sum(packages, "brotliBytes") + code.brotliBytes,
    without(names) {
      const keep = new Set<string>();
      const visit = (id: string) => {
        if (keep.has(id) || !info.npmPackages[id]) return;
        keep.add(id);
        for (const dep of info.npmPackages[id].dependencies) visit(dep);
      };
      for (const id of roots) if (!names.includes(info.npmPackages[id]?.name)) visit(id);
      const kept = Object.keys(info.npmPackages)
        .filter((id) => keep.has(id))
        .map((id) => id.replace(/_.*$/, ""));
      const left = packages.filter((p) => kept.includes(p.id));
      return {
        rawBytes: sum(left, "rawBytes") + code.rawBytes,
        brotliBytes: sum(left, "brotliBytes") + code.brotliBytes,
        dropped: packages.filter((p) => !kept.includes(p.id)).map((p) => p.id),
      };
    },
  };
}

export const mb = (bytes: number) => `${(bytes / MB).toFixed(2)} MB`;

/** The table `npm run bench` and this script print. */
export function formatBundle(b: BundleSize): string {
  const lines = [
    `Deploy bundle of supabase/functions/api (deno.json only, Deno 2.1.4, brotli q6): ${mb(b.brotliBytes)} compressed, ${mb(b.rawBytes)} raw`,
    `  budget ${BUNDLE_BUDGET_MB} MB (platform limit ${PLATFORM_LIMIT_MB} MB): ${b.brotliBytes <= BUNDLE_BUDGET_MB * MB ? "within" : "OVER"}`,
    `  ${"package".padEnd(40)} ${"files".padStart(6)} ${"raw".padStart(10)} ${"brotli".padStart(10)}`,
  ];
  for (const p of [...b.packages, b.code].sort((x, y) => y.brotliBytes - x.brotliBytes)) {
    lines.push(`  ${p.id.padEnd(40)} ${String(p.files).padStart(6)} ${mb(p.rawBytes).padStart(10)} ${mb(p.brotliBytes).padStart(10)}`);
  }
  const ocr = b.without(["tesseract.js", "@tesseract.js-data/kor"]);
  if (ocr.dropped.length) {
    lines.push(`  without server-side OCR (${ocr.dropped.join(", ")}): ${mb(ocr.brotliBytes)} compressed, ${mb(ocr.rawBytes)} raw`);
  }
  return lines.join("\n");
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const b = measureBundle();
  console.log(formatBundle(b));
  process.exit(b.brotliBytes <= BUNDLE_BUDGET_MB * MB ? 0 : 1);
}
