// The edge profile: runs supabase/functions/api the way Supabase edge-runtime v1.74 does, as far as
// a local process can: the Deno it embeds (2.1.4, from the npm package aliased `deno-edge`),
// modules resolved from the function's deno.json only (DENO_NO_PACKAGE_JSON=1, no node_modules,
// npm packages from the registry into a DENO_DIR of its own), no subprocess / FFI / sys access,
// writes only under /tmp, a 256 MB heap, and the globals edge-runtime lacks removed before the
// function loads (preload.ts). Used by tests/integration/edge-profile.test.ts and bench/bundle-size.ts.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export const EDGE_DENO_VERSION = "2.1.4";
export const EDGE_HEAP_MB = 256;

const defaultRoot = resolve(import.meta.dirname, "../..");

/** The Deno 2.1.4 binary (package `@deno/linux-x64-glibc@2.1.4`, installed as `deno-edge`). */
export function edgeDenoBinary(root = defaultRoot): string {
  const bin = process.env.EDGE_DENO_BIN || join(root, "node_modules/deno-edge/deno");
  if (!existsSync(bin)) {
    throw new Error(
      `edge profile: ${bin} is missing. It comes from the optional dependency "deno-edge" ` +
        `(npm:@deno/linux-x64-glibc@${EDGE_DENO_VERSION}, Linux x64 glibc only); run npm install, ` +
        "or point EDGE_DENO_BIN at a Deno 2.1.4 binary.",
    );
  }
  return bin;
}

/**
 * The DENO_DIR of the edge profile, reused across runs (the first run downloads the npm packages). It lies
 * outside the checkout: a CommonJS package that requires an optional module (debug → supports-color) would
 * otherwise find it in the checkout's node_modules by walking up, which a deployed function never has.
 */
export function edgeDenoDir(): string {
  const dir = process.env.EDGE_DENO_DIR || join(tmpdir(), "essay-grader-deno-edge");
  mkdirSync(dir, { recursive: true });
  return dir;
}

export function functionConfig(root = defaultRoot): string {
  return join(root, "supabase/functions/api/deno.json");
}

/** Environment of a Deno process under the profile (nothing from the caller's env but what is listed). */
export function edgeEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {
    DENO_DIR: edgeDenoDir(),
    DENO_NO_PACKAGE_JSON: "1",
    DENO_NO_UPDATE_CHECK: "1",
    DENO_NO_PROMPT: "1",
    NO_COLOR: "1",
    TMPDIR: "/tmp",
    // The npm registry may sit behind a TLS-inspecting proxy whose CA is only in the system store.
    DENO_TLS_CA_STORE: "mozilla,system",
  };
  const passthrough = [
    "HOME",
    "PATH",
    "LANG",
    "TZ",
    "HTTPS_PROXY",
    "HTTP_PROXY",
    "NO_PROXY",
    "NPM_CONFIG_REGISTRY",
    "DENO_CERT",
    "DENO_TLS_CA_STORE",
    "SSL_CERT_FILE",
    "SSL_CERT_DIR",
  ];
  for (const k of passthrough) {
    if (process.env[k]) env[k] = process.env[k]!;
  }
  return { ...env, ...extra };
}

/** `deno run` arguments: the permission set and heap of the platform, deno.json only. */
export function edgeRunArgs(root = defaultRoot): string[] {
  return [
    "run",
    "--no-lock",
    "--node-modules-dir=none",
    "--config",
    functionConfig(root),
    "--allow-net",
    "--allow-env",
    "--allow-read",
    "--allow-write=/tmp",
    "--deny-run",
    "--deny-ffi",
    `--v8-flags=--max-old-space-size=${EDGE_HEAP_MB}`,
    join(root, "local/edge-profile/entry.ts"),
  ];
}

export interface EdgeFunction {
  port: number;
  child: ChildProcess;
  /** The last lines the process printed. */
  output(): string;
  /** Peak resident set size of the Deno process so far, in kB (VmHWM), or null off Linux. */
  peakRssKb(): number | null;
  /** Peak of V8 heap used + external memory so far, in kB: what edge-runtime's memory limit counts. */
  peakCountedKb(): number | null;
  stop(): Promise<void>;
}

export function readVmHwmKb(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const m = /VmHWM:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

/**
 * Starts local/functions-entry.ts under the edge profile on 127.0.0.1:`port` with the function's
 * settings in `env`, and waits until it answers (or exits, or `timeoutMs` passes).
 */
export async function startEdgeFunction(opts: {
  port: number;
  env: Record<string, string>;
  root?: string;
  timeoutMs?: number;
  onLine?: (line: string) => void;
}): Promise<EdgeFunction> {
  const root = opts.root ?? defaultRoot;
  let output = "";
  let peak: number | null = null;
  const memoryFile = join(tmpdir(), `edge-memory-${process.pid}-${opts.port}`);
  rmSync(memoryFile, { force: true });
  const child = spawn(edgeDenoBinary(root), edgeRunArgs(root), {
    cwd: "/tmp",
    env: edgeEnv({ ...opts.env, PORT: String(opts.port), EDGE_MEMORY_FILE: memoryFile }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  const keep = (d: Buffer) => {
    output = (output + d).slice(-8000);
    if (opts.onLine) for (const line of String(d).split("\n")) if (line) opts.onLine(line);
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const sample = () => {
    const kb = readVmHwmKb(child.pid);
    if (kb !== null) peak = Math.max(peak ?? 0, kb);
  };
  const sampler = setInterval(sample, 250);
  sampler.unref();
  child.once("exit", () => clearInterval(sampler));
  const killOnExit = () => child.kill("SIGKILL");
  process.on("exit", killOnExit);

  const deadline = Date.now() + (opts.timeoutMs ?? 180_000);
  let up = false;
  while (Date.now() < deadline && child.exitCode === null && child.signalCode === null) {
    try {
      const res = await fetch(`http://127.0.0.1:${opts.port}/api/__ping`);
      await res.body?.cancel();
      up = true;
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  const fn: EdgeFunction = {
    port: opts.port,
    child,
    output: () => output,
    peakRssKb() {
      sample();
      return peak;
    },
    peakCountedKb() {
      try {
        return Number(readFileSync(memoryFile, "utf8")) || null;
      } catch {
        return null;
      }
    },
    async stop() {
      sample();
      clearInterval(sampler);
      process.off("exit", killOnExit);
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
      child.kill("SIGTERM");
      await exited;
      clearTimeout(timer);
    },
  };
  if (!up) {
    await fn.stop();
    throw new Error(`the api function did not start under the edge profile:\n${output}`);
  }
  return fn;
}
