// Keys and tokens of current Supabase projects. The stand-in signs user
// tokens with ES256 (a `kid` published at /auth/v1/.well-known/jwks.json) and still accepts HS256
// ones; the api function verifies asymmetric tokens against the JWKS, reads the new
// SUPABASE_PUBLISHABLE_KEYS / SUPABASE_SECRET_KEYS (legacy names as fallback), and its worker tick
// takes only its own secret (GRADING_TICK_SECRET), never an API key.
import { createClient } from "@supabase/supabase-js";
import { createRemoteJWKSet, decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, jwtVerify, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { type ApiInstance, startApiInstance } from "../helpers/api-instance.ts";
import { readStack } from "../helpers/stack.ts";
import { api, closeTestSql, createAdmin, createGuest, testSql } from "../helpers/users.ts";

describe("user tokens of the stand-in", () => {
  it("are ES256 with a kid the project's JWKS publishes (public parts only)", async () => {
    const { supabaseUrl } = readStack();
    const guest = await createGuest();
    const header = decodeProtectedHeader(guest.token);
    expect(header.alg).toBe("ES256");
    expect(typeof header.kid).toBe("string");

    const res = await fetch(`${supabaseUrl}/auth/v1/.well-known/jwks.json`);
    expect(res.status).toBe(200);
    const jwks = (await res.json()) as { keys: Record<string, unknown>[] };
    const key = jwks.keys.find((k) => k.kid === header.kid);
    expect(key).toMatchObject({ kty: "EC", crv: "P-256", alg: "ES256" });
    for (const k of jwks.keys) expect(k).not.toHaveProperty("d");

    const { payload } = await jwtVerify(guest.token, createRemoteJWKSet(new URL(`${supabaseUrl}/auth/v1/.well-known/jwks.json`)));
    expect(payload.sub).toBe(guest.user.id);
  });

  it("are accepted by the api; a token signed by another key under the same kid is not", async () => {
    const { supabaseUrl, anonKey } = readStack();
    const guest = await createGuest();
    const me = await api("/auth/me", { token: guest.token });
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(guest.user.id);

    const { kid } = decodeProtectedHeader(guest.token);
    const { privateKey } = await generateKeyPair("ES256");
    const forged = await new SignJWT(decodeJwt(guest.token)).setProtectedHeader({ alg: "ES256", typ: "JWT", kid }).sign(privateKey);
    const refused = await api("/auth/me", { token: forged });
    expect(refused.status).toBe(401);

    // The stand-in's Auth refuses it too (what the platform's GoTrue does).
    const user = await fetch(`${supabaseUrl}/auth/v1/user`, { headers: { apikey: anonKey, Authorization: `Bearer ${forged}` } });
    expect(user.status).toBe(403);
  });

  it("an HS256 token signed with the project's JWT secret still works (legacy projects)", async () => {
    const { jwtSecret } = readStack();
    const guest = await createGuest();
    const hs256 = await new SignJWT(decodeJwt(guest.token))
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .sign(new TextEncoder().encode(jwtSecret));
    const me = await api("/auth/me", { token: hs256 });
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(guest.user.id);

    const wrong = await new SignJWT(decodeJwt(guest.token))
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .sign(new TextEncoder().encode("another-secret-another-secret-another-secret"));
    expect((await api("/auth/me", { token: wrong })).status).toBe(401);
  });

  it("a public key under an unknown kid, or alg none, is refused", async () => {
    const guest = await createGuest();
    const { privateKey, publicKey } = await generateKeyPair("ES256");
    const jwk = await exportJWK(publicKey);
    const embedded = await new SignJWT(decodeJwt(guest.token))
      .setProtectedHeader({ alg: "ES256", typ: "JWT", kid: "attacker", jwk })
      .sign(privateKey);
    expect((await api("/auth/me", { token: embedded })).status).toBe(401);
    const [h, p] = guest.token.split(".");
    const none = `${Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url")}.${p}.`;
    expect(h).not.toBe("");
    expect((await api("/auth/me", { token: none })).status).toBe(401);
  });
});

describe("new API keys at the stand-in's gateway", () => {
  it("sb_secret_ maps to the service role and sb_publishable_ to anon; an unknown sb_ key is refused", async () => {
    const { supabaseUrl, secretKey, publishableKey } = readStack();
    expect(secretKey).toMatch(/^sb_secret_/);
    expect(publishableKey).toMatch(/^sb_publishable_/);
    const guest = await createGuest();

    const client = (key: string) =>
      createClient(supabaseUrl, key, {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
        realtime: { transport: WebSocket as never },
      });
    const admin = client(secretKey!);
    const found = await admin.auth.admin.getUserById(guest.user.id);
    expect(found.error).toBeNull();
    expect(found.data.user?.id).toBe(guest.user.id);

    const pub = client(publishableKey!);
    const denied = await pub.auth.admin.getUserById(guest.user.id);
    expect(denied.data.user).toBeNull();
    expect(denied.error?.status).toBe(403);

    const forged = client("sb_secret_guessed0000000000000000");
    const guessed = await forged.auth.admin.getUserById(guest.user.id);
    expect(guessed.data.user).toBeNull();
    expect([401, 403]).toContain(guessed.error?.status);
  });
});

describe("the worker tick", () => {
  const tick = (token: string) =>
    fetch(`${readStack().supabaseUrl}/functions/v1/api/internal/tick`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}` },
    }).then(async (res) => ({ status: res.status, body: await res.json().catch(() => null) }));

  it("refuses the API keys and accepts only the tick secret", async () => {
    const { anonKey, serviceRoleKey, secretKey, publishableKey, gradingTickSecret } = readStack();
    for (const key of [anonKey, serviceRoleKey, secretKey!, publishableKey!, `${gradingTickSecret}x`, gradingTickSecret!.slice(1)]) {
      const res = await tick(key);
      expect(res.status).toBe(403);
      expect(res.body.error).toBe("권한이 없습니다.");
    }
    const ok = await tick(gradingTickSecret!);
    expect(ok.status).toBe(202);
    expect(ok.body).toEqual({ started: true });
  });
});

describe("an api instance given only the new keys", () => {
  let instance: ApiInstance | undefined;
  let baseUrl = "";

  beforeAll(async () => {
    const stack = readStack();
    // New keys only: the legacy names are set empty, which the function reads as unset.
    instance = await startApiInstance({
      SUPABASE_ANON_KEY: "",
      SUPABASE_SERVICE_ROLE_KEY: "",
      SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: stack.publishableKey }),
      SUPABASE_SECRET_KEYS: JSON.stringify({ default: stack.secretKey }),
    });
    baseUrl = instance.baseUrl;
  }, 120_000);

  afterAll(async () => {
    await instance?.stop();
    await closeTestSql();
  });

  const call = async (path: string, init: RequestInit & { token?: string } = {}) => {
    const headers = new Headers(init.headers);
    if (init.token) headers.set("Authorization", `Bearer ${init.token}`);
    const res = await fetch(`${baseUrl}${path}`, { ...init, headers });
    return { status: res.status, body: (await res.json().catch(() => null)) as any };
  };

  it("starts a guest (publishable key), knows the caller (JWKS + Auth), deletes a user as admin (secret key)", async () => {
    const guest = await call("/auth/guest", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": `198.18.5.${Date.now() % 250}` },
      body: "{}",
    });
    expect(guest.status, JSON.stringify(guest.body)).toBe(200);
    const token = guest.body.session.access_token;
    expect(decodeProtectedHeader(token).alg).toBe("ES256");

    const me = await call("/auth/me", { token });
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(guest.body.user.id);

    const admin = await createAdmin();
    const del = await call(`/admin/users/${guest.body.user.id}`, { method: "DELETE", token: admin.token });
    expect(del.status, JSON.stringify(del.body)).toBeLessThan(300);
    const [row] = await testSql()`select count(*)::int as n from auth.users where id = ${guest.body.user.id}`;
    expect(row.n).toBe(0);
  });

  it("has no tick without GRADING_TICK_SECRET: every bearer is refused", async () => {
    const { serviceRoleKey, secretKey } = readStack();
    for (const key of [serviceRoleKey, secretKey!, "", "undefined"]) {
      const res = await call("/internal/tick", { method: "POST", token: key || undefined });
      expect(res.status).toBe(403);
    }
  });
});
