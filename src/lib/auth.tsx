// Who is signed in. This module is on every page, so it stays small: whether storage holds a session
// is read directly (lib/session-storage.ts), and everything else (supabase-js, the API client, the
// `me` query) lives in lib/auth-session.ts, loaded when there is a session or a visitor signs in.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from "react";
import { hasStoredSession } from "@/lib/session-storage";
import type { AuthSnapshot } from "@/lib/auth-keys";
import type { LoginInput, RegisterRequest as RegisterInput } from "@shared/schemas.ts";
import type { User } from "@shared/types.ts";

export type { User, UserSubscription } from "@shared/types.ts";
export type { LoginInput, RegisterRequest as RegisterInput } from "@shared/schemas.ts";

export { authKeys, type AuthSnapshot } from "@/lib/auth-keys";

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

type Session = typeof import("@/lib/auth-session");

/** The snapshot the provider renders; lib/auth-session.ts publishes the `me` query into it. */
const store = {
  snapshot: { user: null, isLoading: false } as AuthSnapshot,
  listeners: new Set<() => void>(),
  session: undefined as Promise<Session> | undefined,
  publish(next: AuthSnapshot) {
    if (next.user === store.snapshot.user && next.isLoading === store.snapshot.isLoading) return;
    store.snapshot = next;
    store.listeners.forEach((listener) => listener());
  },
  subscribe(listener: () => void) {
    store.listeners.add(listener);
    return () => store.listeners.delete(listener);
  },
  getSnapshot: () => store.snapshot,
  load: () => (store.session ??= import("@/lib/auth-session")),
};

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  // Known at once from storage: no session means signed out, with nothing to load.
  useState(() => {
    store.snapshot = { user: null, isLoading: hasStoredSession() };
  });
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const watching = useRef<{ stop?: () => void; mounted: boolean }>({ mounted: false });

  /** The signed-in side, loaded once, following the user while this provider is mounted. */
  const session = useCallback(async () => {
    const loaded = await store.load();
    const w = watching.current;
    if (w.mounted && !w.stop) w.stop = loaded.watchUser(store.publish, hasStoredSession());
    return loaded;
  }, []);

  useEffect(() => {
    const w = watching.current;
    w.mounted = true;
    if (hasStoredSession()) void session();
    return () => {
      w.mounted = false;
      w.stop?.();
      w.stop = undefined;
    };
  }, [session]);

  const value = useMemo<AuthContextValue>(
    () => ({
      user: snapshot.user,
      isLoading: snapshot.isLoading,
      login: async (input) => (await session()).login(input),
      register: async (input, captchaToken) => (await session()).register(input, captchaToken),
      loginAsGuest: async (captchaToken) => (await session()).loginAsGuest(captchaToken),
      convertGuest: async (input) => (await session()).convertGuest(input),
      logout: async () => (await session()).logout(),
      refetchUser: async () => (await session()).refetchUser(),
    }),
    [snapshot, session],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth() {
  const context = useContext(AuthContext);
  if (!context) throw new Error("useAuth must be used inside <AuthProvider>");
  return context;
}
