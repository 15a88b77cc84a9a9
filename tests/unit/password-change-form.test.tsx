// 비밀번호 변경 in 계정 설정 goes through our API with the current password (POST /account/password, which
// checks it on the server), never through Auth's updateUser; the fresh session of the answer replaces
// the tab's (a new password ends every session).
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { changePasswordRequestSchema } from "@shared/schemas.ts";
import type { ChangePasswordResponse } from "@shared/types.ts";
import { API, apiError, requestBody, session } from "../mocks/api.ts";
import { server } from "../mocks/server.ts";

vi.stubEnv("VITE_API_URL", API);

const supa = vi.hoisted(() => ({
  setSession: vi.fn(async () => ({ data: {}, error: null })),
  signOut: vi.fn(async () => ({ error: null })),
  updateUser: vi.fn(async () => ({ data: {}, error: null })),
}));
vi.mock("@/lib/supabase", () => ({
  supabase: {
    auth: {
      getSession: async () => ({ data: { session: { access_token: "old-token" } } }),
      setSession: supa.setSession,
      signOut: supa.signOut,
      updateUser: supa.updateUser,
    },
  },
}));
vi.mock("@/lib/session-storage", async (original) => ({
  ...(await original<typeof import("@/lib/session-storage")>()),
  hasStoredSession: () => true,
}));
const notify = vi.hoisted(() => vi.fn());
vi.mock("@/lib/notify", () => ({ notify }));

const { PasswordChangeForm } = await import("@/features/account/components/account-settings");

beforeEach(() => {
  supa.setSession.mockClear();
  supa.signOut.mockClear();
  supa.updateUser.mockClear();
  notify.mockClear();
});
afterEach(cleanup);

function fill(current: string, next: string, confirm = next) {
  fireEvent.change(screen.getByLabelText("현재 비밀번호"), { target: { value: current } });
  fireEvent.change(screen.getByLabelText("새 비밀번호"), { target: { value: next } });
  fireEvent.change(screen.getByLabelText("새 비밀번호 확인"), { target: { value: confirm } });
  fireEvent.click(screen.getByRole("button", { name: "비밀번호 변경" }));
}

describe("PasswordChangeForm", () => {
  it("sends the current and the new password to POST /account/password and installs the fresh session", async () => {
    const sent: unknown[] = [];
    const auth: (string | null)[] = [];
    server.use(
      http.post(`${API}/account/password`, async ({ request }) => {
        auth.push(request.headers.get("Authorization"));
        sent.push(await requestBody(request, changePasswordRequestSchema));
        return HttpResponse.json<ChangePasswordResponse>({ message: "비밀번호가 변경되었습니다.", session });
      }),
    );
    render(<PasswordChangeForm />);
    fill("old-secret1", "new-secret2");
    await waitFor(() => expect(notify).toHaveBeenCalledWith({ title: "비밀번호 변경", description: "비밀번호가 변경되었습니다." }));
    expect(sent).toEqual([{ currentPassword: "old-secret1", newPassword: "new-secret2" }]);
    expect(auth).toEqual(["Bearer old-token"]);
    expect(supa.setSession).toHaveBeenCalledWith({ access_token: session.access_token, refresh_token: session.refresh_token });
    expect(supa.updateUser).not.toHaveBeenCalled();
    expect((screen.getByLabelText("현재 비밀번호") as HTMLInputElement).value).toBe("");
  });

  it("asks for the current password before sending anything", async () => {
    render(<PasswordChangeForm />);
    fill("", "new-secret2");
    expect(await screen.findByText("현재 비밀번호를 입력해 주세요")).toBeTruthy();
    expect(supa.setSession).not.toHaveBeenCalled();
  });

  it("shows the server's Korean refusal of a wrong current password and keeps the session", async () => {
    server.use(http.post(`${API}/account/password`, () => apiError(403, "현재 비밀번호가 올바르지 않습니다.")));
    render(<PasswordChangeForm />);
    fill("not-mine-1", "new-secret2");
    expect(await screen.findByText("현재 비밀번호가 올바르지 않습니다.")).toBeTruthy();
    expect(supa.setSession).not.toHaveBeenCalled();
    expect(supa.signOut).not.toHaveBeenCalled();
    expect(notify).not.toHaveBeenCalled();
  });

  it("signs the tab out and says so when the answer has no fresh session", async () => {
    server.use(
      http.post(`${API}/account/password`, () =>
        HttpResponse.json<ChangePasswordResponse>({ message: "비밀번호가 변경되었습니다.", session: null }),
      ),
    );
    render(<PasswordChangeForm />);
    fill("old-secret1", "new-secret2");
    await waitFor(() => expect(supa.signOut).toHaveBeenCalledWith({ scope: "local" }));
    expect(notify).toHaveBeenCalledWith({
      title: "비밀번호 변경",
      description: "비밀번호가 변경되었습니다. 새 비밀번호로 다시 로그인해 주세요.",
    });
  });
});
