// The deploy bundle budget: the api function's bundle as `supabase functions deploy` builds it
// (npm packages resolved from deno.json only, each folder whole, plus our code; brotli as the CLI
// compresses the eszip), measured by bench/bundle-size.ts, must stay within 10 MB (the platform
// refuses 20 MB). Resolving needs the edge profile's Deno cache (<tmp>/essay-grader-deno-edge, filled on the
// first run), hence the integration project (its files run one at a time).
import { describe, expect, it } from "vitest";
import { BUNDLE_BUDGET_MB, formatBundle, mb, measureBundle } from "../../bench/bundle-size.ts";

describe("deploy bundle of the api function", () => {
  it(`stays within the ${BUNDLE_BUDGET_MB} MB budget (brotli, deno.json-resolved npm packages + our code)`, () => {
    const bundle = measureBundle();
    console.log(formatBundle(bundle));
    // Sanity: the measurement found the packages the function imports and our own modules.
    const names = bundle.packages.map((p) => p.name);
    for (const name of ["zod", "postgres", "jose", "openai", "unpdf", "saxes", "@supabase/supabase-js"]) {
      expect(names, name).toContain(name);
    }
    expect(bundle.code.files).toBeGreaterThan(20);
    expect(bundle.brotliBytes).toBeGreaterThan(bundle.code.brotliBytes);
    expect(
      bundle.brotliBytes,
      `the deploy bundle is ${mb(bundle.brotliBytes)} compressed; the budget is ${BUNDLE_BUDGET_MB} MB`,
    ).toBeLessThanOrEqual(BUNDLE_BUDGET_MB * 1024 * 1024);
  }, 900_000);
});
