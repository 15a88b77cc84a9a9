// No import cycle in src/, supabase/ or local/ (dependency-cruiser over the three trees; imports of
// types only are ignored, since they vanish when compiled). A cycle means two modules need each
// other: move the shared piece down into a module both import.
import { join } from "node:path";
import { cruise, type ICruiseResult } from "dependency-cruiser";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");

async function cruiseTrees(): Promise<ICruiseResult> {
  const result = await cruise(
    ["src", "supabase", "local"],
    {
      baseDir: root,
      validate: true,
      ruleSet: {
        forbidden: [{ name: "no-circular", severity: "error", from: {}, to: { circular: true, dependencyTypesNot: ["type-only"] } }],
      },
      tsPreCompilationDeps: true,
      doNotFollow: { path: "node_modules" },
      exclude: { path: "node_modules|\\.d\\.ts$" },
      tsConfig: { fileName: join(root, "tsconfig.json") },
    },
    undefined,
    { tsConfig: { options: { baseUrl: root, paths: { "@/*": ["src/*"], "@shared/*": ["supabase/functions/_shared/*"] } } } },
  );
  return result.output as ICruiseResult;
}

describe("import cycles", () => {
  it("has none in src, supabase or local, and sees every import of our own code", { timeout: 60_000 }, async () => {
    const result = await cruiseTrees();
    // every own-code import resolved (else a cycle through it would go unseen); packages may not be
    const unresolvedOwn = result.modules.flatMap((m) =>
      m.dependencies.filter((d) => d.couldNotResolve && /^(\.|@\/|@shared\/)/.test(d.module)).map((d) => `${m.source} → ${d.module}`),
    );
    expect(unresolvedOwn).toEqual([]);
    expect(result.modules.length).toBeGreaterThan(300);
    const cycles = result.summary.violations.map((v) => [v.from, ...(v.cycle ?? []).map((c) => c.name)].join(" → "));
    expect(cycles).toEqual([]);
  });
});
