// POST /account/password (비밀번호 변경): the current password is required and checked with a password
// grant before the new one is set through the admin API, so an access token alone cannot change it (Auth's
// own PUT /user asks for a recent sign-in or a nonce: secure_password_change in config.toml). A password
// set by the admin API ends every session of the user, the caller's too; the answer carries a fresh
// session signed in with the new password, which the SPA installs.
import type { ChangePasswordResponse, Session } from "../../_shared/types.ts";
import { changePasswordRequestSchema } from "../../_shared/schemas.ts";
import { VALIDATION } from "../../_shared/messages.ts";
import { defineRoute, type Route } from "../lib/types.ts";
import { HttpError } from "../lib/errors.ts";
import { json } from "../lib/http.ts";
import { checkPassword, passwordReentry, signInWithPassword } from "../lib/password-grant.ts";
import { serviceClient } from "../lib/supabase.ts";
import { forgetToken } from "../lib/auth.ts";

export const PASSWORD_MESSAGES = {
  wrongCurrent: "현재 비밀번호가 올바르지 않습니다.",
  sameAsCurrent: "새 비밀번호는 현재 비밀번호와 달라야 합니다.",
  guest: "게스트 계정은 비밀번호가 없습니다. 회원가입 후 이용해 주세요.",
  changed: "비밀번호가 변경되었습니다.",
  failed: "비밀번호를 변경하지 못했습니다. 잠시 후 다시 시도해 주세요.",
} as const;

interface AuthErrorLike {
  status?: number;
  code?: string;
  message?: string;
}

export const routes: Route[] = [
  defineRoute({
    method: "POST",
    path: "/account/password",
    auth: "user",
    async handler(ctx) {
      const { body, email } = await passwordReentry(ctx, changePasswordRequestSchema, PASSWORD_MESSAGES.guest);
      const id = ctx.user.id;
      if (body.newPassword === body.currentPassword) throw new HttpError(400, PASSWORD_MESSAGES.sameAsCurrent);
      await checkPassword(id, email, body.currentPassword, PASSWORD_MESSAGES.wrongCurrent, PASSWORD_MESSAGES.failed);

      const { error } = await serviceClient().auth.admin.updateUserById(id, { password: body.newPassword });
      if (error) {
        const e = error as AuthErrorLike;
        if (e.code === "weak_password") throw new HttpError(400, VALIDATION.passwordMin);
        console.error("[api] password change failed:", e.status, e.code, e.message);
        throw new HttpError((e.status ?? 500) >= 500 ? 503 : 500, PASSWORD_MESSAGES.failed);
      }
      forgetToken(ctx.user.token);

      const fresh = await signInWithPassword(email, body.newPassword);
      const s = fresh.data.session;
      if (fresh.error || !s) {
        console.error("[api] sign-in after a password change failed:", fresh.error?.message);
        // the password is changed; the SPA asks the user to sign in again
        const answer: ChangePasswordResponse = { message: PASSWORD_MESSAGES.changed, session: null };
        return json(answer);
      }
      const session: Session = {
        access_token: s.access_token,
        refresh_token: s.refresh_token,
        expires_in: s.expires_in,
        expires_at: s.expires_at ?? Math.round(Date.now() / 1000) + s.expires_in,
        token_type: "bearer",
      };
      const answer: ChangePasswordResponse = { message: PASSWORD_MESSAGES.changed, session };
      return json(answer);
    },
  }),
];
