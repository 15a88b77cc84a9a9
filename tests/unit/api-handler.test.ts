// The api function's request handling (routing, auth gates, body parsing, error mapping, CORS) with injected routes.
import { afterAll, describe, expect, it, vi } from "vitest";

// Only configured origins are echoed; the function reads its settings once, as its modules load.
vi.hoisted(() => {
  vi.stubEnv("ALLOWED_ORIGINS", "https://x.example");
});
afterAll(() => {
  vi.unstubAllEnvs();
});
import { z } from "zod";
import { createHandler } from "../../supabase/functions/api/lib/handler.ts";
import { apiPath } from "../../supabase/functions/api/lib/router.ts";
import { HttpError } from "../../supabase/functions/api/lib/errors.ts";
import { json } from "../../supabase/functions/api/lib/http.ts";
import type { AuthUser, Route } from "../../supabase/functions/api/lib/types.ts";
import { expectOutputs } from "../helpers/cases.ts";

const alice: AuthUser = { id: "11111111-1111-4111-8111-111111111111", token: "tok-alice", claims: {}, isAnonymous: false };
const root: AuthUser = { id: "22222222-2222-4222-8222-222222222222", token: "tok-admin", claims: {}, isAnonymous: false };

const routes: Route[] = [
  { method: "GET", path: "/things/:id", auth: "public", handler: (c) => json({ route: "param", id: c.params.id }) },
  { method: "GET", path: "/things/special", auth: "public", handler: () => json({ route: "static" }) },
  { method: "DELETE", path: "/things/:id", auth: "user", handler: (c) => json({ deleted: c.params.id, by: c.user!.id }) },
  { method: "GET", path: "/me", auth: "user", handler: (c) => json({ id: c.user!.id }) },
  { method: "GET", path: "/maybe", auth: "optional", handler: (c) => json({ id: c.user?.id ?? null }) },
  { method: "GET", path: "/admin/only", auth: "admin", handler: () => json({ ok: true }) },
  {
    method: "POST",
    path: "/echo",
    auth: "public",
    handler: async (c) => json(await c.json(z.object({ name: z.string().min(2, "이름은 2자 이상이어야 합니다") }))),
  },
  { method: "POST", path: "/form", auth: "public", handler: async (c) => json({ n: [...(await c.form()).keys()].length }) },
  {
    method: "GET",
    path: "/conflict",
    auth: "public",
    handler: () => {
      throw new HttpError(409, "충돌", { flag: true });
    },
  },
  {
    method: "GET",
    path: "/zod",
    auth: "public",
    handler: () => {
      z.string().min(5, "다섯 글자 이상").parse("x");
      return json({});
    },
  },
  {
    method: "GET",
    path: "/boom",
    auth: "public",
    handler: () => {
      throw new Error("secret database detail");
    },
  },
];

const handler = createHandler(routes, {
  authenticate: async (req) => {
    const h = req.headers.get("authorization");
    if (h === "Bearer tok-alice") return alice;
    if (h === "Bearer tok-admin") return root;
    return null;
  },
  isAdmin: async (id) => id === root.id,
});

const call = async (path: string, init: RequestInit = {}) => {
  const res = await handler(new Request(`http://localhost${path}`, init));
  const text = await res.text();
  return { res, status: res.status, body: text ? JSON.parse(text) : null };
};

describe("apiPath", () => {
  it("strips everything through the first /api segment", () => {
    expectOutputs(apiPath, {
      "/auth/login": ["/api/auth/login", "/functions/v1/api/auth/login"],
      "/": ["/api"],
      "/sessions": ["/api/sessions/"],
    });
  });
});

describe("routing", () => {
  it("serves the same route under /api and /functions/v1/api", async () => {
    expect((await call("/api/things/abc")).body).toEqual({ route: "param", id: "abc" });
    expect((await call("/functions/v1/api/things/abc")).body).toEqual({ route: "param", id: "abc" });
  });

  it("prefers a static segment over a param regardless of declaration order", async () => {
    expect((await call("/api/things/special")).body).toEqual({ route: "static" });
  });

  it("decodes path params", async () => {
    expect((await call("/api/things/%ED%95%9C%20x")).body.id).toBe("한 x");
  });

  it("answers 404 in Korean for unknown paths and 405 for a known path with another method", async () => {
    expect(await call("/api/nope")).toMatchObject({ status: 404, body: { error: "요청한 경로를 찾을 수 없습니다." } });
    const r = await call("/api/me", { method: "POST" });
    expect(r.status).toBe(405);
    expect(r.res.headers.get("allow")).toBe("GET");
  });
});

describe("auth gates", () => {
  it("401s user routes without a valid token and passes the user otherwise", async () => {
    expect(await call("/api/me")).toMatchObject({ status: 401, body: { error: "로그인이 필요합니다." } });
    expect(await call("/api/me", { headers: { Authorization: "Bearer wrong" } })).toMatchObject({ status: 401 });
    expect(await call("/api/me", { headers: { Authorization: "Bearer tok-alice" } })).toMatchObject({
      status: 200,
      body: { id: alice.id },
    });
    expect(await call("/api/things/x", { method: "DELETE", headers: { Authorization: "Bearer tok-alice" } })).toMatchObject({
      status: 200,
      body: { deleted: "x", by: alice.id },
    });
  });

  it("lets optional routes through with or without a user", async () => {
    expect((await call("/api/maybe")).body).toEqual({ id: null });
    expect((await call("/api/maybe", { headers: { Authorization: "Bearer tok-alice" } })).body).toEqual({ id: alice.id });
  });

  it("403s admin routes for members and 401s them for visitors", async () => {
    expect(await call("/api/admin/only")).toMatchObject({ status: 401 });
    expect(await call("/api/admin/only", { headers: { Authorization: "Bearer tok-alice" } })).toMatchObject({
      status: 403,
      body: { error: "관리자 권한이 필요합니다." },
    });
    expect(await call("/api/admin/only", { headers: { Authorization: "Bearer tok-admin" } })).toMatchObject({
      status: 200,
    });
  });
});

describe("bodies and errors", () => {
  const post = (path: string, body: BodyInit, type = "application/json") =>
    call(path, { method: "POST", body, headers: { "Content-Type": type } });

  it("parses JSON with the route's zod schema", async () => {
    expect(await post("/api/echo", JSON.stringify({ name: "김철수", extra: 1 }))).toMatchObject({
      status: 200,
      body: { name: "김철수" },
    });
  });

  it("maps schema failures to 400 with the first Korean message", async () => {
    expect(await post("/api/echo", JSON.stringify({ name: "a" }))).toMatchObject({
      status: 400,
      body: { error: "이름은 2자 이상이어야 합니다" },
    });
  });

  it("uses a Korean fallback when the schema message is not Korean", async () => {
    expect(await post("/api/echo", JSON.stringify({ name: 5 }))).toMatchObject({
      status: 400,
      body: { error: "입력 정보를 다시 확인해 주세요." },
    });
  });

  it("rejects malformed JSON with 400 and oversized JSON with 413", async () => {
    expect(await post("/api/echo", "{oops")).toMatchObject({
      status: 400,
      body: { error: "요청 본문이 올바른 JSON 형식이 아닙니다." },
    });
    const big = JSON.stringify({ name: "x".repeat(3 * 1024 * 1024) });
    expect(await post("/api/echo", big)).toMatchObject({ status: 413, body: { error: "요청 본문이 너무 큽니다." } });
  });

  it("requires multipart for form routes", async () => {
    expect(await post("/api/form", "{}")).toMatchObject({ status: 400 });
    const fd = new FormData();
    fd.append("a", "1");
    fd.append("b", new Blob(["x"]), "b.txt");
    expect(await call("/api/form", { method: "POST", body: fd })).toMatchObject({ status: 200, body: { n: 2 } });
  });

  it("maps HttpError with extra flags, thrown zod errors and unknown errors", async () => {
    expect(await call("/api/conflict")).toMatchObject({ status: 409, body: { error: "충돌", flag: true } });
    expect(await call("/api/zod")).toMatchObject({ status: 400, body: { error: "다섯 글자 이상" } });
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const boom = await call("/api/boom");
    spy.mockRestore();
    expect(boom.status).toBe(500);
    expect(boom.body).toEqual({ error: "서버 오류가 발생했습니다. 잠시 후 다시 시도해 주세요." });
    expect(JSON.stringify(boom.body)).not.toContain("secret");
  });
});

describe("CORS", () => {
  it("answers preflights and decorates every response", async () => {
    const pre = await handler(
      new Request("http://localhost/api/me", {
        method: "OPTIONS",
        headers: { Origin: "https://x.example", "Access-Control-Request-Headers": "authorization, x-custom" },
      }),
    );
    expect(pre.status).toBe(204);
    expect(pre.headers.get("access-control-allow-origin")).toBe("https://x.example");
    expect(pre.headers.get("access-control-allow-headers")).toContain("x-custom");
    expect(pre.headers.get("access-control-allow-headers")).toContain("apikey");

    for (const path of ["/api/things/a", "/api/nope", "/api/boom", "/api/me"]) {
      const spy = vi.spyOn(console, "error").mockImplementation(() => {});
      const res = await handler(new Request(`http://localhost${path}`));
      spy.mockRestore();
      expect(res.headers.get("access-control-allow-origin"), path).toBe("*");
      expect(res.headers.get("access-control-expose-headers"), path).toContain("content-disposition");
    }
  });
});
