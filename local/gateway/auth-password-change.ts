// Auth's secure password change ([auth.email] secure_password_change = true), as GoTrue's UserUpdate applies
// it: a password set through PUT /user needs a session created within the last 24 hours (a fresh sign-in,
// or the session a recovery link starts), else the `nonce` that GET /reauthenticate mailed (valid for
// otp_expiry, once). Without either: 400 `reauthentication_needed`; a wrong or stale nonce: 422
// `reauthentication_not_valid`. With require_current_password (GoTrue 2.187+), a user who has a password
// also sends it as `current_password` (400 `current_password_required` / `current_password_invalid`),
// unless the session is a recovery link's (its `amr` says recovery). A new password ends the user's other sessions (PUT /user keeps the
// caller's own; an admin update ends them all), so a stolen refresh token stops with it.
import { createHash, randomInt } from "node:crypto";
import type postgres from "postgres";
import { AuthError } from "./auth-error.ts";
import type { GatewayContext } from "./types.ts";

/** GoTrue's rule: a session signed in this recently may change its password without a nonce. */
export const RECENT_SIGN_IN_S = 24 * 3600;
/** GoTrue's default otp_expiry ([auth.email] otp_expiry = 3600): how long a mailed nonce is good for. */
export const REAUTHENTICATION_TTL_S = 3600;

/** GoTrue's token hash of a mailed one-time code: sha224 over the address and the code, in hex. */
const tokenHash = (email: string, code: string) =>
  createHash("sha224")
    .update(email + code)
    .digest("hex");

/** GET /reauthenticate: mails the signed-in user a six-digit nonce for their next password change. */
export async function sendReauthentication(ctx: GatewayContext, userId: string): Promise<Record<string, never>> {
  const [user] = await ctx.sql`select email, email_confirmed_at from auth.users where id = ${userId}`;
  const email = String(user?.email ?? "");
  if (!email) {
    throw new AuthError(400, "validation_failed", "Reauthentication requires the user to have an email or a phone number");
  }
  if (!user.email_confirmed_at) throw new AuthError(422, "email_not_confirmed", "Please verify your email first.");
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  await ctx.sql`update auth.users set reauthentication_token = ${tokenHash(email, code)}, reauthentication_sent_at = now()
    where id = ${userId}`;
  await ctx.mailer.send({
    to: email,
    subject: "본인 확인 코드",
    text: `비밀번호를 변경하려면 아래 확인 코드를 입력해 주세요 (1시간 동안 유효):\n\n${code}\n\n요청하지 않으셨다면 이 메일을 무시하고 비밀번호를 변경해 주세요.`,
  });
  return {};
}

/** Who asks PUT /user for a new password: their session and its access token's claims. */
export interface PasswordChangeCaller {
  sessionId?: string;
  claims: Record<string, unknown>;
}

/** Throws unless `caller` may set a new password through PUT /user (both rules above, in GoTrue's order). */
export async function checkPasswordChange(
  ctx: GatewayContext,
  userId: string,
  caller: PasswordChangeCaller,
  body: Record<string, unknown>,
) {
  await requireReauthentication(ctx, userId, caller.sessionId, body.nonce);
  await requireCurrentPassword(ctx, userId, caller.claims, body.current_password);
}

async function requireCurrentPassword(ctx: GatewayContext, userId: string, claims: Record<string, unknown>, current: unknown) {
  if (!ctx.requireCurrentPassword) return;
  const amr = Array.isArray(claims.amr) ? (claims.amr as { method?: unknown }[]) : [];
  if (amr.some((m) => m?.method === "recovery")) return;
  const given = typeof current === "string" ? current : "";
  const [user] = await ctx.sql`select coalesce(encrypted_password, '') <> '' as has_password,
      coalesce(encrypted_password, '') <> '' and encrypted_password = extensions.crypt(${given}, encrypted_password) as matches
    from auth.users where id = ${userId}`;
  if (!user?.has_password) return;
  const message = "Current password required when setting new password.";
  if (!given) throw new AuthError(400, "current_password_required", message);
  if (!user.matches) throw new AuthError(400, "current_password_invalid", message);
}

/**
 * Throws unless secure password change allows it: off, a session created within RECENT_SIGN_IN_S, or a
 * valid `nonce` (then used up).
 */
async function requireReauthentication(ctx: GatewayContext, userId: string, sessionId: string | undefined, nonce: unknown) {
  if (!ctx.securePasswordChange) return;
  if (sessionId) {
    const [session] = await ctx.sql`select 1 from auth.sessions
      where id = ${sessionId} and created_at > now() - make_interval(secs => ${RECENT_SIGN_IN_S})`;
    if (session) return;
  }
  if (typeof nonce !== "string" || nonce === "") {
    throw new AuthError(400, "reauthentication_needed", "Password update requires reauthentication");
  }
  const [user] = await ctx.sql`select email from auth.users where id = ${userId}`;
  const used = await ctx.sql`update auth.users set reauthentication_token = '', reauthentication_sent_at = null
    where id = ${userId} and coalesce(reauthentication_token, '') <> ''
      and reauthentication_token = ${tokenHash(String(user?.email ?? ""), nonce)}
      and reauthentication_sent_at > now() - make_interval(secs => ${REAUTHENTICATION_TTL_S})
    returning id`;
  if (!used.length) throw new AuthError(422, "reauthentication_not_valid", "Nonce has expired or is invalid");
}

/**
 * What a new password does beside the hash (GoTrue's User.UpdatePassword): pending one-time tokens are
 * cleared and every session of the user but `keepSessionId` ends (all of them when it is null).
 */
export async function afterPasswordChange(tx: postgres.TransactionSql, userId: string, keepSessionId: string | null) {
  await tx`update auth.users set recovery_token = '', recovery_sent_at = null,
      reauthentication_token = '', reauthentication_sent_at = null
    where id = ${userId}`;
  await tx`delete from auth.sessions where user_id = ${userId} and id is distinct from ${keepSessionId}`;
}
