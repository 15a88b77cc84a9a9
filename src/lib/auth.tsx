import { useQuery } from "@tanstack/react-query";
import { createContext, useCallback, useContext, useEffect, useMemo, type ReactNode } from "react";
import { api, ApiError, errorMessage } from "@/lib/api-client";
import { CAPTCHA_TEXT } from "@/lib/captcha";
import { notify } from "@/lib/notify";
import { queryClient } from "@/lib/query-client";
import { supabase } from "@/lib/supabase";
import type { LoginInput, RegisterRequest as RegisterInput } from "@shared/schemas.ts";
import type { AuthResponse, User } from "@shared/types.ts";

export type { User, UserSubscription } from "@shared/types.ts";
export type { LoginInput, RegisterRequest as RegisterInput } from "@shared/schemas.ts";

export const authKeys = {
  all: ["auth"] as const,
  me: () => [...authKeys.all, "me"] as const,
};

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

export interface AuthContextValue {
  user: User | null;
  isLoading: boolean;
  login: (input: LoginInput) => Promise<User>;
  /** `captchaToken`: the widget's token when the build has a captcha (VITE_CAPTCHA_SITE_KEY). */
  register: (input: RegisterInput, captchaToken?: string | null) => Promise<User>;
  loginAsGuest: (captchaToken?: string | null) => Promise<User>;
  /** 회원가입하고 계속하기: the guest becomes a member in place (same account: sessions and results stay). */
  convertGuest: (input: RegisterInput) => Promise<User>;
  logout: () => Promise<void>;
  refetchUser: () => Promise<User | null>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const meQuery = useQuery({ queryKey: authKeys.me(), queryFn: fetchCurrentUser, staleTime: Infinity });

  useEffect(() => {
    const { data } = supabase.auth.onAuthStateChange((event) => {
      if (event !== "SIGNED_OUT") return;
      if (queryClient.getQueryData(authKeys.me()) === null) return;
      clearUserData();
      queryClient.setQueryData(authKeys.me(), null);
    });
    return () => data.subscription.unsubscribe();
  }, []);

  const login = useCallback(async (input: LoginInput) => {
    try {
      const response = await api.post<AuthResponse>("/auth/login", input);
      const user = await installSession(response);
      notify({ title: "로그인 성공", description: response.message || "환영합니다!" });
      return user;
    } catch (error) {
      notify({ title: "로그인 안내", description: errorMessage(error, "아이디와 비밀번호를 다시 확인해 주세요.") });
      throw error;
    }
  }, []);

  const register = useCallback(async (input: RegisterInput, captchaToken?: string | null) => {
    try {
      const payload: RegisterInput & { captchaToken?: string } = {
        username: input.username,
        email: input.email,
        password: input.password,
      };
      const displayName = input.displayName?.trim();
      if (displayName) payload.displayName = displayName;
      if (captchaToken) payload.captchaToken = captchaToken;
      const response = await api.post<AuthResponse>("/auth/register", payload);
      const user = await installSession(response);
      notify({ title: "회원가입 성공", description: response.message || "계정이 생성되었습니다." });
      return user;
    } catch (error) {
      if (captchaRefusal(error)) notifyCaptcha(error);
      else notify({ title: "회원가입 안내", description: errorMessage(error, "입력 정보를 다시 확인해 주세요.") });
      throw error;
    }
  }, []);

  const loginAsGuest = useCallback(async (captchaToken?: string | null) => {
    try {
      const response = await api.post<AuthResponse>("/auth/guest", captchaToken ? { captchaToken } : undefined);
      const user = await installSession(response);
      notify({ title: "게스트 로그인 성공", description: response.message || "게스트로 로그인되었습니다." });
      return user;
    } catch (error) {
      if (captchaRefusal(error)) {
        notifyCaptcha(error);
        throw error;
      }
      notify({
        title: "게스트 로그인 실패",
        description: errorMessage(error, "게스트 로그인 중 오류가 발생했습니다."),
        variant: "destructive",
      });
      throw error;
    }
  }, []);

  const convertGuest = useCallback(async (input: RegisterInput) => {
    try {
      const payload: RegisterInput = { username: input.username, email: input.email, password: input.password };
      const displayName = input.displayName?.trim();
      if (displayName) payload.displayName = displayName;
      const response = await api.post<AuthResponse>("/auth/convert", payload);
      const user = await installSession(response);
      notify({ title: "회원가입 성공", description: response.message || "회원가입이 완료되었습니다." });
      return user;
    } catch (error) {
      notify({ title: "회원가입 안내", description: errorMessage(error, "입력 정보를 다시 확인해 주세요.") });
      throw error;
    }
  }, []);

  const logout = useCallback(async () => {
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
    clearUserData();
    queryClient.setQueryData(authKeys.me(), null);
    notify({ title: "로그아웃", description: "성공적으로 로그아웃되었습니다." });
  }, []);

  const { refetch } = meQuery;
  const refetchUser = useCallback(async () => {
    const result = await refetch();
    return result.data ?? null;
  }, [refetch]);

  const value = useMemo<AuthContextValue>(
    () => ({
      user: meQuery.data ?? null,
      isLoading: meQuery.isPending,
      login,
      register,
      loginAsGuest,
      convertGuest,
      logout,
      refetchUser,
    }),
    [meQuery.data, meQuery.isPending, login, register, loginAsGuest, convertGuest, logout, refetchUser],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth() {
  const context = useContext(AuthContext);
  if (!context) throw new Error("useAuth must be used inside <AuthProvider>");
  return context;
}
