// A whole stack of its own (database, gateway, the function under Deno, no SPA) with its own fake LLM,
// in a fresh data folder: for the bench and for tests whose settings must not reach the shared stack.
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePorts } from "../../local/free-port.ts";
import { startStack, type Stack } from "../../local/stack.ts";
import { startFakeLlm, type FakeLlm } from "../fakes/llm.ts";

export interface OwnStackOptions {
  /** The fake LLM's latency per call. */
  latencyMs: number;
  /** The data folder's name prefix under the OS temp folder. */
  dataDirPrefix: string;
  /** The function's LLM_API_KEY (the fake accepts any). */
  llmApiKey: string;
  /** More function settings (LLM_BASE_URL, LLM_API_KEY and LLM_MODEL are set already). */
  env: Record<string, string>;
  log?: (line: string) => void;
}

export interface OwnStack {
  stack: Stack;
  llm: FakeLlm;
  dataDir: string;
  /** Stops the stack and the fake LLM, and removes the data folder unless `keepData`. */
  stop(keepData?: boolean): Promise<void>;
}

export async function startOwnStack(opts: OwnStackOptions): Promise<OwnStack> {
  const llm = await startFakeLlm({ latencyMs: opts.latencyMs });
  const dataDir = await mkdtemp(join(tmpdir(), opts.dataDirPrefix));
  const removeData = () => rm(dataDir, { recursive: true, force: true });
  let stack: Stack;
  try {
    await chmod(dataDir, 0o755);
    const [dbPort, supabasePort, appPort] = await freePorts(3);
    stack = await startStack({
      dataDir,
      dbPort,
      supabasePort,
      appPort,
      app: false,
      admin: {},
      mail: { mailbox: true },
      env: { LLM_BASE_URL: llm.url, LLM_API_KEY: opts.llmApiKey, LLM_MODEL: "fake-grader", ...opts.env },
      log: opts.log,
    });
  } catch (err) {
    await llm.stop();
    await removeData();
    throw err;
  }
  return {
    stack,
    llm,
    dataDir,
    async stop(keepData = false) {
      await stack.stop();
      await llm.stop();
      if (!keepData) await removeData();
    },
  };
}

/** Rate limits high enough that a test creating many accounts and sessions is never refused. */
export const RELAXED_RATE_LIMITS = {
  RATE_LIMIT_GUESTS_PER_HOUR: "1000",
  RATE_LIMIT_REGISTRATIONS_PER_HOUR: "1000",
  RATE_LIMIT_LOGINS_PER_15_MIN: "1000",
  RATE_LIMIT_SESSIONS_PER_HOUR: "1000",
} as const;

/**
 * Points the shared test helpers (api, createMember, testSql, which read TEST_* at call time) at
 * this stack; the returned function puts the previous values back. Close testSql() around both.
 */
export function pointTestHelpersAt({ stack, llm }: Pick<OwnStack, "stack" | "llm">): () => void {
  const mine: Record<string, string> = {
    TEST_SUPABASE_URL: stack.supabaseUrl,
    TEST_DB_URL: stack.dbUrl,
    TEST_ANON_KEY: stack.anonKey,
    TEST_SERVICE_ROLE_KEY: stack.serviceRoleKey,
    TEST_JWT_SECRET: stack.jwtSecret,
    TEST_FAKE_LLM_URL: llm.url,
  };
  const saved: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(mine)) {
    saved[k] = process.env[k];
    process.env[k] = v;
  }
  return () => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };
}
