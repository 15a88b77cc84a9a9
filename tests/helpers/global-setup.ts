// Vitest global setup for the integration project: starts fakes + a stack on free ports unless TEST_SUPABASE_URL is set.
import { existsSync } from "node:fs";
import { appendFile, chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { FUNCTION_SETTINGS } from "../../local/config.ts";
import { startStack } from "../../local/stack.ts";
import { freePorts } from "./free-port.ts";

const root = resolve(import.meta.dirname, "../..");

interface Fakes {
  env: Record<string, string>;
  urls: Record<string, string>;
  stop(): Promise<void>;
}

export interface TestEnvironment {
  env: Record<string, string>;
  logFile: string;
  stop(): Promise<void>;
}

async function startFakes(): Promise<Fakes | undefined> {
  const file = join(root, "tests/fakes/index.ts");
  if (!existsSync(file)) return undefined;
  const mod = await import(pathToFileURL(file).href);
  return mod.startFakes();
}

/**
 * Test stacks keep the function's defaults (abuse limits, captcha, grading, caps) whatever a developer's .env says
 * (functionEnv() passes those through for `npm start`); a spec that needs them starts its own instance.
 */
function withoutLocalSettings(): Record<string, string> {
  const blank: Record<string, string> = {};
  for (const name of Object.keys(process.env)) {
    if (FUNCTION_SETTINGS.includes(name)) blank[name] = "";
  }
  return blank;
}

export async function startTestEnvironment(opts: { app?: boolean } = {}): Promise<TestEnvironment> {
  const dataDir = await mkdtemp(join(tmpdir(), "essay-test-"));
  await chmod(dataDir, 0o755);
  const logFile = join(dataDir, "stack.log");
  const verbose = process.env.STACK_VERBOSE === "1";
  const log = (line: string) => {
    if (verbose) console.log(line);
    void appendFile(logFile, line + "\n").catch(() => {});
  };
  const fakes = await startFakes();
  if (opts.app) process.env.VITE_CAPTCHA_SITE_KEY = "";
  const [dbPort, supabasePort, appPort] = await freePorts(3);
  let stack;
  try {
    stack = await startStack({
      dataDir,
      dbPort,
      supabasePort,
      appPort,
      app: opts.app ?? false,
      env: { LLM_API_KEY: "", ...withoutLocalSettings(), ...fakes?.env },
      admin: {},
      // the tests read Auth's mails in the development mailbox; never through a developer's SMTP settings
      mail: { mailbox: true },
      log,
    });
  } catch (err) {
    await fakes?.stop();
    throw new Error(`test stack failed to start (log: ${logFile}): ${(err as Error).message}`, { cause: err });
  }
  const env: Record<string, string> = {
    TEST_SUPABASE_URL: stack.supabaseUrl,
    TEST_APP_URL: stack.appUrl,
    TEST_DB_URL: stack.dbUrl,
    TEST_ANON_KEY: stack.anonKey,
    TEST_SERVICE_ROLE_KEY: stack.serviceRoleKey,
    TEST_JWT_SECRET: stack.jwtSecret,
    TEST_PUBLISHABLE_KEY: stack.publishableKey,
    TEST_SECRET_KEY: stack.secretKey,
    TEST_GRADING_TICK_SECRET: stack.gradingTickSecret,
    TEST_APP_ORIGIN: stack.appOrigin,
  };
  for (const [name, url] of Object.entries(fakes?.urls ?? {})) {
    env[`TEST_FAKE_${name.replace(/[^a-z0-9]/gi, "_").toUpperCase()}_URL`] = url;
  }
  return {
    env,
    logFile,
    async stop() {
      await stack.stop();
      await fakes?.stop();
      if (!process.env.KEEP_TEST_DATA) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export default async function setup() {
  if (process.env.TEST_SUPABASE_URL) return;
  const testEnv = await startTestEnvironment({ app: false });
  Object.assign(process.env, testEnv.env);
  return async () => {
    await testEnv.stop();
    for (const key of Object.keys(testEnv.env)) delete process.env[key];
  };
}
