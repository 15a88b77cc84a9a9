// The password grant of a login, a guest conversion's fresh session and an account deletion's password check.
import { captchaConfig } from "./captcha.ts";
import { passwordGrantClient } from "./supabase.ts";

/** Signs `email` in with `password` through the client the captcha setup calls for (see passwordGrantClient). */
export function signInWithPassword(email: string, password: string) {
  return passwordGrantClient(captchaConfig()?.verifiedBy === "auth").auth.signInWithPassword({ email, password });
}
