// Conformance of the local /functions/v1 stand-in: the proxy mechanics and the real `api` function behind it.
import { createHash } from "node:crypto";
import http, { type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { createClient, FunctionsHttpError } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { FunctionsRuntime } from "../../local/gateway/functions.ts";
import { readStack } from "../helpers/stack.ts";

const stack = readStack();

function listen(server: http.Server) {
  return new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)));
}

describe("functions proxy mechanics (stand-in runtime in front of an echo upstream)", () => {
  const upstream = http.createServer(async (req: IncomingMessage, res) => {
    if (req.url?.startsWith("/api/download")) {
      const size = Number(new URL(req.url, "http://x").searchParams.get("bytes"));
      res.writeHead(200, { "Content-Type": "application/octet-stream", "X-Upstream": "yes" });
      const chunk = Buffer.alloc(1 << 16, 7);
      for (let sent = 0; sent < size; sent += chunk.length) {
        if (!res.write(chunk.subarray(0, Math.min(chunk.length, size - sent)))) await new Promise((r) => res.once("drain", r));
      }
      return res.end();
    }
    const hash = createHash("sha256");
    let length = 0;
    for await (const chunk of req) {
      hash.update(chunk);
      length += chunk.length;
    }
    res.writeHead(201, { "Content-Type": "application/json", "Set-Cookie": "a=1", "X-Echo": "1" });
    res.end(JSON.stringify({ method: req.method, url: req.url, headers: req.headers, length, sha256: hash.digest("hex") }));
  });
  const runtime = new FunctionsRuntime({ rootDir: process.cwd(), env: {}, log: () => {} });
  const front = http.createServer((req, res) =>
    runtime.handle(req, res, new URL(req.url!, "http://x").pathname.replace(/^\/functions\/v1/, "")),
  );
  let base = "";

  beforeAll(async () => {
    runtime.port = await listen(upstream);
    base = `http://127.0.0.1:${await listen(front)}/functions/v1`;
  });
  afterAll(async () => {
    front.close();
    upstream.close();
  });

  it("forwards method, path, query and headers and returns the upstream status and headers", async () => {
    const res = await fetch(`${base}/api/sessions/abc?x=1&y=%ED%95%9C`, {
      method: "PATCH",
      headers: { Authorization: "Bearer token-1", "X-Custom": "v", "Content-Type": "application/json" },
      body: JSON.stringify({ hello: "세계" }),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get("x-echo")).toBe("1");
    const body = await res.json();
    expect(body.method).toBe("PATCH");
    expect(body.url).toBe("/api/sessions/abc?x=1&y=%ED%95%9C");
    expect(body.headers.authorization).toBe("Bearer token-1");
    expect(body.headers["x-custom"]).toBe("v");
    expect(body.length).toBe(Buffer.byteLength(JSON.stringify({ hello: "세계" })));
  });

  it("streams a chunked 20 MB multipart upload intact", async () => {
    const bytes = Buffer.alloc(20 * 1024 * 1024);
    for (let i = 0; i < bytes.length; i += 4096) bytes[i] = i % 251;
    const form = new FormData();
    form.append("files", new Blob([bytes]), "큰파일.docx");
    form.append("note", "업로드");
    const req = new Request(`${base}/api/upload`, { method: "POST", body: form });
    const raw = Buffer.from(await req.clone().arrayBuffer());
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < raw.length; i += 1 << 20) controller.enqueue(raw.subarray(i, i + (1 << 20)));
        controller.close();
      },
    });
    const res = await fetch(req.url, {
      method: "POST",
      headers: { "Content-Type": req.headers.get("content-type")! },
      body: stream,
      duplex: "half",
    } as RequestInit);
    const body = await res.json();
    expect(body.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    expect(body.length).toBe(raw.length);
    expect(body.sha256).toBe(createHash("sha256").update(raw).digest("hex"));
  });

  it("streams a large response body back", async () => {
    const res = await fetch(`${base}/api/download?bytes=${12 * 1024 * 1024}`);
    expect(res.headers.get("x-upstream")).toBe("yes");
    expect((await res.arrayBuffer()).byteLength).toBe(12 * 1024 * 1024);
  });

  it("answers 503 JSON when the function process is not reachable", async () => {
    const dead = new FunctionsRuntime({ rootDir: process.cwd(), env: {}, log: () => {} });
    dead.port = 1;
    const srv = http.createServer((req, res) => dead.handle(req, res, "/api/plans"));
    const port = await listen(srv);
    const res = await fetch(`http://127.0.0.1:${port}/functions/v1/api/plans`);
    srv.close();
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ code: "function_unavailable" });
  });
});

describe("the api function behind the running stack", () => {
  const supabase = createClient(stack.supabaseUrl, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });

  it("serves GET /functions/v1/api/plans from the real function", async () => {
    const res = await fetch(`${stack.supabaseUrl}/functions/v1/api/plans`, { headers: { apikey: stack.anonKey } });
    expect(res.status).toBe(200);
    const body = await res.json();
    const plans = Array.isArray(body) ? body : body.plans;
    expect(plans.map((p: { id: string }) => p.id)).toEqual(["trial", "individual", "educator", "business"]);
  });

  it("is reachable through supabase.functions.invoke with the method, headers and body forwarded", async () => {
    const { data, error } = await supabase.functions.invoke("api/plans", { method: "GET" });
    expect(error).toBeNull();
    expect(JSON.stringify(data)).toContain("individual");

    const login = await supabase.functions.invoke("api/auth/login", { body: { username: "nobody_here", password: "wrong-pass-1" } });
    expect(login.error).toBeInstanceOf(FunctionsHttpError);
    const res = (login.error as FunctionsHttpError).context as Response;
    expect(res.status).toBe(401);
    expect((await res.json()).error).toMatch(/[가-힣]/);
  });

  it("answers its own CORS preflight and 404s unknown function names", async () => {
    const pre = await fetch(`${stack.supabaseUrl}/functions/v1/api/plans`, {
      method: "OPTIONS",
      headers: {
        Origin: process.env.TEST_APP_ORIGIN ?? "http://127.0.0.1",
        "Access-Control-Request-Method": "GET",
        "Access-Control-Request-Headers": "authorization, apikey",
      },
    });
    expect(pre.status).toBeLessThan(300);
    expect(pre.headers.get("access-control-allow-origin")).toBeTruthy();
    const missing = await fetch(`${stack.supabaseUrl}/functions/v1/nope/x`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: "function_not_found" });
  });
});
