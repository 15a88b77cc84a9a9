// The edge function's import rule (eslint.config.js, `api/layers`): a domain folder never imports
// another domain, and a layer (files → grading → lib) only imports the layers below it. The
// fixtures in tests/fixtures/lint break it on purpose (`eslint .` ignores that folder); here each is
// linted as if it lived in the function, and the rule must report it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: root });

async function layerErrors(fixture: string, asFile: string): Promise<string[]> {
  const text = readFileSync(join(root, "tests/fixtures/lint", fixture), "utf8");
  const [result] = await eslint.lintText(text, { filePath: join(root, "supabase/functions/api", asFile) });
  return result.messages.filter((m) => m.ruleId === "api/layers").map((m) => m.message);
}

// The first lint loads the whole ESLint configuration (parsers, plugins): seconds, more on a busy machine.
describe("api/layers lint rule", { timeout: 60_000 }, () => {
  it("refuses a domain importing another domain's folder, and only that import", async () => {
    const errors = await layerErrors("api-sideways-import.ts", "sessions/sideways-fixture.ts");
    expect(errors).toEqual([
      "api/sessions imports the domain api/reports: domains do not import each other; move the shared piece down into api/lib/ (or _shared/).",
    ]);
  });

  it("refuses lib/ importing a layer above it", async () => {
    const errors = await layerErrors("api-layer-upward-import.ts", "lib/upward-fixture.ts");
    expect(errors).toEqual(["api/lib imports api/grading, which is not below it (layers top to bottom: files, grading, lib)."]);
  });

  it("lets a domain import the layers and the same fixture pass inside its own domain", async () => {
    // reports/ importing its own csv.ts and lib/: nothing to report
    expect(await layerErrors("api-sideways-import.ts", "reports/own-fixture.ts")).toEqual([]);
  });
});
