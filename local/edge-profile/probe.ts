// Self-check of the edge profile, run with the same flags as the function (see edgeRunArgs):
// prints one JSON line telling what a module loaded under the profile can and cannot do.
import "./preload.ts";
import { createRequire } from "node:module";
import { getHeapStatistics } from "node:v8";

async function refused(fn: () => unknown | Promise<unknown>): Promise<string | false> {
  try {
    await fn();
    return false;
  } catch (err) {
    return (err as Error).name || "Error";
  }
}

const g = globalThis as Record<string, unknown>;
const require = createRequire(import.meta.url);

const report = {
  deno: Deno.version.deno,
  globals: Object.fromEntries(
    [
      "DOMMatrix",
      "DOMPoint",
      "DOMRect",
      "Path2D",
      "OffscreenCanvas",
      "Worker",
      "localStorage",
      "sessionStorage",
      "alert",
      "confirm",
      "prompt",
      "EventSource",
      "Location",
      "ImageData",
      "createImageBitmap",
      "EdgeRuntime",
    ].map((n) => [n, typeof g[n] !== "undefined"]),
  ),
  sharedArrayBufferIsArrayBuffer: g.SharedArrayBuffer === ArrayBuffer,
  hardwareConcurrency: navigator.hardwareConcurrency,
  denoRun: typeof (Deno as unknown as Record<string, unknown>).run,
  denoDlopen: typeof (Deno as unknown as Record<string, unknown>).dlopen,
  commandRefused: await refused(() => new Deno.Command("true").outputSync()),
  childProcessRefused: await refused(() => require("node:child_process").execFileSync("true")),
  writeOutsideTmpRefused: await refused(() => Deno.writeTextFile(`${Deno.env.get("EDGE_PROBE_DIR")}/probe.txt`, "x")),
  writeUnderTmpOk: !(await refused(async () => {
    const f = await Deno.makeTempFile({ dir: "/tmp" });
    await Deno.remove(f);
  })),
  heapLimitMb: Math.round(getHeapStatistics().heap_size_limit / 1024 / 1024),
  packageJson: Deno.env.get("DENO_NO_PACKAGE_JSON") ?? null,
  zod: import.meta.resolve("zod"),
};
console.log(JSON.stringify(report));
