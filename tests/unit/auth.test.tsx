import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { http, HttpResponse } from "msw";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { API, apiError, authHandlers, authResponse, user } from "../mocks/api.ts";
import { server } from "../mocks/server.ts";

vi.stubEnv("VITE_API_URL", API);

type AuthListener = (event: string) => void;
const supa = vi.hoisted(() => ({
  session: null as null | { access_token: string; refresh_token: string },
  listeners: [] as Array<(event: string) => void>,
  setSession: vi.fn(),
  signOut: vi.fn(),
}));
vi.mock("@/lib/supabase", () => ({
  supabase: {
    auth: {
      getSession: async () => ({ data: { session: supa.session } }),
      setSession: async (s: { access_token: string; refresh_token: string }) => {
        supa.setSession(s);
        storeSession(s);
        return { data: {}, error: null };
      },
      signOut: async (opts: unknown) => {
        supa.signOut(opts);
        storeSession(null);
        return { error: null };
      },
      onAuthStateChange: (listener: AuthListener) => {
        supa.listeners.push(listener);
        return { data: { subscription: { unsubscribe: () => (supa.listeners = supa.listeners.filter((l) => l !== listener)) } } };
      },
    },
  },
}));
const notify = vi.hoisted(() => vi.fn());
vi.mock("@/lib/notify", () => ({ notify }));

const { AuthProvider, useAuth } = await import("@/lib/auth");
const { authStorageKey } = await import("@/lib/session-storage");

/** A session as supabase-js keeps it: in memory here (the mock) and in localStorage, which the provider reads first. */
function storeSession(session: { access_token: string; refresh_token: string } | null) {
  supa.session = session;
  if (session) localStorage.setItem(authStorageKey(), JSON.stringify(session));
  else localStorage.removeItem(authStorageKey());
}
const { queryClient } = await import("@/lib/query-client");

beforeEach(() => {
  storeSession(null);
  supa.listeners = [];
  supa.setSession.mockClear();
  supa.signOut.mockClear();
  notify.mockClear();
  queryClient.clear();
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>
    <AuthProvider>{children}</AuthProvider>
  </QueryClientProvider>
);

async function renderAuth() {
  const hook = renderHook(() => useAuth(), { wrapper });
  await waitFor(() => expect(hook.result.current.isLoading).toBe(false));
  return hook;
}

describe("auth state on load", () => {
  it("is signed out without asking the API when there is no Supabase session", async () => {
    const { result } = await renderAuth();
    expect(result.current.user).toBeNull();
  });

  it("loads the user from GET /auth/me with the session token", async () => {
    storeSession({ access_token: "at-9", refresh_token: "rt-9" });
    let auth: string | null = null;
    server.use(
      http.get(`${API}/auth/me`, ({ request }) => {
        auth = request.headers.get("authorization");
        return HttpResponse.json(user());
      }),
    );
    const { result } = await renderAuth();
    expect(result.current.user?.username).toBe("teacher_kim");
    expect(auth).toBe("Bearer at-9");
  });

  it("signs out locally and sets the user to null when /auth/me answers 401", async () => {
    storeSession({ access_token: "stale", refresh_token: "rt" });
    server.use(http.get(`${API}/auth/me`, () => apiError(401, "로그인이 필요합니다.")));
    const { result } = await renderAuth();
    expect(result.current.user).toBeNull();
    expect(supa.signOut).toHaveBeenCalledWith({ scope: "local" });
  });

  it("sets the user to null on any other load error", async () => {
    storeSession({ access_token: "at", refresh_token: "rt" });
    server.use(http.get(`${API}/auth/me`, () => new HttpResponse("boom", { status: 500 })));
    const { result } = await renderAuth();
    expect(result.current.user).toBeNull();
  });

  it("clears the user when Supabase reports SIGNED_OUT", async () => {
    storeSession({ access_token: "at", refresh_token: "rt" });
    server.use(http.get(`${API}/auth/me`, () => HttpResponse.json(user())));
    const { result } = await renderAuth();
    expect(result.current.user).not.toBeNull();
    act(() => supa.listeners.forEach((listener) => listener("SIGNED_OUT")));
    await waitFor(() => expect(result.current.user).toBeNull());
  });
});

describe("login, register, guest, logout", () => {
  it("logs in, installs the session and shows 로그인 성공", async () => {
    let body: unknown;
    server.use(authHandlers.login(authResponse(user()), (b) => (body = b)));
    const { result } = await renderAuth();
    await act(() => result.current.login({ username: "teacher_kim", password: "secret123" }));
    expect(body).toEqual({ username: "teacher_kim", password: "secret123" });
    expect(supa.setSession).toHaveBeenCalledWith({ access_token: "at-1", refresh_token: "rt-1" });
    await waitFor(() => expect(result.current.user?.username).toBe("teacher_kim"));
    expect(notify).toHaveBeenCalledWith({ title: "로그인 성공", description: "환영합니다!" });
  });

  it("shows 로그인 안내 with the server message and re-throws on a failed login", async () => {
    server.use(http.post(`${API}/auth/login`, () => apiError(401, "아이디 또는 비밀번호가 올바르지 않습니다.")));
    const { result } = await renderAuth();
    await expect(act(() => result.current.login({ username: "x", password: "y" }))).rejects.toThrow(
      "아이디 또는 비밀번호가 올바르지 않습니다.",
    );
    expect(notify).toHaveBeenCalledWith({ title: "로그인 안내", description: "아이디 또는 비밀번호가 올바르지 않습니다." });
    expect(result.current.user).toBeNull();
    expect(supa.setSession).not.toHaveBeenCalled();
  });

  it("registers without an empty displayName and shows the server message", async () => {
    let body: unknown;
    server.use(authHandlers.register(authResponse(user(), "가입을 환영합니다."), (b) => (body = b)));
    const { result } = await renderAuth();
    await act(() => result.current.register({ username: "teacher_kim", email: "kim@example.com", password: "secret123", displayName: "" }));
    expect(body).toEqual({ username: "teacher_kim", email: "kim@example.com", password: "secret123" });
    expect(notify).toHaveBeenCalledWith({ title: "회원가입 성공", description: "가입을 환영합니다." });
  });

  it("shows 회원가입 안내 on a failed register", async () => {
    server.use(http.post(`${API}/auth/register`, () => apiError(409, "이미 사용 중인 사용자명입니다.")));
    const { result } = await renderAuth();
    await expect(act(() => result.current.register({ username: "dup", email: "d@example.com", password: "secret123" }))).rejects.toThrow();
    expect(notify).toHaveBeenCalledWith({ title: "회원가입 안내", description: "이미 사용 중인 사용자명입니다." });
  });

  it("starts a guest session, and shows a destructive 게스트 로그인 실패 on failure", async () => {
    server.use(http.post(`${API}/auth/guest`, () => HttpResponse.json(authResponse(user({ isGuest: 1, username: "guest_abc" })))));
    const { result } = await renderAuth();
    await act(() => result.current.loginAsGuest());
    await waitFor(() => expect(result.current.user?.isGuest).toBe(1));
    expect(notify).toHaveBeenCalledWith({ title: "게스트 로그인 성공", description: "게스트로 로그인되었습니다." });

    server.use(http.post(`${API}/auth/guest`, () => apiError(429, "잠시 후 다시 시도해 주세요.")));
    await expect(act(() => result.current.loginAsGuest())).rejects.toThrow();
    expect(notify).toHaveBeenLastCalledWith({
      title: "게스트 로그인 실패",
      description: "잠시 후 다시 시도해 주세요.",
      variant: "destructive",
    });
  });

  it("sends the captcha token with guest start and sign-up, and no body without one", async () => {
    const bodies: Record<string, unknown[]> = { guest: [], register: [] };
    server.use(
      http.post(`${API}/auth/guest`, async ({ request }) => {
        const text = await request.text();
        bodies.guest.push(text ? JSON.parse(text) : null);
        return HttpResponse.json(authResponse(user({ isGuest: 1 })));
      }),
      authHandlers.register(authResponse(user()), (b) => bodies.register.push(b)),
    );
    const { result } = await renderAuth();
    await act(() => result.current.loginAsGuest("tok-g"));
    await act(() => result.current.loginAsGuest());
    await act(() => result.current.register({ username: "teacher_kim", email: "kim@example.com", password: "secret123" }, "tok-r"));
    expect(bodies.guest).toEqual([{ captchaToken: "tok-g" }, null]);
    expect(bodies.register).toEqual([{ username: "teacher_kim", email: "kim@example.com", password: "secret123", captchaToken: "tok-r" }]);
  });

  it("shows 확인 안내 with the server's message when the server asks for the check", async () => {
    server.use(
      http.post(`${API}/auth/guest`, () =>
        HttpResponse.json({ error: "안전한 서비스 이용을 위해 보안 확인을 완료해 주세요.", requiresCaptcha: true }, { status: 400 }),
      ),
      http.post(`${API}/auth/register`, () =>
        HttpResponse.json(
          { error: "보안 확인에 실패했습니다. 확인을 다시 완료한 뒤 시도해 주세요.", requiresCaptcha: true },
          { status: 403 },
        ),
      ),
    );
    const { result } = await renderAuth();
    await expect(act(() => result.current.loginAsGuest())).rejects.toMatchObject({ requiresCaptcha: true, status: 400 });
    expect(notify).toHaveBeenLastCalledWith({ title: "확인 안내", description: "안전한 서비스 이용을 위해 보안 확인을 완료해 주세요." });
    await expect(
      act(() => result.current.register({ username: "a_b", email: "a@example.com", password: "secret123" }, "bad")),
    ).rejects.toMatchObject({ requiresCaptcha: true, status: 403 });
    expect(notify).toHaveBeenLastCalledWith({
      title: "확인 안내",
      description: "보안 확인에 실패했습니다. 확인을 다시 완료한 뒤 시도해 주세요.",
    });
  });

  it("a rate-limited login (429 requiresCaptcha) shows the server's message under 로그인 안내", async () => {
    server.use(
      http.post(`${API}/auth/login`, () =>
        HttpResponse.json(
          { error: "로그인 시도가 너무 많습니다. 잠시 후 다시 시도해 주세요.", requiresCaptcha: true, retryAfter: 60 },
          { status: 429 },
        ),
      ),
    );
    const { result } = await renderAuth();
    await expect(act(() => result.current.login({ username: "x", password: "y" }))).rejects.toMatchObject({ status: 429 });
    expect(notify).toHaveBeenCalledWith({ title: "로그인 안내", description: "로그인 시도가 너무 많습니다. 잠시 후 다시 시도해 주세요." });
  });

  it("clears the user and the local session even when POST /auth/logout fails", async () => {
    storeSession({ access_token: "at", refresh_token: "rt" });
    server.use(
      http.get(`${API}/auth/me`, () => HttpResponse.json(user())),
      http.post(`${API}/auth/logout`, () => HttpResponse.json({ error: "서버 오류" }, { status: 500 })),
    );
    const { result } = await renderAuth();
    await waitFor(() => expect(result.current.user).not.toBeNull());
    queryClient.setQueryData(["usage", "status"], { usage: { current: 1, limit: 10 }, plan: { id: "trial", name: "체험" } });
    await act(() => result.current.logout());
    await waitFor(() => expect(result.current.user).toBeNull());
    expect(supa.signOut).toHaveBeenCalledWith({ scope: "local" });
    expect(queryClient.getQueryData(["usage", "status"])).toBeUndefined();
    expect(notify).toHaveBeenCalledWith({ title: "로그아웃", description: "성공적으로 로그아웃되었습니다." });
  });
});
