// Conformance of the local Realtime stand-in (private Broadcast channels authorized by RLS on
// realtime.messages) with the official supabase-js client and with raw Phoenix frames.
import { randomUUID } from "node:crypto";
import type { RealtimeChannel, SupabaseClient } from "@supabase/supabase-js";
import { SignJWT } from "jose";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { WebSocket } from "ws";
import { readStack } from "../helpers/stack.ts";
import { stackClient } from "../helpers/supabase-client.ts";

const stack = readStack();
const sql = postgres(stack.dbUrl, { max: 2, onnotice: () => {} });
const clients: SupabaseClient[] = [];
const PASSWORD = "password123";

type Status = { status: string; message?: string };
interface Member {
  id: string;
  email: string;
  token: string;
  client: SupabaseClient;
}

function client(realtime: Record<string, unknown> = {}) {
  return stackClient(clients, stack.anonKey, realtime);
}

async function signUp(): Promise<Member> {
  const c = client();
  const email = `rt-${randomUUID().slice(0, 8)}@example.com`;
  const { data, error } = await c.auth.signUp({
    email,
    password: PASSWORD,
    options: { data: { username: `rt_${randomUUID().slice(0, 8)}` } },
  });
  if (error || !data.session || !data.user) throw error ?? new Error("signUp returned no session");
  await c.realtime.setAuth();
  return { id: data.user.id, email, token: data.session.access_token, client: c };
}

/** Resolves with the first status the subscribe callback reports. */
function subscribe(channel: RealtimeChannel): Promise<Status> {
  return new Promise((resolve) => channel.subscribe((status, err) => resolve({ status, message: err?.message })));
}

async function waitFor<T>(read: () => T | undefined, timeoutMs = 5000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = read();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 25));
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A channel of client `c` on the session's topic (private or not) whose broadcasts of `event` go to `got`; not yet subscribed. */
function sessionBroadcasts(c: SupabaseClient, event: string, isPrivate: boolean) {
  const got: any[] = [];
  const channel = c.channel(`session:${sessionId}`, { config: { private: isPrivate } }).on("broadcast", { event }, (m) => got.push(m));
  return { channel, got };
}

/** sessionBroadcasts, subscribed (asserted SUBSCRIBED) and removed when the test ends. */
async function subscribedBroadcasts(c: SupabaseClient, event: string, isPrivate: boolean) {
  const listening = sessionBroadcasts(c, event, isPrivate);
  onTestFinished(async () => {
    await c.removeChannel(listening.channel);
  });
  expect((await subscribe(listening.channel)).status).toBe("SUBSCRIBED");
  return listening;
}

let owner: Member;
let other: Member;
let sessionId: string;
let submissionId: string;

beforeAll(async () => {
  owner = await signUp();
  other = await signUp();
  [{ id: sessionId }] = await sql`
    insert into public.analysis_sessions (user_id, prompt_content) values (${owner.id}, '실시간 테스트 주제') returning id`;
  [{ id: submissionId }] = await sql`
    insert into public.essay_submissions (session_id, user_id, student_name, essay_content)
    values (${sessionId}, ${owner.id}, '김학생', '본문') returning id`;
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.removeAllChannels()));
  await Promise.all(clients.map((c) => c.realtime.disconnect()));
  await sql.end();
});

describe("realtime stand-in with supabase-js", () => {
  it("lets the session owner join the private channel and refuses another member with the Unauthorized reason", async () => {
    const mine = owner.client.channel(`session:${sessionId}`, { config: { private: true } });
    const theirs = other.client.channel(`session:${sessionId}`, { config: { private: true } });
    try {
      expect(await subscribe(mine)).toEqual({ status: "SUBSCRIBED", message: undefined });
      expect(await subscribe(theirs)).toEqual({
        status: "CHANNEL_ERROR",
        message: `Unauthorized: You do not have permissions to read from this Channel topic: session:${sessionId}`,
      });
    } finally {
      await owner.client.removeChannel(mine);
      await other.client.removeChannel(theirs);
    }
  });

  it("refuses an anonymous (anon key) join of a private session channel", async () => {
    const anon = client();
    const ch = anon.channel(`session:${sessionId}`, { config: { private: true } });
    try {
      const res = await subscribe(ch);
      expect(res.status).toBe("CHANNEL_ERROR");
      expect(res.message).toMatch(/^Unauthorized: /);
    } finally {
      await anon.removeChannel(ch);
    }
  });

  it("subscribes a channel joined before sign-in once the client signs in (rejoin carries the new token)", async () => {
    const c = client();
    const statuses: string[] = [];
    const ch = c.channel(`session:${sessionId}`, { config: { private: true } });
    ch.subscribe((status) => statuses.push(status));
    try {
      await waitFor(() => statuses.includes("CHANNEL_ERROR"));
      const { error } = await c.auth.signInWithPassword({ email: owner.email, password: PASSWORD });
      expect(error).toBeNull();
      await waitFor(() => statuses.includes("SUBSCRIBED"), 8000);
      expect(statuses[0]).toBe("CHANNEL_ERROR");
    } finally {
      await c.removeChannel(ch);
    }
  });

  it("delivers an essay_submissions UPDATE as a broadcast to the owner only", async () => {
    const { got: ownerGot } = await subscribedBroadcasts(owner.client, "UPDATE", true);
    // Same topic name on a public channel: must never see private messages.
    const { got: otherGot } = await subscribedBroadcasts(other.client, "*", false);
    await sql`update public.essay_submissions set status = 'analyzing', progress = 42,
                progress_message = '분석 중입니다' where id = ${submissionId}`;
    const msg = await waitFor(() => ownerGot[0]);
    expect(msg).toMatchObject({
      type: "broadcast",
      event: "UPDATE",
      payload: {
        operation: "UPDATE",
        schema: "public",
        table: "essay_submissions",
        record: { id: submissionId, session_id: sessionId, status: "analyzing", progress: 42, progress_message: "분석 중입니다" },
        old_record: { id: submissionId, status: "pending", progress: 0 },
      },
    });
    expect(msg.meta.id).toBe(msg.payload.id);
    const [row] = await sql`select topic, private from realtime.messages where id = ${msg.meta.id}`;
    expect(row).toEqual({ topic: `session:${sessionId}`, private: true });
    await sleep(300);
    expect(ownerGot).toHaveLength(1);
    expect(otherGot).toHaveLength(0);
  });

  it("keeps public and private topics apart for realtime.send", async () => {
    const { got: pub } = await subscribedBroadcasts(other.client, "progress", false);
    const { got: priv } = await subscribedBroadcasts(owner.client, "progress", true);
    await sql`select realtime.send(jsonb_build_object('done', 1), 'progress', ${`session:${sessionId}`}, false)`;
    await sql`select realtime.send(jsonb_build_object('done', 2), 'progress', ${`session:${sessionId}`}, true)`;
    await waitFor(() => pub.length === 1 && priv.length === 1);
    expect(pub[0].payload).toMatchObject({ done: 1 });
    expect(priv[0].payload).toMatchObject({ done: 2 });
    expect(typeof priv[0].payload.id).toBe("string");
    await sleep(200);
    expect([pub.length, priv.length]).toEqual([1, 1]);
  });

  it("closes the channel with a system error when the client signs out (access_token becomes the anon key)", async () => {
    const c = client();
    const { error } = await c.auth.signInWithPassword({ email: owner.email, password: PASSWORD });
    expect(error).toBeNull();
    await c.realtime.setAuth();
    const system: any[] = [];
    const statuses: string[] = [];
    const ch = c.channel(`session:${sessionId}`, { config: { private: true } }).on("system", {}, (m) => system.push(m));
    const first = await new Promise<string>((resolve) =>
      ch.subscribe((status) => {
        statuses.push(status);
        resolve(status);
      }),
    );
    expect(first).toBe("SUBSCRIBED");
    await c.auth.signOut();
    await waitFor(() => statuses.includes("CLOSED"));
    expect(system[0]).toMatchObject({
      status: "error",
      extension: "system",
      message: `You do not have permissions to read from this Channel topic: session:${sessionId}`,
    });
  });

  /**
   * A new client signed in as the owner with a password, joined to the private session topic:
   * broadcasts of `event` go to `got`, every subscribe status to `statuses`.
   */
  async function ownerJoined(event: string, c = client()) {
    await c.auth.signInWithPassword({ email: owner.email, password: PASSWORD });
    await c.realtime.setAuth();
    const { channel: ch, got } = sessionBroadcasts(c, event, true);
    const statuses: string[] = [];
    await new Promise<void>((resolve) => ch.subscribe((s) => (statuses.push(s), s === "SUBSCRIBED" && resolve())));
    return { c, ch, got, statuses };
  }

  it("accepts a refreshed token for the same owner and keeps delivering", async () => {
    const { c, ch, got, statuses } = await ownerJoined("*");
    try {
      await sleep(1100); // iat differs by at least a second, so the refreshed JWT is a new string
      const { error } = await c.auth.refreshSession();
      expect(error).toBeNull();
      await c.realtime.setAuth(); // pushes access_token to the joined channel
      await sleep(300);
      await sql`select realtime.send('{"after": "refresh"}'::jsonb, 'progress', ${`session:${sessionId}`}, true)`;
      const msg = await waitFor(() => got.find((m) => m.payload?.after === "refresh"));
      expect(msg.event).toBe("progress");
      expect(statuses).toEqual(["SUBSCRIBED"]);
    } finally {
      await c.removeChannel(ch);
    }
  });

  it("answers heartbeats so the socket stays up", async () => {
    const beats: string[] = [];
    const heartbeats = client({ heartbeatIntervalMs: 200, heartbeatCallback: (s: string) => beats.push(s) });
    const { c, ch, got, statuses } = await ownerJoined("progress", heartbeats);
    try {
      await sleep(1500);
      expect(beats.filter((b) => b === "ok").length).toBeGreaterThanOrEqual(4);
      expect(beats).not.toContain("timeout");
      expect(c.realtime.isConnected()).toBe(true);
      await sql`select realtime.send('{"done": 9}'::jsonb, 'progress', ${`session:${sessionId}`}, true)`;
      await waitFor(() => got.length === 1);
      expect(statuses).toEqual(["SUBSCRIBED"]); // never rejoined
    } finally {
      await c.removeChannel(ch);
    }
  });

  it("delivers 500 messages sent in one statement, in order", async () => {
    const got: number[] = [];
    const ch = owner.client
      .channel(`session:${sessionId}`, { config: { private: true } })
      .on("broadcast", { event: "bulk" }, (m) => got.push(m.payload.n));
    expect((await subscribe(ch)).status).toBe("SUBSCRIBED");
    try {
      await sql`select realtime.send(jsonb_build_object('n', g), 'bulk', ${`session:${sessionId}`}, true)
                from generate_series(1, 500) g`;
      await waitFor(() => got.length === 500, 10_000);
      expect(got).toEqual(Array.from({ length: 500 }, (_, i) => i + 1));
    } finally {
      await owner.client.removeChannel(ch);
    }
  });
});

// ---------- raw Phoenix frames ----------

type Frame = [string | null, string | null, string, string, any];

/** A raw Phoenix socket on the stand-in (closed when the test ends): send frames, await the next matching one. */
async function rawSocket(apikey = stack.anonKey) {
  const url = `${stack.supabaseUrl.replace(/^http/, "ws")}/realtime/v1/websocket?apikey=${apikey}&vsn=2.0.0`;
  const ws = new WebSocket(url);
  const frames: Frame[] = [];
  ws.on("message", (d) => frames.push(JSON.parse(d.toString())));
  await new Promise((resolve, reject) => (ws.once("open", resolve), ws.once("error", reject)));
  const send = (f: Frame) => ws.send(JSON.stringify(f));
  const next = (pred: (f: Frame) => boolean, timeoutMs = 5000) => waitFor(() => frames.find(pred), timeoutMs);
  onTestFinished(() => ws.close());
  return { ws, frames, send, next };
}

const joinPayload = (token: string | undefined, extra: Record<string, unknown> = {}) => ({
  config: { broadcast: { ack: false, self: false }, presence: { key: "", enabled: false }, postgres_changes: [], private: true, ...extra },
  ...(token ? { access_token: token } : {}),
});

const mint = (claims: Record<string, unknown>) =>
  new SignJWT(claims).setProtectedHeader({ alg: "HS256", typ: "JWT" }).sign(new TextEncoder().encode(stack.jwtSecret));

describe("realtime stand-in wire frames", () => {
  it("replies to heartbeat, join and leave with the Phoenix shapes", async () => {
    const s = await rawSocket();
    const topic = `realtime:session:${sessionId}`;
    s.send([null, "3", "phoenix", "heartbeat", {}]);
    expect(await s.next((f) => f[1] === "3")).toEqual([null, "3", "phoenix", "phx_reply", { status: "ok", response: {} }]);
    s.send(["7", "7", topic, "phx_join", joinPayload(owner.token)]);
    expect(await s.next((f) => f[1] === "7")).toEqual(["7", "7", topic, "phx_reply", { status: "ok", response: { postgres_changes: [] } }]);
    s.send(["7", "8", topic, "phx_leave", {}]);
    expect(await s.next((f) => f[1] === "8")).toEqual(["7", "8", topic, "phx_reply", { status: "ok", response: {} }]);
    expect(await s.next((f) => f[3] === "phx_close")).toEqual(["7", "7", topic, "phx_close", {}]);
  });

  it("uses the apikey connection token when the join carries no access_token", async () => {
    const s = await rawSocket(owner.token);
    const topic = `realtime:session:${sessionId}`;
    s.send(["1", "1", topic, "phx_join", joinPayload(undefined)]);
    expect((await s.next((f) => f[1] === "1"))[4].status).toBe("ok");
  });

  it("rejects malformed tokens, tokens without role/exp and postgres_changes bindings", async () => {
    const s = await rawSocket();
    const topic = `realtime:session:${sessionId}`;
    s.send(["1", "1", topic, "phx_join", joinPayload("not-a-jwt")]);
    expect((await s.next((f) => f[1] === "1"))[4]).toEqual({
      status: "error",
      response: { reason: "MalformedJWT: The token provided is not a valid JWT" },
    });
    s.send(["2", "2", topic, "phx_join", joinPayload(await mint({ sub: owner.id }))]);
    expect((await s.next((f) => f[1] === "2"))[4].response.reason).toBe("InvalidJWTToken: Fields `role` and `exp` are required in JWT");
    const changes = [{ event: "*", schema: "public", table: "essay_submissions" }];
    s.send(["3", "3", topic, "phx_join", joinPayload(owner.token, { postgres_changes: changes })]);
    const reply = await s.next((f) => f[1] === "3");
    expect(reply[4].status).toBe("error");
    expect(reply[4].response.reason).toMatch(/postgres_changes.*not supported/);
  });

  it("closes a channel with a system message when its token expires", async () => {
    const s = await rawSocket();
    const topic = `realtime:session:${sessionId}`;
    const exp = Math.floor(Date.now() / 1000) + 2;
    const token = await mint({ sub: owner.id, role: "authenticated", aud: "authenticated", exp });
    s.send(["4", "4", topic, "phx_join", joinPayload(token)]);
    expect((await s.next((f) => f[1] === "4"))[4].status).toBe("ok");
    const system = await s.next((f) => f[3] === "system", 6000);
    expect(system[0]).toBe("4");
    expect(system[4]).toMatchObject({ extension: "system", status: "error", channel: `session:${sessionId}` });
    expect(system[4].message).toMatch(/^Token has expired \d+ seconds ago$/);
    expect(await s.next((f) => f[3] === "phx_close")).toEqual(["4", "4", topic, "phx_close", {}]);
  });

  it("re-checks access on an access_token push and closes the channel for another user's token", async () => {
    const s = await rawSocket();
    const topic = `realtime:session:${sessionId}`;
    s.send(["5", "5", topic, "phx_join", joinPayload(owner.token)]);
    expect((await s.next((f) => f[1] === "5"))[4].status).toBe("ok");
    s.send(["5", "6", topic, "access_token", { access_token: other.token }]);
    const system = await s.next((f) => f[3] === "system");
    expect(system).toEqual([
      "5",
      null,
      topic,
      "system",
      {
        extension: "system",
        status: "error",
        message: `You do not have permissions to read from this Channel topic: session:${sessionId}`,
        channel: `session:${sessionId}`,
      },
    ]);
    expect(await s.next((f) => f[3] === "phx_close")).toEqual(["5", "5", topic, "phx_close", {}]);
    expect(s.frames.some((f) => f[1] === "6")).toBe(false); // no reply to access_token
  });
});
