// startStack(): database → admin account → gateway → Deno function → SPA (production build or Vite dev server) → worker tick. Used by `npm start` and tests.
import { existsSync, readFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import type postgres from "postgres";
import { config, functionEnv, resolveJwtSecret, resolveLocalKeys, rootDir, signKey, type JwtSecret } from "./config.ts";
import { startDatabase } from "./db.ts";
import { accessTokenVerifier, AuthError, createUser } from "./gateway/auth.ts";
import { authCaptchaFromEnv } from "./gateway/auth-captcha.ts";
import { AuthLimiter, readAuthRateLimits, type AuthRateLimits } from "./gateway/auth-limits.ts";
import { createMailer, mailSettingsFromEnv, type MailSettings } from "./gateway/mail.ts";
import { FunctionsRuntime } from "./gateway/functions.ts";
import { startGateway } from "./gateway/server.ts";
import type { GatewayContext } from "./gateway/types.ts";
import { ensureWebBuild, serveWebBuild, type WebBuild } from "./web.ts";

function stopPostmasterNow(dataDir: string) {
  try {
    const pid = Number(readFileSync(join(dataDir, "db", "postmaster.pid"), "utf8").split("\n")[0]);
    if (pid > 0) process.kill(pid, "SIGINT");
  } catch {}
}

export interface StackOptions {
  dataDir: string;
  dbPort: number;
  supabasePort: number;
  appPort: number;
  app?: boolean;
  env?: Record<string, string>;
  log?: (line: string) => void;
  watch?: boolean;
  /**
   * How the SPA is served when `app` is on: `build` (default) the production build (local/web.ts:
   * built when the sources changed, hashed assets, long cache headers), `dev` Vite's dev server (hot reload).
   */
  appMode?: "build" | "dev";
  admin?: { username?: string; email?: string; password?: string };
  /** Where Auth's mails go; default from the environment (SMTP_*, LOCAL_MAILBOX — off unless set). */
  mail?: MailSettings;
  /** Test stacks only: Auth rate limits other than config.toml's [auth.rate_limit]. */
  authRateLimits?: Partial<AuthRateLimits>;
}

export interface Stack {
  supabaseUrl: string;
  appUrl: string;
  dbUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  /** `sb_publishable_…` / `sb_secret_…` keys (the gateway maps them to anonKey / serviceRoleKey). */
  publishableKey: string;
  secretKey: string;
  /** The worker tick's secret (the function's GRADING_TICK_SECRET). */
  gradingTickSecret: string;
  jwtSecret: string;
  /** Where the JWT secret came from (JWT_SECRET, `demo`, or the data folder's generated one). */
  jwtSecretSource: JwtSecret["source"];
  /** The SPA's origin (allowed by the function's CORS), also when the SPA is not started. */
  appOrigin: string;
  /** The production build served (appMode `build`): its folder, and whether it was built now or reused. */
  webBuild?: WebBuild;
  /** Where Auth's mails go. */
  mail: MailSettings;
  /** The Auth rate limits in force. */
  authRateLimits: AuthRateLimits;
  stop(): Promise<void>;
}

export async function ensureAdmin(
  sql: postgres.Sql,
  admin: { username?: string; email?: string; password?: string },
  log: (l: string) => void,
) {
  const { username, email, password } = admin;
  if (!username || !email || !password) return;
  const [existing] = await sql`select id from auth.users where lower(email) = ${email.toLowerCase()}`;
  let id = existing?.id as string | undefined;
  if (id) {
    await sql`update auth.users set encrypted_password = extensions.crypt(${password}, extensions.gen_salt('bf', 10))
      where id = ${id} and encrypted_password is distinct from extensions.crypt(${password}, encrypted_password)`;
  } else {
    try {
      id = (await createUser(sql, { email, password, data: { username } })).id;
      log(`admin account created: ${username} <${email}>`);
    } catch (err) {
      const reason = err instanceof AuthError ? err.message : String(err);
      log(`could not create the admin account ${username}: ${reason}`);
      return;
    }
  }
  await sql`update public.profiles set is_admin = true where id = ${id!}`;
}

export async function startStack(opts: StackOptions): Promise<Stack> {
  const log = opts.log ?? (() => {});
  const mail = opts.mail ?? mailSettingsFromEnv(process.env);
  const dataDir = resolve(opts.dataDir);
  await mkdir(dataDir, { recursive: true });
  const resolved = resolveJwtSecret(dataDir);
  if (resolved.warning) log(resolved.warning);
  const jwtSecret = resolved.secret;
  const anonKey = await signKey("anon", jwtSecret);
  const serviceRoleKey = await signKey("service_role", jwtSecret);
  const keys = resolveLocalKeys(dataDir);
  const jwks = { keys: [keys.signing.publicJwk] };
  const supabaseUrl = `http://127.0.0.1:${opts.supabasePort}`;
  const appUrl = `http://127.0.0.1:${opts.appPort}`;
  const appOrigins = [appUrl, `http://localhost:${opts.appPort}`, config.allowedOrigins].filter(Boolean).join(",");
  const stops: Array<() => Promise<void>> = [];
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      for (const fn of stops.reverse()) {
        try {
          await fn();
        } catch (err) {
          log(`stop: ${(err as Error).message}`);
        }
      }
    })());

  const onExit = () => stopPostmasterNow(dataDir);
  process.on("exit", onExit);
  stops.push(async () => void process.off("exit", onExit));
  try {
    const db = await startDatabase({ dataDir, port: opts.dbPort, log: (l) => log(`[db] ${l}`) });
    stops.push(() => db.stop());

    await ensureAdmin(db.sql, opts.admin ?? config.admin, log);

    const mailer = createMailer(mail, { dataDir, log });
    stops.push(async () => mailer.close());
    const authLimits = new AuthLimiter({ ...readAuthRateLimits(), ...opts.authRateLimits });

    const settings = withoutEmpty({
      SITE_URL: appUrl,
      ALLOWED_ORIGINS: appOrigins,
      GRADING_TICK_SECRET: keys.gradingTickSecret,
      BILLING_KEY_SECRET: keys.billingKeySecret,
      ...functionEnv(),
      ...opts.env,
    });
    const ctx: GatewayContext = {
      sql: db.sql,
      dbUrl: db.url,
      jwtSecret,
      anonKey,
      serviceRoleKey,
      publishableKey: keys.publishableKey,
      secretKey: keys.secretKey,
      signing: { kid: keys.signing.kid, privateKey: keys.signing.privateKey },
      jwks,
      dataDir,
      supabaseUrl,
      siteUrl: appUrl,
      // Auth enforces the captcha the function is given, as [auth.captcha] does where a captcha is set
      captcha: authCaptchaFromEnv(settings),
      // supabase/config.toml [auth.email] secure_password_change = true, require_current_password = true
      securePasswordChange: true,
      requireCurrentPassword: true,
      verifyJwt: accessTokenVerifier({ jwtSecret, jwks }),
      mailer,
      authLimits,
      log,
    };

    const functions = new FunctionsRuntime({
      rootDir,
      watch: opts.watch,
      log,
      env: {
        ...settings,
        SUPABASE_URL: supabaseUrl,
        // Like a current project: the new key dictionaries (read first) and the legacy JWT keys.
        SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: keys.publishableKey }),
        SUPABASE_SECRET_KEYS: JSON.stringify({ default: keys.secretKey }),
        SUPABASE_ANON_KEY: anonKey,
        SUPABASE_SERVICE_ROLE_KEY: serviceRoleKey,
        SUPABASE_DB_URL: db.url,
      },
    });
    stops.push(() => functions.stop());
    const functionsReady = functions.start();

    const gateway = await startGateway(ctx, opts.supabasePort, functions);
    stops.push(() => gateway.close());

    let appStarted = false;
    let webBuild: WebBuild | undefined;
    if (opts.app !== false && existsSync(join(rootDir, "vite.config.ts"))) {
      process.env.VITE_SUPABASE_URL = supabaseUrl;
      process.env.VITE_SUPABASE_ANON_KEY = anonKey;
      process.env.VITE_TOSS_CLIENT_KEY = opts.env?.TOSS_CLIENT_KEY ?? config.toss.clientKey;
      if (opts.appMode === "dev") {
        const { createServer } = await import("vite");
        const vite = await createServer({
          root: rootDir,
          configFile: join(rootDir, "vite.config.ts"),
          server: { port: opts.appPort, strictPort: true, host: "127.0.0.1" },
          clearScreen: false,
          logLevel: "warn",
        });
        stops.push(() => vite.close());
        await vite.listen();
      } else {
        const web = await ensureWebBuild(rootDir, log);
        webBuild = web;
        stops.push(async () => web.release()); // after the server below has closed (stops run in reverse)
        const server = await serveWebBuild({ dir: web.dir, port: opts.appPort, supabaseUrl });
        stops.push(() => server.close());
      }
      appStarted = true;
    } else if (opts.app !== false) {
      log("vite.config.ts not found; the SPA is not started");
    }

    await functionsReady;
    stops.push(startTick(supabaseUrl, opts.env?.GRADING_TICK_SECRET || keys.gradingTickSecret));

    return {
      supabaseUrl,
      appUrl: appStarted ? appUrl : "",
      dbUrl: db.url,
      anonKey,
      serviceRoleKey,
      publishableKey: keys.publishableKey,
      secretKey: keys.secretKey,
      gradingTickSecret: opts.env?.GRADING_TICK_SECRET || keys.gradingTickSecret,
      jwtSecret,
      jwtSecretSource: resolved.source,
      appOrigin: appUrl,
      webBuild,
      mail,
      authRateLimits: authLimits.limits,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

function withoutEmpty(env: Record<string, string>) {
  return Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ""));
}

function startTick(supabaseUrl: string, tickSecret: string) {
  let running: Promise<void> | undefined;
  let stopped = false;
  const abort = new AbortController();
  const url = `${supabaseUrl}/functions/v1/api/internal/tick`;
  const timer = setInterval(() => {
    if (running || stopped) return;
    running = fetch(url, {
      method: "POST",
      headers: { Authorization: `Bearer ${tickSecret}` },
      signal: AbortSignal.any([abort.signal, AbortSignal.timeout(60_000)]),
    })
      .then((res) => res.body?.cancel())
      .catch(() => {})
      .finally(() => {
        running = undefined;
      });
  }, 2000);
  return async () => {
    stopped = true;
    clearInterval(timer);
    abort.abort();
    await running;
  };
}
