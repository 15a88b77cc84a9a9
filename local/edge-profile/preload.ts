// Edge profile, step 1 (runs before any module of the function is evaluated): makes this Deno
// process look like a Supabase edge-runtime (v1.74, Deno 2.1.4) user worker, as far as the
// function can tell from inside. Source of truth: supabase/edge-runtime ext/runtime/js/bootstrap.js
// (the globals a worker gets) and ext/runtime/js/denoOverrides.js (the cut-down Deno namespace),
// summarised in shared/SUPABASE_PLATFORM.md "Edge Functions (edge-runtime)".
//
// What the process flags add on top (local/edge-profile/index.ts): no --allow-run / --allow-ffi /
// --allow-sys (subprocesses, native addons and FFI fail even through node: modules), writes only
// under /tmp, a 256 MB V8 heap, DENO_NO_PACKAGE_JSON=1 with deno.json only (no node_modules).

const g = globalThis as Record<string, unknown>;

/** Globals Deno has and edge-runtime's bootstrap does not install (or explicitly lacks). */
export const MISSING_GLOBALS = [
  // DOM geometry / canvas (pdfjs-dist's legacy build calls `new DOMMatrix()` at import time)
  "DOMMatrix",
  "DOMMatrixReadOnly",
  "DOMPoint",
  "DOMPointReadOnly",
  "DOMRect",
  "DOMRectReadOnly",
  "Path2D",
  "OffscreenCanvas",
  // workers and browser-only storage / UI / navigation
  "Worker",
  "localStorage",
  "sessionStorage",
  "Storage",
  "alert",
  "confirm",
  "prompt",
  "close",
  "closed",
  "EventSource",
  "Location",
  "location",
  "Cache",
  "CacheStorage",
] as const;

const removed: string[] = [];
for (const name of MISSING_GLOBALS) {
  if (!(name in g)) continue;
  try {
    delete g[name];
  } catch {
    // non-configurable: shadow it instead
  }
  if (name in g && g[name] !== undefined) Object.defineProperty(g, name, { value: undefined, configurable: true });
  removed.push(name);
}
// WebGPU is not part of edge-runtime either.
for (const name of Object.getOwnPropertyNames(g)) {
  if (/^GPU[A-Z]?/.test(name)) {
    delete g[name];
    removed.push(name);
  }
}

// Shared memory is off (SharedArrayBuffer is plain ArrayBuffer), one CPU.
g.SharedArrayBuffer = ArrayBuffer;
try {
  Object.defineProperty(Object.getPrototypeOf(navigator), "hardwareConcurrency", { get: () => 1, configurable: true });
} catch {
  // leave it
}

// The Deno namespace, cut down as denoOverrides.js / bootstrap.js do for a user worker.
const D = Deno as unknown as Record<string, unknown>;
// Kept for the profile's own memory sampler below (not something the function uses).
const memoryUsage = Deno.memoryUsage;
const writeTextFileSync = Deno.writeTextFileSync;
const refuse = (name: string) =>
  function refused(): never {
    throw new Deno.errors.PermissionDenied(`Deno.${name} is not available on Supabase Edge Functions (edge profile)`);
  };
/** Not in edge-runtime's Deno namespace at all. */
const DENO_ABSENT = [
  "run",
  "Process",
  "watchFs",
  "dlopen",
  "UnsafeCallback",
  "UnsafePointer",
  "UnsafePointerView",
  "UnsafeFnPointer",
  "ChildProcess",
  "listenTls",
  "umask",
  "test",
  "bench",
  "HttpClient",
  "ppid",
  "noColor",
];
for (const name of DENO_ABSENT) {
  try {
    delete D[name];
  } catch {
    // ignore
  }
}
// Present there but refused: spawning a subprocess.
class RefusedCommand {
  constructor() {
    refuse("Command")();
  }
}
D.Command = RefusedCommand;
// bootstrap.js mocks these as no-ops for user workers.
for (const name of ["kill", "exit", "addSignalListener", "removeSignalListener"]) D[name] = () => {};
D.execPath = () => "/bin/edge-runtime";

// The EdgeRuntime global a user worker has (only waitUntil is used by the function).
const pending = new Set<Promise<unknown>>();
Object.defineProperty(g, "EdgeRuntime", {
  value: Object.freeze({
    waitUntil(p: Promise<unknown>) {
      const tracked = Promise.resolve(p).catch((err) => console.error("EdgeRuntime.waitUntil task failed", err));
      pending.add(tracked);
      void tracked.finally(() => pending.delete(tracked));
      return p;
    },
  }),
  enumerable: false,
  configurable: false,
});

if (Deno.env.get("EDGE_PROFILE_VERBOSE") === "1") {
  console.log(`[edge-profile] removed globals: ${removed.join(", ")}`);
}

// Instrumentation of the profile, not of the platform: edge-runtime counts a worker's memory as its
// V8 heap plus external memory (the 256 MB limit), not the process's RSS. With EDGE_MEMORY_FILE set
// (a path under /tmp), the peak of heapUsed + external is sampled every 50 ms and written there in kB.
const memoryFile = Deno.env.get("EDGE_MEMORY_FILE");
if (memoryFile) {
  let peakKb = 0;
  const timer = setInterval(() => {
    const m = memoryUsage();
    const kb = Math.round((m.heapUsed + m.external) / 1024);
    if (kb <= peakKb) return;
    peakKb = kb;
    try {
      writeTextFileSync(memoryFile, String(peakKb));
    } catch {
      // the file is only a measurement
    }
  }, 50);
  Deno.unrefTimer(timer);
}
