// Typed view of the TEST_* environment that the test harness (run-all / global setup) exports.
export interface TestStack {
  supabaseUrl: string;
  appUrl: string;
  dbUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  /** `sb_publishable_…` / `sb_secret_…` keys the stand-in maps to anon / service_role (unset for other stacks). */
  publishableKey?: string;
  secretKey?: string;
  /** The worker tick's own secret (GRADING_TICK_SECRET). */
  gradingTickSecret?: string;
  apiUrl: string;
  fakeLlmUrl?: string;
  fakeTossUrl?: string;
}

export function readStack(env: NodeJS.ProcessEnv = process.env): TestStack {
  const need = (name: string) => {
    const v = env[name];
    if (!v) throw new Error(`${name} is not set: run tests through \`npm test\` or vitest's integration project`);
    return v;
  };
  const supabaseUrl = need("TEST_SUPABASE_URL");
  return {
    supabaseUrl,
    appUrl: env.TEST_APP_URL ?? "",
    dbUrl: need("TEST_DB_URL"),
    anonKey: need("TEST_ANON_KEY"),
    serviceRoleKey: need("TEST_SERVICE_ROLE_KEY"),
    jwtSecret: need("TEST_JWT_SECRET"),
    publishableKey: env.TEST_PUBLISHABLE_KEY || undefined,
    secretKey: env.TEST_SECRET_KEY || undefined,
    gradingTickSecret: env.TEST_GRADING_TICK_SECRET || undefined,
    apiUrl: `${supabaseUrl}/functions/v1/api`,
    fakeLlmUrl: env.TEST_FAKE_LLM_URL || undefined,
    fakeTossUrl: env.TEST_FAKE_TOSS_URL || undefined,
  };
}

export async function getStack(): Promise<TestStack> {
  return readStack();
}

/** The harness' fake Toss API (tests/fakes/toss.ts); throws when it was not started. */
export function requireFakeToss(): string {
  const url = readStack().fakeTossUrl;
  if (!url) throw new Error("TEST_FAKE_TOSS_URL is not set: the fake Toss server must be started by the harness");
  return url;
}
