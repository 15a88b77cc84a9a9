// A second local gateway (Auth, mailbox) on the test stack's database, with its own mail settings and
// Auth rate limits: for tests of mail delivery and of the limits, which must not touch the shared
// gateway's settings or spend its budgets. It has no functions runtime.
import { generateKeyPairSync, randomUUID } from "node:crypto";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { accessTokenVerifier } from "../../local/gateway/auth.ts";
import { AuthLimiter, readAuthRateLimits, type AuthRateLimits } from "../../local/gateway/auth-limits.ts";
import type { FunctionsRuntime } from "../../local/gateway/functions.ts";
import { createMailer, type MailSettings } from "../../local/gateway/mail.ts";
import { startGateway } from "../../local/gateway/server.ts";
import { freePort } from "./free-port.ts";
import { readStack } from "./stack.ts";

export interface AuthGateway {
  url: string;
  anonKey: string;
  dataDir: string;
  logs: string[];
  stop(): Promise<void>;
}

const noFunctions = {
  async handle(_req: unknown, res: { writeHead(s: number): { end(): void } }) {
    res.writeHead(404).end();
  },
} as unknown as FunctionsRuntime;

export async function startAuthGateway(opts: { mail: MailSettings; limits?: Partial<AuthRateLimits> }): Promise<AuthGateway> {
  const stack = readStack();
  const adminUrl = new URL(stack.dbUrl);
  adminUrl.username = "supabase_admin";
  const sql = postgres(adminUrl.toString(), { max: 2, onnotice: () => {} });
  const dataDir = await mkdtemp(join(tmpdir(), "essay-auth-gw-"));
  await chmod(dataDir, 0o755);
  const logs: string[] = [];
  const log = (line: string) => void logs.push(line);
  const privateKey = generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey;
  const kid = randomUUID();
  const { kty, crv, x, y } = privateKey.export({ format: "jwk" });
  const jwks = { keys: [{ kty, crv, x, y, kid, alg: "ES256", use: "sig" }] };
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const mailer = createMailer(opts.mail, { dataDir, log });
  const gateway = await startGateway(
    {
      sql,
      dbUrl: stack.dbUrl,
      jwtSecret: stack.jwtSecret,
      anonKey: stack.anonKey,
      serviceRoleKey: stack.serviceRoleKey,
      publishableKey: `sb_publishable_${randomUUID()}`,
      secretKey: `sb_secret_${randomUUID()}`,
      signing: { kid, privateKey },
      jwks,
      dataDir,
      supabaseUrl: url,
      siteUrl: "http://127.0.0.1:5173",
      verifyJwt: accessTokenVerifier({ jwtSecret: stack.jwtSecret, jwks }),
      mailer,
      authLimits: new AuthLimiter({ ...readAuthRateLimits(), ...opts.limits }),
      log,
    },
    port,
    noFunctions,
  );
  return {
    url,
    anonKey: stack.anonKey,
    dataDir,
    logs,
    async stop() {
      await gateway.close();
      mailer.close();
      await sql.end({ timeout: 5 });
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
