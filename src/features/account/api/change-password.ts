import { api } from "@/lib/api-client";
import { supabase } from "@/lib/supabase";
import type { ChangePasswordRequest } from "@shared/schemas.ts";
import type { ChangePasswordResponse } from "@shared/types.ts";

export const SIGN_IN_AGAIN = "새 비밀번호로 다시 로그인해 주세요.";

/**
 * POST /account/password (the server checks the current password). The new password ends every session,
 * so the fresh one in the answer replaces this tab's; without one the tab signs out. Resolves with the
 * message to show.
 */
export async function changePassword(input: ChangePasswordRequest): Promise<string> {
  const res = await api.post<ChangePasswordResponse>("/account/password", input);
  if (res.session) {
    const { error } = await supabase.auth.setSession({
      access_token: res.session.access_token,
      refresh_token: res.session.refresh_token,
    });
    if (!error) return res.message;
  }
  await supabase.auth.signOut({ scope: "local" }).catch(() => undefined);
  return `${res.message} ${SIGN_IN_AGAIN}`;
}
