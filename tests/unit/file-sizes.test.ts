// Source files stay small enough to read: one over 350 lines needs a one-line reason in its folder's
// README.md (a line naming the file in backticks). Generated files are left out.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../..");
const LIMIT = 350;
const SOURCE = /\.(ts|tsx|js|mjs|sql|css)$/;
const GENERATED = new Set(["supabase/functions/_shared/database.types.ts"]);

function trackedSources(): string[] {
  const out = execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8" });
  return out.split("\0").filter((f) => SOURCE.test(f) && !GENERATED.has(f) && existsSync(join(root, f)));
}

const lineCount = (file: string) => readFileSync(join(root, file), "utf8").split("\n").length - 1;

describe("file sizes", () => {
  it(`gives every source file over ${LIMIT} lines a reason in its folder README`, () => {
    const unexplained = trackedSources()
      .filter((f) => lineCount(f) > LIMIT)
      .filter((f) => {
        const readme = join(root, dirname(f), "README.md");
        if (!existsSync(readme)) return true;
        return !readFileSync(readme, "utf8")
          .split("\n")
          .some((line) => line.includes(`\`${basename(f)}\``) && /\blines\b/.test(line));
      })
      .map((f) => `${f} (${lineCount(f)} lines)`);
    expect(unexplained).toEqual([]);
  });
});
