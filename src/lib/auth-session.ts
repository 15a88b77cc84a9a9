// The signed-in side of lib/auth.tsx, loaded on demand: when storage holds a session, or when a
// visitor logs in, registers or starts as a guest. It brings supabase-js, the API client and
// TanStack Query; a signed-out visitor's first page loads none of them.
import { writeActiveOrgId } from "@/lib/active-org";
import { QueryObserver } from "@tanstack/react-query";
import { api, ApiError, errorMessage } from "@/lib/api-client";
import { authKeys, type AuthSnapshot } from "@/lib/auth-keys";
import { CAPTCHA_TEXT } from "@/lib/captcha";
import { notify } from "@/lib/notify";
import { notifyFailure } from "@/lib/notify-failure";
import { queryClient } from "@/lib/query-client";
import { supabase } from "@/lib/supabase";
import type { LoginInput, RegisterRequest as RegisterInput } from "@shared/schemas.ts";
import type { AuthResponse, User } from "@shared/types.ts";

async function fetchCurrentUser(): Promise<User | null> {
  try {
    const { data } = await supabase.auth.getSession();
    if (!data.session) return null;
    const user = await api.get<User | null>("/auth/me", { on401: "returnNull" });
    if (!user) await supabase.auth.signOut({ scope: "local" }).catch(() => undefined);
    return user ?? null;
  } catch (error) {
    console.warn("사용자 정보를 불러오지 못했습니다.", error);
    return null;
  }
}

function clearUserData() {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.all[0] });
}

/** Signed out: the active organisation was that account's choice, so the next sign-in starts in the personal space. */
function forgetSignedOutUser() {
  clearUserData();
  writeActiveOrgId(null);
}

/**
 * Follows the `me` query (so `invalidateQueries(authKeys.me())` elsewhere refetches it) and Supabase's
 * SIGNED_OUT, reporting to `publish`. `storedSession`: false when the visitor had none (the user is
 * then known to be null, no fetch).
 */
export function watchUser(publish: (snapshot: AuthSnapshot) => void, storedSession: boolean) {
  if (!storedSession && queryClient.getQueryData(authKeys.me()) === undefined) queryClient.setQueryData(authKeys.me(), null);
  const observer = new QueryObserver(queryClient, { queryKey: authKeys.me(), queryFn: fetchCurrentUser, staleTime: Infinity });
  const push = (result: { data: User | null | undefined; isPending: boolean }) =>
    publish({ user: result.data ?? null, isLoading: result.isPending });
  push(observer.getCurrentResult());
  const unsubscribe = observer.subscribe(push);
  const { data } = supabase.auth.onAuthStateChange((event) => {
    if (event !== "SIGNED_OUT") return;
    if (queryClient.getQueryData(authKeys.me()) === null) return;
    forgetSignedOutUser();
    queryClient.setQueryData(authKeys.me(), null);
  });
  return () => {
    unsubscribe();
    data.subscription.unsubscribe();
  };
}

async function installSession(response: AuthResponse) {
  if (!response.session) throw new Error("세션을 시작하지 못했습니다. 잠시 후 다시 시도해 주세요.");
  const { error } = await supabase.auth.setSession({
    access_token: response.session.access_token,
    refresh_token: response.session.refresh_token,
  });
  if (error) throw error;
  clearUserData();
  queryClient.setQueryData(authKeys.me(), response.user);
  return response.user;
}

/** A refused or missing captcha (not a rate limit, which keeps the form's own title). */
function captchaRefusal(error: unknown): boolean {
  return error instanceof ApiError && Boolean(error.requiresCaptcha) && error.status !== 429;
}

function notifyCaptcha(error: unknown) {
  notify({ title: CAPTCHA_TEXT.title, description: errorMessage(error, CAPTCHA_TEXT.needed) });
}

/** A refused captcha gets the captcha toast; any other failure `other`'s. */
const unlessCaptcha = (other: (error: unknown) => void) => (error: unknown) =>
  captchaRefusal(error) ? notifyCaptcha(error) : other(error);

/**
 * POSTs to an auth endpoint, installs the session it answers with and says so (the server's
 * message, else `welcome`); on failure `refused(error)` says why and the error goes on to the form.
 */
async function authenticate(path: string, body: unknown, title: string, welcome: string, refused: (error: unknown) => void) {
  try {
    const response = await api.post<AuthResponse>(path, body);
    const user = await installSession(response);
    notify({ title, description: response.message || welcome });
    return user;
  } catch (error) {
    refused(error);
    throw error;
  }
}

/** A toast that explains a refusal (the form stays for another try). */
const explain = (title: string, fallback: string) => (error: unknown) => notify({ title, description: errorMessage(error, fallback) });

/** What registration sends: the optional display name only when it is not blank. */
function registration(input: RegisterInput): RegisterInput {
  const payload: RegisterInput = { username: input.username, email: input.email, password: input.password };
  const displayName = input.displayName?.trim();
  if (displayName) payload.displayName = displayName;
  return payload;
}

export function login(input: LoginInput) {
  return authenticate(
    "/auth/login",
    input,
    "로그인 성공",
    "환영합니다!",
    explain("로그인 안내", "아이디와 비밀번호를 다시 확인해 주세요."),
  );
}

export function register(input: RegisterInput, captchaToken?: string | null) {
  return authenticate(
    "/auth/register",
    captchaToken ? { ...registration(input), captchaToken } : registration(input),
    "회원가입 성공",
    "계정이 생성되었습니다.",
    unlessCaptcha(explain("회원가입 안내", "입력 정보를 다시 확인해 주세요.")),
  );
}

export function loginAsGuest(captchaToken?: string | null) {
  return authenticate(
    "/auth/guest",
    captchaToken ? { captchaToken } : undefined,
    "게스트 로그인 성공",
    "게스트로 로그인되었습니다.",
    unlessCaptcha((error) => notifyFailure("게스트 로그인 실패", errorMessage(error, "게스트 로그인 중 오류가 발생했습니다."))),
  );
}

export function convertGuest(input: RegisterInput) {
  return authenticate(
    "/auth/convert",
    registration(input),
    "회원가입 성공",
    "회원가입이 완료되었습니다.",
    explain("회원가입 안내", "입력 정보를 다시 확인해 주세요."),
  );
}

export async function logout() {
  try {
    await api.post("/auth/logout");
  } catch (error) {
    console.error("로그아웃 요청에 실패했습니다.", error);
  }
  try {
    await supabase.auth.signOut({ scope: "local" });
  } catch (error) {
    console.error("로컬 세션 정리에 실패했습니다.", error);
  }
  forgetSignedOutUser();
  queryClient.setQueryData(authKeys.me(), null);
  notify({ title: "로그아웃", description: "성공적으로 로그아웃되었습니다." });
}

export async function refetchUser() {
  const result = await queryClient.fetchQuery({ queryKey: authKeys.me(), queryFn: fetchCurrentUser, staleTime: 0 });
  return result ?? null;
}
