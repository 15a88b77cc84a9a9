// The committed supabase/functions/_shared/database.types.ts is what `supabase gen types` makes of the migrations.
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { generateTypes, typesFile } from "../../local/gen-types.ts";
import { readStack } from "../helpers/stack.ts";

describe("generated database types", () => {
  it("database.types.ts matches `supabase gen types typescript` on the migrated database (else run npm run gen:types)", async () => {
    const fresh = await generateTypes(readStack().dbUrl);
    expect(fresh).toContain("export type Database");
    const committed = await readFile(typesFile, "utf8");
    expect(committed === fresh, "supabase/functions/_shared/database.types.ts is stale: run `npm run gen:types`").toBe(true);
  });
});
