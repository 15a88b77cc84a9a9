// A multipart body without Content-Length (chunked) is capped as it streams in,
// and CORS answers only configured origins.
import { beforeAll, describe, expect, it } from "vitest";
import { json } from "../../supabase/functions/api/lib/http.ts";
import type { Route } from "../../supabase/functions/api/lib/types.ts";
import { parseSettings } from "../../supabase/functions/api/lib/settings-schema.ts";
import { loadWithEnv } from "../helpers/function-env.ts";

const routes: Route[] = [
  { method: "POST", path: "/form", auth: "public", handler: async (c) => json({ n: [...(await c.form()).keys()].length }) },
  { method: "GET", path: "/ping", auth: "public", handler: () => json({ ok: true }) },
];

type Handler = (req: Request) => Promise<Response>;

/** The function's handler over `routes`, started with `env` as its settings. */
async function handlerWith(env: Record<string, string>): Promise<Handler> {
  const { createHandler } = await loadWithEnv(env, () => import("../../supabase/functions/api/lib/handler.ts"));
  return createHandler(routes, { authenticate: async () => null, isAdmin: async () => false });
}

let handler: Handler;
beforeAll(async () => {
  handler = await handlerWith({ MAX_FORM_BYTES: String(256 * 1024), SITE_URL: "", ALLOWED_ORIGINS: "" });
});

/** A lazily generated multipart body of `total` bytes that counts how much the server pulled. */
function chunkedMultipart(total: number, chunk = 64 * 1024) {
  const boundary = "----capTest";
  const head = new TextEncoder().encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\n`,
  );
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) return controller.close();
      const piece = sent === 0 ? head : new Uint8Array(Math.min(chunk, total - sent)).fill(97);
      sent += piece.byteLength;
      controller.enqueue(piece);
    },
  });
  return { body, boundary, pulled: () => sent };
}

describe("multipart body cap", () => {
  it("answers 413 in Korean as soon as a chunked body passes MAX_FORM_BYTES, without reading the rest", async () => {
    const total = 16 * 1024 * 1024;
    const { body, boundary, pulled } = chunkedMultipart(total);
    const req = new Request("http://x/functions/v1/api/form", {
      method: "POST",
      headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: "half",
    } as RequestInit);
    expect(req.headers.get("content-length")).toBeNull();
    const res = await handler(req);
    expect(res.status).toBe(413);
    // The multipart 413 tells the user to send fewer files at once (the browser sends big batches in parts).
    expect(await res.json()).toEqual({ error: "요청 본문이 너무 큽니다. 한 번에 보내는 파일 수를 줄여 여러 번에 나누어 보내 주세요." });
    expect(pulled()).toBeLessThan(1024 * 1024);
  });

  it("still parses a chunked body under the cap", async () => {
    const form = new FormData();
    form.append("a", "1");
    form.append("b", new Blob(["hello"]), "b.txt");
    const encoded = new Request("http://x/", { method: "POST", body: form });
    const req = new Request("http://x/functions/v1/api/form", {
      method: "POST",
      headers: { "Content-Type": encoded.headers.get("content-type")! },
      body: encoded.body,
      duplex: "half",
    } as RequestInit);
    const res = await handler(req);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ n: 2 });
  });
});

describe("multipart cap default", () => {
  it("is 40 MiB unless MAX_FORM_BYTES says otherwise", async () => {
    expect(parseSettings({}).http.maxFormBytes).toBe(40 * 1024 * 1024);
    expect(parseSettings({ MAX_FORM_BYTES: "1000" }).http.maxFormBytes).toBe(1000);
  });

  it("answers a declared oversized body with the Korean 413 without reading it", async () => {
    const total = 1024 * 1024;
    const { body, boundary, pulled } = chunkedMultipart(total);
    const req = new Request("http://x/functions/v1/api/form", {
      method: "POST",
      headers: { "Content-Type": `multipart/form-data; boundary=${boundary}`, "Content-Length": String(total) },
      body,
      duplex: "half",
    } as RequestInit);
    const res = await handler(req);
    expect(res.status).toBe(413);
    expect((await res.json()).error).toContain("한 번에 보내는 파일 수를 줄여");
    // Refused on the declared length: the body is cancelled, not read.
    expect(pulled()).toBeLessThan(total / 4);
  });
});

describe("CORS origins", () => {
  const get = (origin?: string, method = "GET", h = handler) =>
    h(
      new Request("http://x/functions/v1/api/ping", {
        method,
        headers: origin ? { Origin: origin, "Access-Control-Request-Method": "GET" } : {},
      }),
    );

  it("reflects only SITE_URL / ALLOWED_ORIGINS", async () => {
    const site = await handlerWith({
      SITE_URL: "https://essay.example.kr/",
      ALLOWED_ORIGINS: "https://admin.example.kr, http://127.0.0.1:5173",
    });
    for (const origin of ["https://essay.example.kr", "https://admin.example.kr", "http://127.0.0.1:5173"]) {
      expect((await get(origin, "GET", site)).headers.get("access-control-allow-origin"), origin).toBe(origin);
      expect((await get(origin, "OPTIONS", site)).headers.get("access-control-allow-origin"), origin).toBe(origin);
    }
    for (const origin of ["https://evil.example", "https://essay.example.kr.evil.example", "null"]) {
      const res = await get(origin, "GET", site);
      expect(res.status).toBe(200);
      expect(res.headers.get("access-control-allow-origin"), origin).toBeNull();
      expect(res.headers.get("access-control-allow-credentials"), origin).toBeNull();
      expect((await get(origin, "OPTIONS", site)).headers.get("access-control-allow-origin"), origin).toBeNull();
    }
    const plain = await get(undefined, "GET", site);
    expect(plain.status).toBe(200);
    expect(await plain.json()).toEqual({ ok: true });
  });

  it("allows no cross-origin caller when nothing is configured", async () => {
    expect((await get("https://evil.example")).headers.get("access-control-allow-origin")).toBeNull();
  });
});
