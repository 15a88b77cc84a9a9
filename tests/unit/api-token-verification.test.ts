// The api function's caller check (lib/auth.ts) against a fake project: asymmetric user tokens are
// verified against the project's JWKS before Auth is asked (a forged one never reaches Auth), Auth's
// GET /user stays the authority (a signed-out session is refused even with a good signature), an
// unreachable JWKS falls back to Auth, and the worker tick compares its own secret only.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT, type JWK } from "jose";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { authenticate, forgetToken, isTickCaller, secretMatches } from "../../supabase/functions/api/lib/auth.ts";
import { env, keyFromDictionary } from "../../supabase/functions/api/lib/env.ts";

// supabase-js builds a realtime client; Node 20 has no global WebSocket (edge-runtime has one).
(globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;

const USER_ID = "6f1d7c1e-5a35-4a52-9a3c-1b8e3f0c2d11";
let server: http.Server;
let jwk: JWK;
let privateKey: CryptoKey;
let jwksStatus = 200;
let signedOut = false;
const calls = { jwks: 0, user: 0 };
const saved: Record<string, string | undefined> = {};

beforeAll(async () => {
  const pair = await generateKeyPair("ES256");
  privateKey = pair.privateKey as CryptoKey;
  jwk = { ...(await exportJWK(pair.publicKey)), kid: "key-1", alg: "ES256", use: "sig" };
  server = http.createServer((req, res) => {
    if (req.url === "/auth/v1/.well-known/jwks.json") {
      calls.jwks += 1;
      res.writeHead(jwksStatus, { "Content-Type": "application/json" }).end(jwksStatus === 200 ? JSON.stringify({ keys: [jwk] }) : "{}");
      return;
    }
    if (req.url === "/auth/v1/user") {
      calls.user += 1;
      if (signedOut) {
        res.writeHead(403, { "Content-Type": "application/json" }).end(JSON.stringify({ code: "session_not_found", message: "Session from session_id claim in JWT does not exist" }));
        return;
      }
      res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ id: USER_ID, aud: "authenticated", role: "authenticated", is_anonymous: false }));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  for (const k of ["SUPABASE_URL", "SUPABASE_PUBLISHABLE_KEYS", "SUPABASE_ANON_KEY", "GRADING_TICK_SECRET"]) saved[k] = process.env[k];
  process.env.SUPABASE_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.SUPABASE_PUBLISHABLE_KEYS = JSON.stringify({ default: "sb_publishable_unit" });
  delete process.env.SUPABASE_ANON_KEY;
});

afterAll(async () => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  await new Promise((r) => server.close(r));
});

beforeEach(() => {
  calls.jwks = 0;
  calls.user = 0;
  jwksStatus = 200;
  signedOut = false;
});

let seq = 0;
async function userToken(key: CryptoKey = privateKey, kid = "key-1"): Promise<string> {
  seq += 1;
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sub: USER_ID, role: "authenticated", aud: "authenticated", session_id: `s-${seq}`, iat: now })
    .setProtectedHeader({ alg: "ES256", typ: "JWT", kid })
    .setExpirationTime(now + 600)
    .sign(key);
}

const request = (token: string) => new Request("http://x/api/auth/me", { headers: { Authorization: `Bearer ${token}` } });

describe("authenticate", () => {
  // First, while nothing is cached: a JWKS that cannot be fetched leaves the decision to Auth.
  it("asks Auth when the JWKS cannot be fetched", async () => {
    jwksStatus = 500;
    const token = await userToken();
    expect((await authenticate(request(token)))?.id).toBe(USER_ID);
    expect(calls.jwks).toBe(1);
    expect(calls.user).toBe(1);
    forgetToken(token);
    signedOut = true;
    expect(await authenticate(request(await userToken()))).toBeNull();
  });

  it("verifies an ES256 token against the JWKS, then asks Auth", async () => {
    const token = await userToken();
    const user = await authenticate(request(token));
    expect(user?.id).toBe(USER_ID);
    expect(calls.jwks).toBe(1);
    expect(calls.user).toBe(1);
    forgetToken(token);
  });

  it("refuses a token signed by another key under the same kid without asking Auth", async () => {
    const other = (await generateKeyPair("ES256")).privateKey as CryptoKey;
    expect(await authenticate(request(await userToken(other)))).toBeNull();
    expect(calls.user).toBe(0);
  });

  it("refuses a signed-out session even though its signature is good", async () => {
    signedOut = true;
    expect(await authenticate(request(await userToken()))).toBeNull();
    expect(calls.user).toBe(1);
  });

  it("asks Auth when the JWKS has no key with that kid (just rotated)", async () => {
    const unknownKid = await userToken(privateKey, "key-rotated");
    expect((await authenticate(request(unknownKid)))?.id).toBe(USER_ID);
    expect(calls.user).toBe(1);
    forgetToken(unknownKid);
  });
});

describe("the tick secret", () => {
  it("compares whole secrets only", async () => {
    expect(await secretMatches("abc", "abc")).toBe(true);
    expect(await secretMatches("abd", "abc")).toBe(false);
    expect(await secretMatches("ab", "abc")).toBe(false);
    expect(await secretMatches("", "")).toBe(false);
    expect(await secretMatches(null, "abc")).toBe(false);
    expect(await secretMatches("abc", undefined)).toBe(false);
  });

  it("accepts GRADING_TICK_SECRET only, and nothing when it is unset or short", async () => {
    const secret = "t".repeat(40);
    const tick = (bearer: string) => new Request("http://x/api/internal/tick", { method: "POST", headers: { Authorization: `Bearer ${bearer}` } });
    process.env.GRADING_TICK_SECRET = secret;
    expect(await isTickCaller(tick(secret))).toBe(true);
    expect(await isTickCaller(tick("sb_secret_x"))).toBe(false);
    process.env.GRADING_TICK_SECRET = "short";
    expect(await isTickCaller(tick("short"))).toBe(false);
    delete process.env.GRADING_TICK_SECRET;
    expect(await isTickCaller(tick("undefined"))).toBe(false);
  });
});

describe("project keys", () => {
  it("come from the key dictionaries first, the legacy variables otherwise", () => {
    expect(keyFromDictionary('{"default":"sb_secret_a","other":"sb_secret_b"}')).toBe("sb_secret_a");
    expect(keyFromDictionary('{"web":"sb_publishable_w"}')).toBe("sb_publishable_w");
    for (const bad of [undefined, "", "sb_secret_plain", "[\"x\"]", "{}", '{"default":5}', "{not json"]) {
      expect(keyFromDictionary(bad)).toBeUndefined();
    }
    const before = { keys: process.env.SUPABASE_PUBLISHABLE_KEYS, anon: process.env.SUPABASE_ANON_KEY };
    try {
      expect(env.anonKey).toBe("sb_publishable_unit");
      process.env.SUPABASE_PUBLISHABLE_KEYS = "{broken";
      process.env.SUPABASE_ANON_KEY = "legacy.anon.jwt";
      expect(env.anonKey).toBe("legacy.anon.jwt");
      delete process.env.SUPABASE_ANON_KEY;
      expect(() => env.anonKey).toThrow(/SUPABASE_PUBLISHABLE_KEYS/);
    } finally {
      process.env.SUPABASE_PUBLISHABLE_KEYS = before.keys;
      if (before.anon === undefined) delete process.env.SUPABASE_ANON_KEY;
      else process.env.SUPABASE_ANON_KEY = before.anon;
    }
  });
});
