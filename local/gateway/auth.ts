// GoTrue subset for the local stand-in (/auth/v1): signup, password/refresh grants, user, logout, admin users,
// password recovery (/recover mails a link through ctx.mailer, /verify redirects with a session),
// the JWKS; user tokens are ES256 (HS256 ones signed with the JWT secret are still accepted).
// Rate limits of config.toml's [auth.rate_limit] as GoTrue applies them (auth-limits.ts).
import type { IncomingMessage, ServerResponse } from "node:http";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import type postgres from "postgres";
import { createLocalJWKSet, decodeProtectedHeader, SignJWT, jwtVerify, type JSONWebKeySet } from "jose";
import type { GatewayContext } from "./types.ts";
import { AuthError } from "./auth-error.ts";
import { RateLimitError } from "./auth-limits.ts";
import { requireAuthCaptcha } from "./auth-captcha.ts";
import { afterPasswordChange, checkPasswordChange, type PasswordChangeCaller, sendReauthentication } from "./auth-password-change.ts";

export const ACCESS_TOKEN_TTL = 3600;
export const REFRESH_REUSE_INTERVAL_S = 10;
const API_VERSION = "2024-01-01";
const BCRYPT_COST = 10;

type Json = Record<string, unknown>;
type UserRow = Record<string, any>;

export { AuthError };

export interface TokenKeys {
  /** Legacy HS256 secret: the anon / service-role keys and older user tokens. */
  jwtSecret: string;
  /** Public keys of the asymmetric signing keys (ES256), by kid. */
  jwks: { keys: unknown[] };
}

/** A verifier accepting HS256 tokens signed with the JWT secret and ES256 tokens whose kid is in the JWKS. */
export function accessTokenVerifier(keys: TokenKeys): (token: string) => Promise<Json> {
  const secret = new TextEncoder().encode(keys.jwtSecret);
  const jwks = createLocalJWKSet(keys.jwks as JSONWebKeySet);
  return async (token) => {
    const { alg } = decodeProtectedHeader(token);
    const { payload } =
      alg === "HS256" ? await jwtVerify(token, secret, { algorithms: ["HS256"] }) : await jwtVerify(token, jwks, { algorithms: ["ES256"] });
    return payload as Json;
  };
}

/**
 * The platform API gateway's key mapping: an `sb_publishable_…` / `sb_secret_…` key (in `apikey` or as
 * the bearer) becomes the anon / service-role JWT; a user JWT in Authorization is kept. Returns the JWT to
 * use as the bearer, or undefined when the request carries no such key (an unknown `sb_` key is left as is
 * and fails verification downstream).
 */
export function bearerForApiKey(ctx: GatewayContext, authorization: string | undefined, apikey: string | undefined): string | undefined {
  const bearer = /^bearer\s+(\S+)$/i.exec(authorization ?? "")?.[1];
  if (bearer && !bearer.startsWith("sb_")) return undefined;
  const key = bearer ?? apikey;
  if (key === ctx.publishableKey) return ctx.anonKey;
  if (key === ctx.secretKey) return ctx.serviceRoleKey;
  return undefined;
}

/** Rewrites `Authorization` of a request that authenticates with an `sb_` API key (see bearerForApiKey). */
export function mapApiKey(ctx: GatewayContext, req: IncomingMessage): void {
  const apikey = typeof req.headers.apikey === "string" ? req.headers.apikey : undefined;
  const jwt = bearerForApiKey(ctx, req.headers.authorization, apikey);
  if (jwt) req.headers.authorization = `Bearer ${jwt}`;
}

function jwksJson(ctx: GatewayContext): Json {
  return { keys: ctx.jwks.keys.map((k) => ({ ...k, key_ops: ["verify"] })) };
}

function send(res: ServerResponse, status: number, body?: unknown) {
  res.setHeader("X-Supabase-Api-Version", API_VERSION);
  if (body === undefined) {
    res.writeHead(status).end();
    return;
  }
  res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
}

function sendError(res: ServerResponse, err: AuthError) {
  res.setHeader("x-sb-error-code", err.code);
  send(res, err.status, { code: err.code, message: err.message, ...err.extra });
}

async function readJson(req: IncomingMessage): Promise<Json> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > 1_000_000) throw new AuthError(413, "request_too_large", "Request body too large");
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString("utf8").trim();
  if (!text) return {};
  try {
    const parsed = JSON.parse(text);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) return parsed;
  } catch {}
  throw new AuthError(400, "bad_json", "Could not parse request body as JSON");
}

const iso = (d: unknown) => (d instanceof Date ? d.toISOString() : (d ?? undefined));
const str = (v: unknown) => (typeof v === "string" ? v : undefined);

export function userJson(u: UserRow, identities: UserRow[] = []): Json {
  return {
    id: u.id,
    aud: u.aud ?? "authenticated",
    role: u.role ?? "authenticated",
    email: u.email ?? "",
    email_confirmed_at: iso(u.email_confirmed_at),
    phone: u.phone ?? "",
    confirmed_at: iso(u.confirmed_at),
    last_sign_in_at: iso(u.last_sign_in_at),
    app_metadata: u.raw_app_meta_data ?? {},
    user_metadata: u.raw_user_meta_data ?? {},
    identities: identities.map((i) => ({
      identity_id: i.id,
      id: i.provider_id,
      user_id: i.user_id,
      identity_data: i.identity_data,
      provider: i.provider,
      last_sign_in_at: iso(i.last_sign_in_at),
      created_at: iso(i.created_at),
      updated_at: iso(i.updated_at),
      email: i.email ?? undefined,
    })),
    created_at: iso(u.created_at),
    updated_at: iso(u.updated_at),
    is_anonymous: Boolean(u.is_anonymous),
  };
}

async function loadUser(sql: postgres.Sql, id: string) {
  const [u] = await sql`select * from auth.users where id = ${id}`;
  if (!u) return undefined;
  const identities = await sql`select * from auth.identities where user_id = ${id} order by created_at`;
  return userJson(u, identities);
}

function validEmail(email: string) {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);
}

export interface NewUser {
  email?: string;
  password?: string;
  data?: Json;
  appMetadata?: Json;
}

export async function createUser(sql: postgres.Sql, input: NewUser): Promise<UserRow> {
  const email = input.email?.trim().toLowerCase();
  const anonymous = !email;
  if (email !== undefined && !validEmail(email)) {
    throw new AuthError(400, "validation_failed", "Unable to validate email address: invalid format");
  }
  if (!anonymous) {
    if (!input.password) throw new AuthError(422, "validation_failed", "Signup requires a valid password");
    if (input.password.length < 6) {
      throw new AuthError(422, "weak_password", "Password should be at least 6 characters.", {
        weak_password: { reasons: ["length"] },
      });
    }
    const [dup] = await sql`select 1 from auth.users where lower(email) = ${email}`;
    if (dup) throw new AuthError(422, "user_already_exists", "User already registered");
  }
  const id = randomUUID();
  const appMeta = input.appMetadata ?? (anonymous ? {} : { provider: "email", providers: ["email"] });
  try {
    return await sql.begin(async (tx) => {
      const [u] = await tx`
        insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
          raw_app_meta_data, raw_user_meta_data, is_anonymous, created_at, updated_at,
          confirmation_token, recovery_token, email_change_token_new, email_change)
        values ('00000000-0000-0000-0000-000000000000', ${id}, 'authenticated', 'authenticated', ${email ?? null},
          ${anonymous ? "" : sql`extensions.crypt(${input.password!}, extensions.gen_salt('bf', ${BCRYPT_COST}))`},
          ${anonymous ? null : sql`now()`}, ${tx.json(appMeta as any)}, ${tx.json((input.data ?? {}) as any)},
          ${anonymous}, now(), now(), '', '', '', '')
        returning *`;
      if (!anonymous) {
        await tx`
          insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
          values (${id}, ${id}, ${tx.json({ sub: id, email, email_verified: true, phone_verified: false })},
            'email', now(), now(), now())`;
      }
      return u;
    });
  } catch (err: any) {
    if (err?.code === "23505" && /users_email|email/.test(String(err.constraint_name ?? ""))) {
      throw new AuthError(422, "user_already_exists", "User already registered");
    }
    throw new AuthError(500, "unexpected_failure", "Database error saving new user");
  }
}

function newRefreshToken() {
  return randomBytes(12).toString("base64url");
}

async function issueSession(ctx: GatewayContext, userId: string, method: string, sessionId?: string, parent?: string) {
  const { sql } = ctx;
  const [user] = await sql`update auth.users set last_sign_in_at = case when ${!sessionId} then now() else last_sign_in_at end
    where id = ${userId} returning *`;
  if (!user) throw new AuthError(403, "user_not_found", "User from sub claim in JWT does not exist");
  let amrAt = Math.floor(Date.now() / 1000);
  if (!sessionId) {
    sessionId = randomUUID();
    await sql`insert into auth.sessions (id, user_id, created_at, updated_at, aal, refreshed_at)
      values (${sessionId}, ${userId}, now(), now(), 'aal1', now())`;
  } else {
    const [s] = await sql`update auth.sessions set refreshed_at = now(), updated_at = now()
      where id = ${sessionId} returning created_at`;
    if (s?.created_at instanceof Date) amrAt = Math.floor(s.created_at.getTime() / 1000);
  }
  const refresh = newRefreshToken();
  await sql`insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
    values ('00000000-0000-0000-0000-000000000000', ${refresh}, ${userId}, false, now(), now(), ${parent ?? null}, ${sessionId})`;
  const now = Math.floor(Date.now() / 1000);
  const exp = now + ACCESS_TOKEN_TTL;
  const accessToken = await new SignJWT({
    iss: `${ctx.supabaseUrl}/auth/v1`,
    sub: user.id,
    aud: "authenticated",
    exp,
    iat: now,
    email: user.email ?? "",
    phone: user.phone ?? "",
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: "authenticated",
    aal: "aal1",
    amr: [{ method: user.is_anonymous ? "anonymous" : method, timestamp: amrAt }],
    session_id: sessionId,
    is_anonymous: Boolean(user.is_anonymous),
  })
    .setProtectedHeader({ alg: "ES256", typ: "JWT", kid: ctx.signing.kid })
    .sign(ctx.signing.privateKey);
  return {
    access_token: accessToken,
    token_type: "bearer",
    expires_in: ACCESS_TOKEN_TTL,
    expires_at: exp,
    refresh_token: refresh,
    user: await loadUser(sql, user.id),
  };
}

export function signInUser(ctx: GatewayContext, userId: string, method = "password") {
  return issueSession(ctx, userId, method);
}

async function passwordGrant(ctx: GatewayContext, body: Json) {
  const email = str(body.email)?.trim().toLowerCase();
  const password = str(body.password);
  if (!email || !password) throw new AuthError(400, "validation_failed", "missing email or phone");
  const [u] = await ctx.sql`select id from auth.users
    where lower(email) = ${email} and coalesce(encrypted_password, '') <> ''
      and encrypted_password = extensions.crypt(${password}, encrypted_password)`;
  if (!u) throw new AuthError(400, "invalid_credentials", "Invalid login credentials");
  return issueSession(ctx, u.id, "password");
}

async function refreshGrant(ctx: GatewayContext, body: Json) {
  const token = str(body.refresh_token);
  if (!token) throw new AuthError(400, "validation_failed", "refresh_token required");
  const { sql } = ctx;
  const [row] = await sql`select rt.*, extract(epoch from now() - rt.updated_at) as age, s.id as live_session
    from auth.refresh_tokens rt left join auth.sessions s on s.id = rt.session_id where rt.token = ${token}`;
  if (!row) throw new AuthError(400, "refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found");
  if (!row.live_session) throw new AuthError(400, "session_not_found", "Invalid Refresh Token: Session Not Found");
  if (row.revoked) {
    if (Number(row.age) > REFRESH_REUSE_INTERVAL_S) {
      await sql`update auth.refresh_tokens set revoked = true, updated_at = now()
        where session_id = ${row.session_id} and revoked = false`;
      throw new AuthError(400, "refresh_token_already_used", "Invalid Refresh Token: Already Used");
    }
  } else {
    const revoked = await sql`update auth.refresh_tokens set revoked = true, updated_at = now()
      where id = ${row.id} and revoked = false returning id`;
    if (!revoked.length) return refreshGrant(ctx, body);
  }
  return issueSession(ctx, row.user_id, "password", row.session_id, token);
}

async function authenticate(ctx: GatewayContext, req: IncomingMessage) {
  const header = req.headers.authorization ?? "";
  const match = /^bearer\s+(\S+)$/i.exec(header);
  if (!match) throw new AuthError(401, "no_authorization", "This endpoint requires a valid Bearer token");
  let claims: Json;
  try {
    claims = await ctx.verifyJwt(match[1]);
  } catch (err: any) {
    throw new AuthError(403, "bad_jwt", `invalid JWT: unable to parse or verify signature, ${err?.message ?? "invalid token"}`);
  }
  return claims;
}

async function requireUser(ctx: GatewayContext, req: IncomingMessage) {
  const claims = await authenticate(ctx, req);
  const sub = str(claims.sub);
  if (!sub) throw new AuthError(403, "bad_jwt", "invalid claim: missing sub claim");
  const uuid = /^[0-9a-f-]{36}$/i;
  if (!uuid.test(sub)) throw new AuthError(403, "bad_jwt", "invalid claim: sub claim must be a UUID");
  const [user] = await ctx.sql`select id from auth.users where id = ${sub}`;
  if (!user) throw new AuthError(403, "user_not_found", "User from sub claim in JWT does not exist");
  const sessionId = str(claims.session_id);
  if (sessionId) {
    const [s] = uuid.test(sessionId) ? await ctx.sql`select id from auth.sessions where id = ${sessionId}` : [];
    if (!s) throw new AuthError(403, "session_not_found", "Session from session_id claim in JWT does not exist");
  }
  return { claims, userId: sub, sessionId };
}

async function requireAdmin(ctx: GatewayContext, req: IncomingMessage) {
  const claims = await authenticate(ctx, req);
  if (claims.role !== "service_role" && claims.role !== "supabase_admin") {
    throw new AuthError(403, "not_admin", "User not allowed");
  }
}

/** `caller`: who asks on PUT /user (the admin API passes none). */
async function updateUser(ctx: GatewayContext, id: string, body: Json, admin: boolean, caller?: PasswordChangeCaller) {
  const { sql } = ctx;
  const data = (admin ? body.user_metadata : body.data) as Json | undefined;
  const password = str(body.password);
  if (password !== undefined && password.length < 6) {
    throw new AuthError(422, "weak_password", "Password should be at least 6 characters.", { weak_password: { reasons: ["length"] } });
  }
  const email = str(body.email)?.trim().toLowerCase();
  if (email !== undefined && !validEmail(email)) {
    throw new AuthError(400, "validation_failed", "Unable to validate email address: invalid format");
  }
  if (password !== undefined && !admin) await checkPasswordChange(ctx, id, caller ?? { claims: {} }, body);
  try {
    await sql.begin(async (tx) => {
      if (data && typeof data === "object") {
        await tx`update auth.users set raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || ${tx.json(data as any)},
          updated_at = now() where id = ${id}`;
      }
      if (admin && body.app_metadata && typeof body.app_metadata === "object") {
        await tx`update auth.users set raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || ${tx.json(body.app_metadata as any)},
          updated_at = now() where id = ${id}`;
      }
      if (password !== undefined) {
        await tx`update auth.users set encrypted_password = extensions.crypt(${password}, extensions.gen_salt('bf', ${BCRYPT_COST})),
          updated_at = now() where id = ${id}`;
        await afterPasswordChange(tx, id, admin ? null : (caller?.sessionId ?? null));
      }
      if (email !== undefined) {
        await tx`update auth.users set email = ${email}, email_confirmed_at = coalesce(email_confirmed_at, now()),
          is_anonymous = false, updated_at = now() where id = ${id}`;
        // an anonymous user converted in place gains its email identity (GoTrue links it the same way)
        await tx`insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
          select ${id}, ${id}, ${tx.json({ sub: id, email, email_verified: true, phone_verified: false })}, 'email', now(), now(), now()
           where not exists (select 1 from auth.identities where user_id = ${id} and provider = 'email')`;
        await tx`update auth.identities set identity_data = identity_data || ${tx.json({ email })}
          where user_id = ${id} and provider = 'email'`;
      }
    });
  } catch (err: any) {
    if (err instanceof AuthError) throw err;
    if (err?.code === "23505") throw new AuthError(422, "email_exists", "A user with this email address has already been registered");
    throw new AuthError(500, "unexpected_failure", "Database error updating user");
  }
  return loadUser(sql, id);
}

/** GoTrue's default: a recovery link lives one hour ([auth.email] otp_expiry = 3600). */
export const RECOVERY_TTL_S = 3600;
/** GoTrue's per-address mail interval ([auth.email] max_frequency = "1m"). */
export const RECOVERY_MAIL_INTERVAL_S = 60;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** The redirect allow-list: the site's origin, or a loopback URL (additional_redirect_urls of a local project). */
function allowedRedirect(ctx: GatewayContext, candidate: string | null | undefined): string {
  const site = ctx.siteUrl ?? "http://127.0.0.1:5173";
  if (!candidate) return site;
  try {
    const url = new URL(candidate);
    if (url.protocol !== "http:" && url.protocol !== "https:") return site;
    if (url.origin === new URL(site).origin) return url.toString();
    if (["127.0.0.1", "localhost"].includes(url.hostname)) return url.toString();
  } catch {}
  return site;
}

/** POST /recover: mails a recovery link; answers {} whether or not the address has an account. */
async function recover(ctx: GatewayContext, body: Json, redirectParam: string | null) {
  const email = str(body.email)?.trim().toLowerCase();
  if (!email) throw new AuthError(400, "validation_failed", "Password recovery requires an email");
  if (!validEmail(email)) throw new AuthError(400, "validation_failed", "Unable to validate email address: invalid format");
  const redirect = allowedRedirect(ctx, redirectParam ?? str(body.redirect_to));
  const [user] = await ctx.sql`select id, email, extract(epoch from now() - recovery_sent_at) as since
    from auth.users where lower(email) = ${email} and not coalesce(is_anonymous, false)`;
  if (!user) return {};
  if (user.since != null && Number(user.since) < RECOVERY_MAIL_INTERVAL_S) {
    throw new AuthError(
      429,
      "over_email_send_rate_limit",
      `For security purposes, you can only request this after ${Math.ceil(RECOVERY_MAIL_INTERVAL_S - Number(user.since))} seconds.`,
    );
  }
  ctx.authLimits.takeEmail();
  const token = randomBytes(24).toString("hex");
  await ctx.sql`update auth.users set recovery_token = ${hashToken(token)}, recovery_sent_at = now() where id = ${user.id}`;
  const link = `${ctx.supabaseUrl}/auth/v1/verify?token=${token}&type=recovery&redirect_to=${encodeURIComponent(redirect)}`;
  try {
    await ctx.mailer.send({
      to: user.email,
      subject: "비밀번호 재설정 안내",
      text: `비밀번호 재설정을 요청하셨습니다.\n\n아래 링크를 눌러 새 비밀번호를 설정해 주세요 (1시간 동안 유효):\n${link}\n\n요청하지 않으셨다면 이 메일을 무시해 주세요.`,
    });
  } catch (err) {
    ctx.log(`auth: recovery mail to ${user.email} failed: ${(err as Error)?.message ?? err}`);
    throw new AuthError(500, "unexpected_failure", "Error sending recovery email");
  }
  return {};
}

/** GET /verify?token&type=recovery&redirect_to: signs the user in and redirects with the session in the fragment. */
async function verifyRecovery(ctx: GatewayContext, res: ServerResponse, url: URL) {
  const redirect = allowedRedirect(ctx, url.searchParams.get("redirect_to"));
  const fail = (code: string, description: string) => {
    const params = new URLSearchParams({ error: "access_denied", error_code: code, error_description: description });
    res.writeHead(303, { Location: `${redirect}#${params}` }).end();
  };
  const token = url.searchParams.get("token") ?? "";
  if (url.searchParams.get("type") !== "recovery" || !/^[0-9a-f]{16,128}$/.test(token)) {
    return fail("otp_expired", "Email link is invalid or has expired");
  }
  const [user] = await ctx.sql`update auth.users set recovery_token = '',
      email_confirmed_at = coalesce(email_confirmed_at, now())
    where recovery_token = ${hashToken(token)} and recovery_sent_at > now() - make_interval(secs => ${RECOVERY_TTL_S})
    returning id`;
  if (!user) return fail("otp_expired", "Email link is invalid or has expired");
  const session = await issueSession(ctx, user.id, "recovery");
  const params = new URLSearchParams({
    access_token: session.access_token,
    expires_at: String(session.expires_at),
    expires_in: String(session.expires_in),
    refresh_token: session.refresh_token,
    token_type: "bearer",
    type: "recovery",
  });
  res.writeHead(303, { Location: `${redirect}#${params}` }).end();
}

export async function handleAuth(req: IncomingMessage, res: ServerResponse, path: string, ctx: GatewayContext) {
  try {
    const url = new URL(req.url ?? "/", "http://localhost");
    const method = req.method ?? "GET";
    const adminMatch = /^\/admin\/users\/([^/]+)\/?$/.exec(path);

    if (method === "GET" && (path === "/.well-known/jwks.json" || path === "/jwks")) {
      res.setHeader("Cache-Control", "public, max-age=600");
      return send(res, 200, jwksJson(ctx));
    }
    if (method === "GET" && (path === "/health" || path === "/settings")) {
      return send(
        res,
        200,
        path === "/health"
          ? { version: "local-standin", name: "GoTrue", description: "local stand-in" }
          : { external: { email: true, anonymous_users: true }, disable_signup: false, mailer_autoconfirm: true },
      );
    }
    if (method === "POST" && path === "/signup") {
      const body = await readJson(req);
      await requireAuthCaptcha(ctx, req, body);
      for (const key of ["email", "password", "phone"]) {
        if (body[key] != null && typeof body[key] !== "string") throw new AuthError(400, "bad_json", `${key} must be a string`);
      }
      const email = str(body.email);
      if (!email && str(body.phone)) throw new AuthError(422, "phone_provider_disabled", "Phone signups are disabled");
      ctx.authLimits.checkAddress(email ? "signInSignUps" : "anonymousUsers", req);
      const data = body.data && typeof body.data === "object" ? (body.data as Json) : {};
      const user = await createUser(ctx.sql, { email, password: str(body.password), data });
      return send(res, 200, await issueSession(ctx, user.id, email ? "password" : "anonymous"));
    }
    if (method === "POST" && path === "/recover") {
      ctx.authLimits.checkAddress("signInSignUps", req);
      const body = await readJson(req);
      await requireAuthCaptcha(ctx, req, body);
      return send(res, 200, await recover(ctx, body, url.searchParams.get("redirect_to")));
    }
    if (method === "GET" && path === "/verify") {
      ctx.authLimits.checkAddress("tokenVerifications", req);
      return await verifyRecovery(ctx, res, url);
    }
    if (method === "POST" && path === "/token") {
      const grant = url.searchParams.get("grant_type");
      const body = await readJson(req);
      if (grant === "password" || grant === "refresh_token") ctx.authLimits.checkAddress("tokenRefresh", req);
      if (grant === "password") {
        await requireAuthCaptcha(ctx, req, body);
        return send(res, 200, await passwordGrant(ctx, body));
      }
      if (grant === "refresh_token") return send(res, 200, await refreshGrant(ctx, body));
      throw new AuthError(400, "unsupported_grant_type", "unsupported_grant_type");
    }
    if (path === "/user" && method === "GET") {
      const { userId } = await requireUser(ctx, req);
      return send(res, 200, await loadUser(ctx.sql, userId));
    }
    if (path === "/user" && method === "PUT") {
      ctx.authLimits.checkAddress("signInSignUps", req);
      const { userId, sessionId, claims } = await requireUser(ctx, req);
      return send(res, 200, await updateUser(ctx, userId, await readJson(req), false, { sessionId, claims }));
    }
    if (path === "/reauthenticate" && method === "GET") {
      const { userId } = await requireUser(ctx, req);
      return send(res, 200, await sendReauthentication(ctx, userId));
    }
    if (path === "/logout" && method === "POST") {
      const { userId, sessionId } = await requireUser(ctx, req);
      const scope = url.searchParams.get("scope") ?? "global";
      if (!["global", "local", "others"].includes(scope)) {
        throw new AuthError(400, "validation_failed", "Unsupported logout scope");
      }
      if (scope === "global") await ctx.sql`delete from auth.sessions where user_id = ${userId}`;
      else if (sessionId && scope === "local") await ctx.sql`delete from auth.sessions where id = ${sessionId}`;
      else if (sessionId) await ctx.sql`delete from auth.sessions where user_id = ${userId} and id <> ${sessionId}`;
      return send(res, 204);
    }
    if (method === "POST" && path === "/admin/users") {
      await requireAdmin(ctx, req);
      const body = await readJson(req);
      const meta = body.user_metadata && typeof body.user_metadata === "object" ? (body.user_metadata as Json) : {};
      const user = await createUser(ctx.sql, { email: str(body.email), password: str(body.password), data: meta });
      return send(res, 200, await loadUser(ctx.sql, user.id));
    }
    if (adminMatch) {
      await requireAdmin(ctx, req);
      const id = adminMatch[1];
      const notFound = new AuthError(404, "user_not_found", "User not found");
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) throw notFound;
      const user = await loadUser(ctx.sql, id);
      if (!user) throw notFound;
      if (method === "GET") return send(res, 200, user);
      if (method === "PUT") return send(res, 200, await updateUser(ctx, id, await readJson(req), true));
      if (method === "DELETE") {
        await readJson(req);
        await ctx.sql`delete from auth.users where id = ${id}`;
        return send(res, 200, {});
      }
    }
    throw new AuthError(404, "not_found", "Not found");
  } catch (err) {
    if (err instanceof AuthError) return sendError(res, err);
    if (err instanceof RateLimitError) return sendError(res, new AuthError(429, err.code, err.message));
    ctx.log(`auth: ${(err as Error)?.stack ?? err}`);
    return sendError(res, new AuthError(500, "unexpected_failure", "Unexpected failure"));
  }
}
