import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, createApiClient, DEFAULT_DOWNLOAD_FILENAME, filenameFromContentDisposition } from "@/lib/api-client";
import { sessionErrorFlags } from "@/features/sessions/utils/session-errors";
import { server } from "../mocks/server.ts";

vi.mock("@/lib/supabase", () => ({ supabase: { auth: { getSession: async () => ({ data: { session: null } }) } } }));

const BASE = "http://api.test/api";
let token: string | null = "access-token-1";
const api = createApiClient({ baseUrl: BASE, getAccessToken: async () => token });

afterEach(() => {
  token = "access-token-1";
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error("expected the request to fail");
    },
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe("api client requests", () => {
  it("sends the bearer token and JSON bodies, and parses JSON replies", async () => {
    let seen: { auth: string | null; type: string | null; body: unknown } | undefined;
    server.use(
      http.post(`${BASE}/auth/login`, async ({ request }) => {
        seen = { auth: request.headers.get("authorization"), type: request.headers.get("content-type"), body: await request.json() };
        return HttpResponse.json({ ok: 1 });
      }),
    );
    await expect(api.post("/auth/login", { username: "kim", password: "pw" })).resolves.toEqual({ ok: 1 });
    expect(seen).toEqual({ auth: "Bearer access-token-1", type: "application/json", body: { username: "kim", password: "pw" } });
  });

  it("omits the Authorization header when there is no session", async () => {
    token = null;
    let auth: string | null = "unset";
    server.use(
      http.get(`${BASE}/plans`, ({ request }) => {
        auth = request.headers.get("authorization");
        return HttpResponse.json([]);
      }),
    );
    await api.get("/plans");
    expect(auth).toBeNull();
  });

  it("sends FormData as multipart without forcing a JSON content type", async () => {
    let type = "";
    let name: FormDataEntryValue | null = null;
    server.use(
      http.post(`${BASE}/sessions`, async ({ request }) => {
        type = request.headers.get("content-type") ?? "";
        name = (await request.formData()).get("studentName");
        return HttpResponse.json({ id: "s1" });
      }),
    );
    const form = new FormData();
    form.append("studentName", "홍길동");
    form.append("promptFile", new Blob(["문제"], { type: "text/plain" }), "prompt.txt");
    await api.post("/sessions", form);
    expect(type).toMatch(/^multipart\/form-data; boundary=/);
    expect(name).toBe("홍길동");
  });

  it("falls back to the raw text for a non-JSON success body and null for 204", async () => {
    server.use(
      http.get(`${BASE}/text`, () => new HttpResponse("plain words", { status: 200 })),
      http.post(`${BASE}/auth/logout`, () => new HttpResponse(null, { status: 204 })),
    );
    await expect(api.get("/text")).resolves.toBe("plain words");
    await expect(api.post("/auth/logout")).resolves.toBeNull();
  });

  it("returns null for a 401 when asked to", async () => {
    server.use(http.get(`${BASE}/auth/me`, () => HttpResponse.json({ error: "로그인이 필요합니다." }, { status: 401 })));
    await expect(api.get("/auth/me", { on401: "returnNull" })).resolves.toBeNull();
    const error = await failure(api.get("/auth/me"));
    expect(error.status).toBe(401);
    expect(error.message).toBe("로그인이 필요합니다.");
  });
});

describe("api client error messages (docs/product.md#request-helper)", () => {
  it("uses the error field first", async () => {
    server.use(
      http.post(`${BASE}/auth/register`, () =>
        HttpResponse.json({ error: "이미 사용 중인 사용자명입니다.", message: "ignored" }, { status: 409 }),
      ),
    );
    const error = await failure(api.post("/auth/register", {}));
    expect(error.message).toBe("이미 사용 중인 사용자명입니다.");
    expect(error.status).toBe(409);
    expect(error.data).toEqual({ error: "이미 사용 중인 사용자명입니다.", message: "ignored" });
    expect(sessionErrorFlags(error).usageExceeded).toBeUndefined();
  });

  it("uses the message field when there is no error field", async () => {
    server.use(http.get(`${BASE}/x`, () => HttpResponse.json({ message: "메시지 필드" }, { status: 400 })));
    expect((await failure(api.get("/x"))).message).toBe("메시지 필드");
  });

  it("uses the status code and body text for JSON without error or message", async () => {
    server.use(http.get(`${BASE}/x`, () => HttpResponse.json({ detail: "nope" }, { status: 422 })));
    expect((await failure(api.get("/x"))).message).toBe('422: {"detail":"nope"}');
  });

  it("uses the status code and raw body for a non-JSON body", async () => {
    server.use(http.get(`${BASE}/x`, () => new HttpResponse("Bad Gateway from proxy", { status: 502 })));
    const error = await failure(api.get("/x"));
    expect(error.message).toBe("502: Bad Gateway from proxy");
    expect(error.data).toBe("Bad Gateway from proxy");
  });

  it("uses the status text when a non-JSON body is empty", async () => {
    server.use(http.get(`${BASE}/x`, () => new HttpResponse(null, { status: 503, statusText: "Service Unavailable" })));
    expect((await failure(api.get("/x"))).message).toBe("503: Service Unavailable");
  });

  it("carries the usage-exceeded fields with the error message", async () => {
    const body = {
      error: "월간 분석 한도에 도달했습니다.",
      message: "ignored",
      usageExceeded: true,
      usageInfo: { current: 10, limit: 10, planName: "체험" },
      upgradeOptions: [{ id: "individual", name: "개인" }],
      daysRemaining: 12,
    };
    server.use(http.post(`${BASE}/sessions/s1/start-batch`, () => HttpResponse.json(body, { status: 403 })));
    const error = await failure(api.post("/sessions/s1/start-batch"));
    expect(error.message).toBe("월간 분석 한도에 도달했습니다.");
    expect(sessionErrorFlags(error).usageExceeded).toBe(true);
    expect(sessionErrorFlags(error).usageInfo).toEqual(body.usageInfo);
    expect(sessionErrorFlags(error).upgradeOptions).toEqual(body.upgradeOptions);
    expect(sessionErrorFlags(error).daysRemaining).toBe(12);
  });

  it("falls back to 'Request failed' when usageExceeded comes without an error field", async () => {
    server.use(http.post(`${BASE}/sessions`, () => HttpResponse.json({ usageExceeded: true, message: "ignored" }, { status: 403 })));
    const error = await failure(api.post("/sessions"));
    expect(error.message).toBe("Request failed");
    expect(sessionErrorFlags(error).usageExceeded).toBe(true);
  });

  it("flags batchNotAllowed", async () => {
    server.use(
      http.post(`${BASE}/sessions/s1/start-batch`, () =>
        HttpResponse.json({ error: "교사 플랜 또는 기관 플랜으로 업그레이드해 주세요.", batchNotAllowed: true }, { status: 403 }),
      ),
    );
    const error = await failure(api.post("/sessions/s1/start-batch"));
    expect(sessionErrorFlags(error).batchNotAllowed).toBe(true);
    expect(sessionErrorFlags(error).usageExceeded).toBeUndefined();
  });
});

describe("download", () => {
  it("returns the blob and the RFC 5987 filename", async () => {
    const encoded = encodeURIComponent("홍길동_첨삭리포트.txt");
    server.use(
      http.get(
        `${BASE}/submissions/a1/report/download`,
        () =>
          new HttpResponse("리포트 본문", {
            headers: {
              "Content-Type": "text/plain; charset=utf-8",
              "Content-Disposition": `attachment; filename="report.txt"; filename*=UTF-8''${encoded}`,
            },
          }),
      ),
    );
    const { blob, filename } = await api.download("/submissions/a1/report/download");
    expect(filename).toBe("홍길동_첨삭리포트.txt");
    expect(await blob.text()).toBe("리포트 본문");
  });

  it("defaults the filename when there is no Content-Disposition", async () => {
    server.use(http.get(`${BASE}/submissions/a2/report/download`, () => new HttpResponse("x")));
    expect((await api.download("/submissions/a2/report/download")).filename).toBe(DEFAULT_DOWNLOAD_FILENAME);
    expect(DEFAULT_DOWNLOAD_FILENAME).toBe("논술첨삭_리포트.txt");
  });

  it("throws the request-helper error for a failed download", async () => {
    server.use(
      http.get(`${BASE}/submissions/a3/report/download`, () => HttpResponse.json({ error: "리포트를 찾을 수 없습니다." }, { status: 404 })),
    );
    const error = await failure(api.download("/submissions/a3/report/download"));
    expect(error.message).toBe("리포트를 찾을 수 없습니다.");
    expect(error.status).toBe(404);
  });
});

describe("filenameFromContentDisposition", () => {
  it.each([
    [`attachment; filename*=UTF-8''%EB%85%BC%EC%88%A0.txt`, "논술.txt"],
    [`attachment; filename*=utf-8'ko'%EB%85%BC%EC%88%A0.txt; filename="x.txt"`, "논술.txt"],
    [`attachment; filename="quoted name.txt"`, "quoted name.txt"],
    [`attachment; filename=bare.txt`, "bare.txt"],
    [`attachment; filename*=UTF-8''%E0%A4%A; filename="fallback.txt"`, "fallback.txt"],
    [`attachment`, DEFAULT_DOWNLOAD_FILENAME],
    [null, DEFAULT_DOWNLOAD_FILENAME],
  ])("parses %s", (header, expected) => {
    expect(filenameFromContentDisposition(header)).toBe(expected);
  });
});
