// `npm run gen:types`: regenerates supabase/functions/_shared/database.types.ts from the migrations with
// `supabase gen types typescript --remote <url> --schema public`, against a throwaway local database.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { localUrl, supabaseCli } from "./supabase-cli.ts";

export const typesFile = resolve(import.meta.dirname, "..", "supabase/functions/_shared/database.types.ts");

/** The `public` schema's TypeScript types as the Supabase CLI generates them from the database at dbUrl. */
export async function generateTypes(dbUrl: string): Promise<string> {
  const out = await supabaseCli(["gen", "types", "typescript", "--remote", localUrl(dbUrl), "--schema", "public"]);
  if (out.code !== 0 || !out.stdout.includes("export type Database")) {
    throw new Error(`supabase gen types failed: ${(out.stderr || out.stdout).trim().split("\n").slice(-3).join(" ")}`);
  }
  return out.stdout;
}

async function main() {
  const { startDatabase } = await import("./db.ts");
  const { freePorts } = await import("./free-port.ts");
  const dataDir = await mkdtemp(join(tmpdir(), "essay-types-"));
  const [port] = await freePorts(1);
  const db = await startDatabase({ dataDir, port });
  try {
    await writeFile(typesFile, await generateTypes(db.url));
    console.log(`wrote ${typesFile}`);
  } finally {
    await db.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((err) => {
    console.error((err as Error).message);
    process.exit(1);
  });
}
