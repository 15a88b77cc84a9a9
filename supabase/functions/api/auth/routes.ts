// /auth/*: register, login (by username), guest, me, logout — all through Supabase Auth.
import type { Session as SupabaseSession } from "@supabase/supabase-js";
import { z } from "zod";
import { type Ctx, defineRoute, type Route } from "../lib/types.ts";
import type { Session } from "../../_shared/types.ts";
import { loginSchema, registerRequestSchema } from "../../_shared/schemas.ts";
import { API_MESSAGES, VALIDATION } from "../../_shared/messages.ts";
import { found, HttpError } from "../lib/errors.ts";
import { json, noContent } from "../lib/http.ts";
import { RATE_LIMITS, type RateLimitRule } from "../lib/rate-limit.ts";
import { limitedBody } from "../lib/limited-body.ts";
import { CAPTCHA_MESSAGES, captchaConfig, checkCaptcha, isAuthCaptchaError } from "../lib/captcha.ts";
import { anonClient, authCallClient, serviceClient } from "../lib/supabase.ts";
import { signInWithPassword } from "../lib/password-grant.ts";
import { bearerToken, forgetToken } from "../lib/auth.ts";
import { loadUser } from "../lib/users/queries.ts";
import { adminSql } from "../lib/db.ts";

function toSession(s: SupabaseSession | null): Session | null {
  if (!s) return null;
  return {
    access_token: s.access_token,
    refresh_token: s.refresh_token,
    expires_in: s.expires_in,
    expires_at: s.expires_at ?? Math.round(Date.now() / 1000) + s.expires_in,
    token_type: "bearer",
  };
}

interface AuthErrorLike {
  name?: string;
  status?: number;
  code?: string;
  message?: string;
}

function isRetryable(e: AuthErrorLike): boolean {
  return e.name === "AuthRetryableFetchError" || (e.status ?? 0) >= 500;
}

function rateLimited(e: AuthErrorLike): boolean {
  return e.status === 429 || /rate_limit/.test(e.code ?? "");
}

/** The widget's token beside the form (required only when a captcha is configured). */
const captchaField = { captchaToken: z.string().max(8192).nullish() };
const registerWithCaptchaSchema = registerRequestSchema.extend(captchaField);
const guestRequestSchema = z.object(captchaField);

/**
 * The start of a public sign-up: the body, the caller address's rate limit, then the captcha. `auth` is
 * the client for the Auth call: with a captcha that Auth verifies (CAPTCHA_VERIFIED_BY=auth) the browser's
 * `captchaToken` goes on with the publishable key; with one this function verified, the secret key (Auth's
 * own captcha, when enabled, then does not ask again: a token verifies once); without a captcha, the
 * publishable key.
 */
async function admitSignUp<T extends { captchaToken?: string | null }>(ctx: Ctx, schema: z.ZodType<T>, rule: RateLimitRule) {
  const { body, address } = await limitedBody(ctx, schema, rule);
  const captchaToken = await checkCaptcha(body.captchaToken, address);
  const verifiedHere = captchaToken === undefined && captchaConfig() !== null;
  return { body, captchaToken, auth: authCallClient(verifiedHere) };
}

/** Supabase Auth throttled the call (429) or refused its captcha token (403): throws that answer. */
function throwIfThrottled(e: AuthErrorLike): void {
  if (rateLimited(e)) throw new HttpError(429, API_MESSAGES.tooManyRequests);
  if (isAuthCaptchaError(e)) throw new HttpError(403, CAPTCHA_MESSAGES.failed, { requiresCaptcha: true });
}

/** Supabase Auth refused a new account's email (409 taken, 400 invalid) or password (400 weak): throws that answer. */
function throwIfCredentialsRefused(e: AuthErrorLike): void {
  if (e.code === "user_already_exists" || e.code === "email_exists") throw new HttpError(409, API_MESSAGES.emailTaken);
  if (e.code === "weak_password") throw new HttpError(400, VALIDATION.passwordMin);
  if (e.code === "email_address_invalid" || e.code === "validation_failed") throw new HttpError(400, VALIDATION.emailInvalid);
}

/** Logs a Supabase Auth call (`what`) that failed otherwise; the answer is 503 when worth retrying, else 500. */
function authFailure(what: string, e: AuthErrorLike, message: string): HttpError {
  console.error(`[api] ${what} failed:`, e.status, e.code, e.message);
  return new HttpError(isRetryable(e) ? 503 : 500, message);
}

async function usernameTaken(username: string): Promise<boolean> {
  const rows = await adminSql`select 1 from public.profiles where lower(username) = lower(${username}) limit 1`;
  return rows.length > 0;
}

async function emailTaken(email: string): Promise<boolean> {
  const rows = await adminSql`
    select 1 from public.profiles where lower(email) = lower(${email})
    union all
    select 1 from auth.users where lower(email) = lower(${email})
    limit 1`;
  return rows.length > 0;
}

async function userOrFail(id: string) {
  const user = await loadUser(adminSql, id);
  if (!user) throw new Error(`profile missing for auth user ${id}`);
  return user;
}

/** The answer to a login: `last_login_at` recorded, then the user and their session. */
async function signedIn(id: string, session: SupabaseSession, message: string): Promise<Response> {
  await adminSql`update public.profiles set last_login_at = now() where id = ${id}`;
  const user = await userOrFail(id);
  return json({ user, session: toSession(session), message });
}

/**
 * Deletes an auth user this request has just created (its profile and anything else keyed to it
 * cascade). Logs, never throws, so the caller's real answer is kept.
 */
async function discardNewUser(id: string): Promise<void> {
  try {
    const { error } = await serviceClient().auth.admin.deleteUser(id);
    if (error) console.error("[api] could not remove the account that lost its username:", id, error.message);
  } catch (err) {
    console.error("[api] could not remove the account that lost its username:", id, err);
  }
}

const CONVERT_MESSAGES = {
  notGuest: "이미 회원으로 가입된 계정입니다.",
  converted: "회원가입이 완료되었습니다. 게스트로 만든 세션과 결과는 그대로 남아 있습니다.",
} as const;

/** Login timing: a reserved (RFC 2606 `.invalid`) address no account can have, and a bcrypt hash (cost 10,
 * GoTrue's default) of a random string nobody knows, compared against when the username is unknown. */
const LOGIN_DUMMY_EMAIL = "no-such-user@login-timing.invalid";
const LOGIN_DUMMY_HASH = "$2a$10$vhCmJ24zwuw4d11m5FCMHe7PumtrSLa8uPxXaDIWeMUR4vOgzv3J.";

export const routes: Route[] = [
  defineRoute({
    method: "POST",
    path: "/auth/register",
    auth: "public",
    async handler(ctx) {
      const { body, captchaToken, auth } = await admitSignUp(ctx, registerWithCaptchaSchema, RATE_LIMITS.register);
      if (await usernameTaken(body.username)) throw new HttpError(409, API_MESSAGES.usernameTaken);
      if (await emailTaken(body.email)) throw new HttpError(409, API_MESSAGES.emailTaken);

      const metadata: Record<string, string> = { username: body.username };
      if (body.displayName !== undefined) metadata.display_name = body.displayName;

      const { data, error } = await auth.auth.signUp({
        email: body.email,
        password: body.password,
        options: { data: metadata, captchaToken },
      });
      if (error || !data.user) {
        const e = (error ?? {}) as AuthErrorLike;
        throwIfCredentialsRefused(e);
        throwIfThrottled(e);
        // A concurrent registration may have taken the username (the profile trigger failed).
        if (await usernameTaken(body.username)) throw new HttpError(409, API_MESSAGES.usernameTaken);
        if (await emailTaken(body.email)) throw new HttpError(409, API_MESSAGES.emailTaken);
        throw authFailure("signUp", e, API_MESSAGES.registerFailed);
      }
      // Supabase hides an existing confirmed email behind a fake user without identities.
      if (Array.isArray(data.user.identities) && data.user.identities.length === 0) {
        throw new HttpError(409, API_MESSAGES.emailTaken);
      }

      const user = await userOrFail(data.user.id);
      if (user.username !== body.username) {
        // A concurrent registration took the username between our check and the sign-up, and the
        // auth trigger gave this account a generated name instead: undo it and answer as taken.
        await discardNewUser(data.user.id);
        throw new HttpError(409, API_MESSAGES.usernameTaken);
      }
      return json({ user, session: toSession(data.session), message: API_MESSAGES.registerSuccess }, 201);
    },
  }),
  defineRoute({
    method: "POST",
    path: "/auth/login",
    auth: "public",
    async handler(ctx) {
      const { body } = await limitedBody(ctx, loginSchema, RATE_LIMITS.login);
      const [account] = await adminSql<{ id: string; email: string }[]>`
        select p.id, u.email
          from public.profiles p
          join auth.users u on u.id = p.id
         where lower(p.username) = lower(${body.username})
           and not p.is_guest
           and coalesce(u.email, '') <> ''
         order by (p.username = ${body.username}) desc
         limit 1`;
      // An unknown username costs what a wrong password costs (a GoTrue password grant, which finds no
      // user for the reserved address, plus one bcrypt comparison at GoTrue's cost), so the answer's
      // timing does not tell which usernames exist.
      const { data, error } = await signInWithPassword(account?.email ?? LOGIN_DUMMY_EMAIL, body.password);
      if (!account) await adminSql`select extensions.crypt(${body.password}, ${LOGIN_DUMMY_HASH}) = ${LOGIN_DUMMY_HASH} as ok`;
      if (!account || error || !data.session || !data.user) {
        const e = (error ?? {}) as AuthErrorLike;
        if (rateLimited(e)) throw new HttpError(429, API_MESSAGES.tooManyRequests);
        if (isRetryable(e)) {
          console.error("[api] signInWithPassword failed:", e.status, e.code, e.message);
          throw new HttpError(503, API_MESSAGES.serverError);
        }
        throw new HttpError(401, API_MESSAGES.invalidCredentials);
      }

      return await signedIn(data.user.id, data.session, API_MESSAGES.loginSuccess);
    },
  }),
  defineRoute({
    method: "POST",
    path: "/auth/guest",
    auth: "public",
    async handler(ctx) {
      const { captchaToken, auth } = await admitSignUp(ctx, guestRequestSchema, RATE_LIMITS.guest);
      const { data, error } = await auth.auth.signInAnonymously(captchaToken ? { options: { captchaToken } } : undefined);
      if (error || !data.session || !data.user) {
        const e = (error ?? {}) as AuthErrorLike;
        throwIfThrottled(e);
        throw authFailure("signInAnonymously", e, API_MESSAGES.guestFailed);
      }
      return await signedIn(data.user.id, data.session, API_MESSAGES.guestSuccess);
    },
  }),
  defineRoute({
    method: "POST",
    path: "/auth/convert",
    auth: "user",
    // 회원가입하고 계속하기: the guest's anonymous user becomes a member in place (same id), so its
    // sessions and results stay; the username, email and password are validated like /auth/register.
    async handler(ctx) {
      const { body } = await limitedBody(ctx, registerRequestSchema, RATE_LIMITS.register);
      const id = ctx.user.id;
      const [profile] = await adminSql<{ username: string; is_guest: boolean }[]>`
        select username, is_guest from public.profiles where id = ${id}`;
      if (!profile) throw new HttpError(401, API_MESSAGES.loginRequired);
      if (!profile.is_guest) throw new HttpError(409, CONVERT_MESSAGES.notGuest);
      if (await usernameTaken(body.username)) throw new HttpError(409, API_MESSAGES.usernameTaken);
      if (await emailTaken(body.email)) throw new HttpError(409, API_MESSAGES.emailTaken);

      // the username first (unique in any case: a concurrent taker makes this fail, nothing else changed)
      try {
        await adminSql`update public.profiles set username = ${body.username},
            display_name = coalesce(${body.displayName ?? null}, display_name)
          where id = ${id} and is_guest`;
      } catch (err) {
        if ((err as { code?: string })?.code === "23505") throw new HttpError(409, API_MESSAGES.usernameTaken);
        throw err;
      }
      const metadata: Record<string, string> = { username: body.username };
      if (body.displayName !== undefined) metadata.display_name = body.displayName;
      const { error } = await serviceClient().auth.admin.updateUserById(id, {
        email: body.email,
        password: body.password,
        email_confirm: true,
        user_metadata: metadata,
      });
      if (error) {
        await adminSql`update public.profiles set username = ${profile.username} where id = ${id} and is_guest`;
        const e = error as AuthErrorLike;
        throwIfCredentialsRefused(e);
        throw authFailure("guest conversion", e, API_MESSAGES.registerFailed);
      }
      // the auth trigger (private.handle_user_updated) copied the email and cleared is_guest; make sure
      await adminSql`update public.profiles set is_guest = false where id = ${id}`;
      forgetToken(ctx.user.token);

      // a fresh session whose token says is_anonymous = false (the guest's token still works until it expires)
      const { data, error: signInError } = await signInWithPassword(body.email, body.password);
      if (signInError || !data.session) {
        console.error("[api] sign-in after guest conversion failed:", signInError?.message);
        throw new HttpError(503, API_MESSAGES.serverError);
      }
      return await signedIn(id, data.session, CONVERT_MESSAGES.converted);
    },
  }),
  defineRoute({
    method: "GET",
    path: "/auth/me",
    auth: "user",
    async handler(ctx) {
      // a paid month that ended shows as ended (private.apply_due_subscription_changes)
      await adminSql`select 1 from private.apply_due_subscription_changes(${ctx.user.id}::uuid)`;
      return json(found(await ctx.asCaller((sql) => loadUser(sql, ctx.user.id)), 401, API_MESSAGES.loginRequired));
    },
  }),
  defineRoute({
    method: "POST",
    path: "/auth/logout",
    auth: "public",
    async handler(ctx) {
      const token = bearerToken(ctx.req);
      if (token) {
        forgetToken(token);
        const { error } = await anonClient().auth.admin.signOut(token, "local");
        if (error && isRetryable(error as AuthErrorLike)) console.error("[api] logout failed:", error.message);
      }
      return noContent();
    },
  }),
];
