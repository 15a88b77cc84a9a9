// The password grants this function makes: a login, a guest conversion's fresh session, and the password
// checks of 회원 탈퇴 and 비밀번호 변경. None has a captcha token from the browser (the login form has no
// widget; the other two come from a signed-in user), so with a captcha configured they are made with the
// secret key and Auth's captcha ([auth.captcha], which the README tells operators to enable with it)
// does not ask for one. Logins stay bounded by the function's per-address limit (RATE_LIMIT_LOGINS_*);
// a direct password grant to Auth needs the captcha.
import { captchaConfig } from "./captcha.ts";
import { authCallClient } from "./supabase.ts";

/** Signs `email` in with `password`, with the secret key whenever a captcha is configured. */
export function signInWithPassword(email: string, password: string) {
  return authCallClient(captchaConfig() !== null).auth.signInWithPassword({ email, password });
}
