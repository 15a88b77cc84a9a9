// The real Supabase CLI (npm `supabase`, a devDependency): how the local stack and the tests talk to databases.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
export const supabaseBin = join(root, "node_modules", ".bin", process.platform === "win32" ? "supabase.cmd" : "supabase");

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `supabase <args>` in the project root (its `supabase/` folder and config.toml), capturing output;
 * `workdir` runs it on another folder holding a `supabase/` project (e.g. an older commit's migrations).
 */
export function supabaseCli(args: string[], opts: { input?: string; workdir?: string } = {}): Promise<CliResult> {
  if (!existsSync(supabaseBin)) {
    return Promise.resolve({
      code: 127,
      stdout: "",
      stderr: "the Supabase CLI is not installed (run npm install) / Supabase CLI가 설치되어 있지 않습니다 (npm install을 실행하세요)",
    });
  }
  return new Promise((done) => {
    const workdir = opts.workdir ?? root;
    const child = spawn(supabaseBin, [...args, "--workdir", workdir, "--agent", "no"], {
      cwd: workdir,
      env: { ...process.env, SUPABASE_TELEMETRY_DISABLED: "1", DO_NOT_TRACK: "1", NO_COLOR: "1", CI: process.env.CI ?? "1" },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c) => (stdout += c));
    child.stderr.on("data", (c) => (stderr += c));
    child.on("error", (err) => done({ code: 127, stdout, stderr: stderr + err.message }));
    child.on("close", (code, signal) => done({ code: code ?? (signal ? 1 : 0), stdout, stderr }));
    child.stdin.end(opts.input ?? "");
  });
}

/** A loopback database URL with TLS off (the local stack has none; the CLI would warn on every call). */
export function localUrl(dbUrl: string): string {
  const u = new URL(dbUrl);
  if (["127.0.0.1", "localhost", "[::1]"].includes(u.hostname) && !u.searchParams.has("sslmode")) u.searchParams.set("sslmode", "disable");
  return u.toString();
}

/** `supabase db push --remote <url> --include-seed`: applies supabase/migrations and seed.sql as a hosted project does. */
export async function pushMigrations(dbUrl: string, opts: { dryRun?: boolean; workdir?: string } = {}): Promise<CliResult> {
  const args = ["db", "push", "--remote", localUrl(dbUrl), "--include-seed", "--yes"];
  if (opts.dryRun) args.push("--dry-run");
  return supabaseCli(args, { workdir: opts.workdir });
}

/** Supabase's database linter (`supabase db advisors`), failing on any warning, as `npm test` runs it. */
export function runAdvisors(dbUrl: string): Promise<CliResult> {
  return supabaseCli(["db", "advisors", "--remote", localUrl(dbUrl), "--type", "all", "--level", "warn", "--fail-on", "warn"]);
}
