// The password grants this function makes: a login, a guest conversion's fresh session, and the password
// checks of 회원 탈퇴 and 비밀번호 변경. None has a captcha token from the browser (the login form has no
// widget; the other two come from a signed-in user), so with a captcha configured they are made with the
// secret key and Auth's captcha ([auth.captcha], which the README tells operators to enable with it)
// does not ask for one. Logins stay bounded by the function's per-address limit (RATE_LIMIT_LOGINS_*);
// a direct password grant to Auth needs the captcha.
import { captchaConfig } from "./captcha.ts";
import { authCallClient } from "./supabase.ts";
import type { z } from "zod";
import { adminSql } from "./db.ts";
import { limitedBody } from "./limited-body.ts";
import { RATE_LIMITS } from "./rate-limit.ts";
import type { AuthUser, Ctx, Params } from "./types.ts";
import { HttpError } from "./errors.ts";
import { API_MESSAGES } from "../../_shared/messages.ts";

/** Signs `email` in with `password`, with the secret key whenever a captcha is configured. */
export function signInWithPassword(email: string, password: string) {
  return authCallClient(captchaConfig() !== null).auth.signInWithPassword({ email, password });
}

/**
 * A signed-in user's request that re-enters a password: its body, counted against the login budget (a
 * stolen session cannot be used to guess the password), and the user's email (see memberEmail).
 */
export async function passwordReentry<T>(ctx: Ctx<Params, AuthUser>, schema: z.ZodType<T>, guestMessage: string) {
  const { body } = await limitedBody(ctx, schema, RATE_LIMITS.login);
  return { body, email: await memberEmail(ctx.user.id, guestMessage) };
}

/** The signed-in user's email for a password check: 404 without a user, 403 (`guestMessage`) for a guest. */
export async function memberEmail(id: string, guestMessage: string): Promise<string> {
  const [account] = await adminSql<{ email: string | null; is_guest: boolean }[]>`
    select u.email, p.is_guest from auth.users u join public.profiles p on p.id = u.id where u.id = ${id}`;
  if (!account) throw new HttpError(404, API_MESSAGES.userNotFound);
  if (account.is_guest || !account.email) throw new HttpError(403, guestMessage);
  return account.email;
}

/** Checks a re-entered password with a grant: 429 throttled, 503 (`failed`) Auth down, else 403 (`wrong`). */
export async function checkPassword(id: string, email: string, password: string, wrong: string, failed: string) {
  const { data, error } = await signInWithPassword(email, password);
  if (!error && data.user?.id === id) return;
  if (error?.status === 429) throw new HttpError(429, API_MESSAGES.tooManyRequests);
  if (error && (error.status ?? 0) >= 500) throw new HttpError(503, failed);
  throw new HttpError(403, wrong);
}
