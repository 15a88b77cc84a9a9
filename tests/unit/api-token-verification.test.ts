// The api function's caller check (lib/auth.ts) against a fake project: asymmetric user tokens are
// verified against the project's JWKS before Auth is asked (a forged one never reaches Auth), Auth's
// GET /user stays the authority (a signed-out session is refused even with a good signature), an
// unreachable JWKS falls back to Auth, and the worker tick compares its own secret only.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT, type JWK } from "jose";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import type * as Auth from "../../supabase/functions/api/lib/auth.ts";
import { keyFromDictionary, parseSettings } from "../../supabase/functions/api/lib/settings-schema.ts";
import { loadWithEnv } from "../helpers/function-env.ts";

// supabase-js builds a realtime client; Node 20 has no global WebSocket (edge-runtime has one).
(globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;

const USER_ID = "6f1d7c1e-5a35-4a52-9a3c-1b8e3f0c2d11";
let server: http.Server;
let jwk: JWK;
let privateKey: CryptoKey;
let jwksStatus = 200;
let signedOut = false;
const calls = { jwks: 0, user: 0 };
const TICK_SECRET = "t".repeat(40);
let authenticate: typeof Auth.authenticate;
let forgetToken: typeof Auth.forgetToken;
let isTickCaller: typeof Auth.isTickCaller;
let secretMatches: typeof Auth.secretMatches;
let projectUrl = "";

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
        res
          .writeHead(403, { "Content-Type": "application/json" })
          .end(JSON.stringify({ code: "session_not_found", message: "Session from session_id claim in JWT does not exist" }));
        return;
      }
      res
        .writeHead(200, { "Content-Type": "application/json" })
        .end(JSON.stringify({ id: USER_ID, aud: "authenticated", role: "authenticated", is_anonymous: false }));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  projectUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  ({ authenticate, forgetToken, isTickCaller, secretMatches } = await loadAuth(TICK_SECRET));
});

/** lib/auth.ts of a function whose settings point at the fake project, with `tickSecret` ("" = unset). */
function loadAuth(tickSecret: string): Promise<typeof Auth> {
  const env = {
    SUPABASE_URL: projectUrl,
    SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: "sb_publishable_unit" }),
    SUPABASE_ANON_KEY: "",
    GRADING_TICK_SECRET: tickSecret,
  };
  return loadWithEnv(env, () => import("../../supabase/functions/api/lib/auth.ts"));
}

afterAll(async () => {
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

  it("accepts GRADING_TICK_SECRET only, nothing when it is unset, and refuses to start with a short one", async () => {
    const tick = (bearer: string) =>
      new Request("http://x/api/internal/tick", { method: "POST", headers: { Authorization: `Bearer ${bearer}` } });
    expect(await isTickCaller(tick(TICK_SECRET))).toBe(true);
    expect(await isTickCaller(tick("sb_secret_x"))).toBe(false);
    const unset = await loadAuth("");
    expect(await unset.isTickCaller(tick("undefined"))).toBe(false);
    expect(await unset.isTickCaller(tick(""))).toBe(false);
    await expect(loadAuth("short")).rejects.toThrow(/GRADING_TICK_SECRET: must have at least 32 characters/);
  });
});

describe("project keys", () => {
  it("come from the key dictionaries first, the legacy variables otherwise", () => {
    expect(keyFromDictionary('{"default":"sb_secret_a","other":"sb_secret_b"}')).toBe("sb_secret_a");
    expect(keyFromDictionary('{"web":"sb_publishable_w"}')).toBe("sb_publishable_w");
    for (const bad of [undefined, "", "sb_secret_plain", '["x"]', "{}", '{"default":5}', "{not json"]) {
      expect(keyFromDictionary(bad)).toBeUndefined();
    }
    const anonKey = (env: Record<string, string>) => parseSettings(env).supabase.anonKey;
    expect(anonKey({ SUPABASE_PUBLISHABLE_KEYS: '{"default":"sb_publishable_unit"}', SUPABASE_ANON_KEY: "legacy.anon.jwt" })).toBe(
      "sb_publishable_unit",
    );
    expect(anonKey({ SUPABASE_PUBLISHABLE_KEYS: "{broken", SUPABASE_ANON_KEY: "legacy.anon.jwt" })).toBe("legacy.anon.jwt");
    expect(anonKey({ SUPABASE_PUBLISHABLE_KEYS: "{broken" })).toBeUndefined();
  });

  it("missing: an error naming the variables when the function needs one", async () => {
    const { platform } = await loadWithEnv(
      { SUPABASE_PUBLISHABLE_KEYS: "", SUPABASE_PUBLISHABLE_KEY: "", SUPABASE_ANON_KEY: "" },
      () => import("../../supabase/functions/api/lib/settings.ts"),
    );
    expect(() => platform.anonKey).toThrow(/SUPABASE_PUBLISHABLE_KEYS/);
  });
});
