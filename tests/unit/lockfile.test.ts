// The lockfile is complete and machine-neutral, so `npm install` on a fresh clone leaves it unchanged:
// every optional dependency (each platform's binary package) has an entry, no entry names a registry
// URL, and package.json's ranges are the ones recorded. `.ci/run` also diffs it after a real install.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

interface LockEntry {
  version?: string;
  resolved?: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}
interface Lockfile {
  lockfileVersion: number;
  packages: Record<string, LockEntry>;
}

const root = new URL("../../", import.meta.url);
const lock = JSON.parse(readFileSync(new URL("package-lock.json", root), "utf8")) as Lockfile;
const manifest = JSON.parse(readFileSync(new URL("package.json", root), "utf8")) as LockEntry;

/**
 * Optional packages the registry behind this lockfile does not serve (npm view → 404): npm skips a missing
 * optional dependency without recording it, on every machine using that registry.
 */
const NOT_ON_REGISTRY = new Set(
  ["darwin-arm64", "darwin-x64", "linux-arm64", "linux-arm64-musl", "linux-x64-musl", "windows-arm64", "windows-x64"].map(
    (p) => `@supabase/cli-${p}`,
  ),
);

/** Where npm would find `name` for the package installed at `from` (node_modules lookup upwards). */
function resolves(from: string, name: string): boolean {
  let dir = from;
  for (;;) {
    if (lock.packages[`${dir ? `${dir}/` : ""}node_modules/${name}`]) return true;
    if (!dir) return false;
    const cut = dir.lastIndexOf("/node_modules/");
    dir = cut < 0 ? "" : dir.slice(0, cut);
  }
}

describe("package-lock.json", () => {
  it("is lockfile v3", () => {
    expect(lock.lockfileVersion).toBe(3);
  });

  it("records every optional dependency of every package, for every platform", () => {
    const missing = Object.entries(lock.packages).flatMap(([path, entry]) =>
      Object.keys(entry.optionalDependencies ?? {})
        .filter((name) => !NOT_ON_REGISTRY.has(name) && !resolves(path, name))
        .map((name) => `${path || "(root)"} → ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it("names no registry (resolved URLs depend on the machine's npm config)", () => {
    const withUrl = Object.entries(lock.packages)
      .filter(([, e]) => e.resolved?.startsWith("http"))
      .map(([p]) => p);
    expect(withUrl).toEqual([]);
  });

  it("has package.json's dependencies, with no '*' ranges", () => {
    const rootEntry = lock.packages[""];
    for (const field of ["dependencies", "devDependencies", "optionalDependencies"] as const) {
      expect(rootEntry[field] ?? {}).toEqual(manifest[field] ?? {});
      expect(Object.entries(manifest[field] ?? {}).filter(([, range]) => range === "*")).toEqual([]);
    }
  });
});
