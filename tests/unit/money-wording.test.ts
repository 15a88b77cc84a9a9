// Money is written one way, "29,900원" (formatWon in _shared/format.ts), on every screen and in every
// message of the function: no "₩" anywhere in the SPA or the function.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { formatWon } from "@shared/format.ts";

const root = resolve(import.meta.dirname, "../..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

describe("money wording", () => {
  it("formatWon takes only the amount and writes 원 after it", () => {
    expect(formatWon(29900)).toBe("29,900원");
    expect(formatWon.length).toBe(1);
  });

  it("no screen or function message writes ₩", () => {
    const offenders = [...sourceFiles(join(root, "src")), ...sourceFiles(join(root, "supabase/functions"))]
      .filter((path) => readFileSync(path, "utf8").includes("₩"))
      .map((path) => relative(root, path));
    expect(offenders).toEqual([]);
  });
});
