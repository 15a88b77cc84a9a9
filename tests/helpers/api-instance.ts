// A second instance of the api function (Deno, local/functions-entry.ts) with extra settings, against
// the test stack's database, Auth and Storage. Tests of settings the shared instance keeps off (the
// captcha, tiny storage bounds) run against it, so no other test sees them.
import { spawn, type ChildProcess } from "node:child_process";
import { join, resolve } from "node:path";
import { freePort } from "./free-port.ts";
import { readStack } from "./stack.ts";

const root = resolve(import.meta.dirname, "../..");

export interface ApiInstance {
  /** `http://127.0.0.1:<port>` — the function answers under /api/… */
  origin: string;
  /** `http://127.0.0.1:<port>/api` */
  baseUrl: string;
  stop(): Promise<void>;
}

/** Starts `local/functions-entry.ts` under Deno with the stack's settings plus `extra`. */
export async function startApiInstance(extra: Record<string, string>, timeoutMs = 90_000): Promise<ApiInstance> {
  const stack = readStack();
  const port = await freePort();
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? "",
    DENO_NO_UPDATE_CHECK: "1",
    NO_COLOR: "1",
    PORT: String(port),
    SUPABASE_URL: stack.supabaseUrl,
    SUPABASE_ANON_KEY: stack.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
    SUPABASE_DB_URL: stack.dbUrl,
    TRUSTED_PROXY_HOPS: "2",
    RATE_LIMIT_GUESTS_PER_HOUR: "1000",
    RATE_LIMIT_REGISTRATIONS_PER_HOUR: "1000",
    RATE_LIMIT_LOGINS_PER_15_MIN: "1000",
    RATE_LIMIT_SESSIONS_PER_HOUR: "1000",
    ...extra,
  };
  if (process.env.DENO_DIR) env.DENO_DIR = process.env.DENO_DIR;
  let output = "";
  const child: ChildProcess = spawn(
    join(root, "node_modules/.bin/deno"),
    [
      "run",
      "-A",
      "--node-modules-dir=manual",
      "--config",
      join(root, "supabase/functions/api/deno.json"),
      join(root, "local/functions-entry.ts"),
    ],
    { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] },
  );
  child.stdout?.on("data", (d) => (output = (output + d).slice(-4000)));
  child.stderr?.on("data", (d) => (output = (output + d).slice(-4000)));
  const origin = `http://127.0.0.1:${port}`;
  const baseUrl = `${origin}/api`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    }
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      await fetch(`${baseUrl}/plans`);
      return { origin, baseUrl, stop };
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  await stop();
  throw new Error(`second api instance did not start:\n${output}`);
}
