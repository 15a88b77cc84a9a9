// Local Realtime stand-in: Phoenix vsn 2.0.0 JSON frames on /realtime/v1/websocket, Broadcast
// channels only. Private joins are authorized by RLS on realtime.messages (probe row, rolled back)
// and the decision is cached per socket + topic; rows inserted into realtime.messages are delivered
// via LISTEN realtime_broadcast (see shared/REALTIME_BROADCAST.md).
import type http from "node:http";
import { randomUUID } from "node:crypto";
import { WebSocketServer, WebSocket } from "ws";
import { bearerForApiKey } from "./auth.ts";
import type { GatewayContext } from "./types.ts";
import type postgres from "postgres";

type Claims = Record<string, unknown>;
type Frame = [string | null, string | null, string, string, Record<string, unknown>];

interface Channel {
  conn: Conn;
  topic: string; // wire topic, "realtime:<sub>"
  sub: string; // sub-topic, what realtime.topic() returns
  joinRef: string;
  private: boolean;
  token: string;
  timer?: NodeJS.Timeout;
}

interface Conn {
  ws: WebSocket;
  connToken: string; // the apikey query parameter
  channels: Map<string, Channel>;
}

const PATH = "/realtime/v1/websocket";
const JOIN_ERROR_DELAY_MS = 200;
const PRUNE_EVERY_MS = 10 * 60 * 1000;
const MAX_TIMER_MS = 5 * 60 * 1000;

class JoinError extends Error {}

export function attachRealtime(server: http.Server, ctx: GatewayContext): { close(): Promise<void> } {
  const wss = new WebSocketServer({ noServer: true });
  const byTopic = new Map<string, Set<Channel>>(); // sub-topic → joined, authorized channels

  server.on("upgrade", (req, socket, head) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname !== PATH) {
      if (server.listenerCount("upgrade") === 1) socket.destroy();
      return;
    }
    const apikey = url.searchParams.get("apikey") ?? "";
    const connToken = bearerForApiKey(ctx, undefined, apikey) ?? apikey; // sb_ keys → their role's JWT
    ctx.verifyJwt(connToken).then(
      () => wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, connToken)),
      () => {
        socket.end("HTTP/1.1 403 Forbidden\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\nInvalid apikey");
      },
    );
  });

  function onConnection(ws: WebSocket, connToken: string) {
    const conn: Conn = { ws, connToken, channels: new Map() };
    let queue = Promise.resolve();
    ws.on("message", (data, isBinary) => {
      if (isBinary) return; // client broadcasts (kind 3) are not used by the app
      let frame: Frame;
      try {
        frame = JSON.parse(data.toString());
        if (!Array.isArray(frame) || frame.length !== 5) return;
      } catch {
        return;
      }
      const [, ref, topic, event] = frame;
      if (topic === "phoenix" && event === "heartbeat") {
        send(conn, [null, ref, "phoenix", "phx_reply", { status: "ok", response: {} }]);
        return;
      }
      // Per-connection ordering: a join must finish before a following leave/access_token.
      queue = queue.then(() => onFrame(conn, frame)).catch((e) => ctx.log(`realtime: ${String(e)}`));
    });
    ws.on("close", () => {
      for (const ch of conn.channels.values()) drop(ch);
    });
    ws.on("error", () => ws.terminate());
  }

  async function onFrame(conn: Conn, [joinRef, ref, topic, event, payload]: Frame) {
    const current = conn.channels.get(topic);
    if (event === "phx_join") return join(conn, joinRef ?? ref ?? "", topic, payload ?? {});
    if (!current) {
      send(conn, [joinRef, ref, topic, "phx_reply", { status: "error", response: { reason: "unmatched topic" } }]);
      return;
    }
    if (event === "phx_leave") {
      drop(current);
      send(conn, [current.joinRef, ref, topic, "phx_reply", { status: "ok", response: {} }]);
      send(conn, [current.joinRef, current.joinRef, topic, "phx_close", {}]);
    } else if (event === "access_token") {
      await refreshToken(current, payload?.access_token);
    }
    // Client-sent broadcasts and presence are not supported locally; ignore them.
  }

  async function join(conn: Conn, joinRef: string, topic: string, payload: Record<string, unknown>) {
    const old = conn.channels.get(topic);
    if (old) drop(old); // a second join replaces the old subscription
    const config = (payload.config ?? {}) as Record<string, unknown>;
    const sub = topic.replace(/^realtime:/, "");
    const isPrivate = config.private === true;
    const reply = (body: Record<string, unknown>) => send(conn, [joinRef, joinRef, topic, "phx_reply", body]);
    try {
      if (Array.isArray(config.postgres_changes) && config.postgres_changes.length > 0) {
        throw new JoinError(
          "PostgresChangesNotSupported: postgres_changes is not supported by the local stand-in; use Broadcast from the database",
        );
      }
      const token = pickToken(payload.access_token, conn.connToken);
      const claims = await verify(token);
      if (isPrivate && !(await canRead(sub, claims))) {
        throw new JoinError(`Unauthorized: You do not have permissions to read from this Channel topic: ${sub}`);
      }
      if (conn.ws.readyState !== WebSocket.OPEN) return;
      const ch: Channel = { conn, topic, sub, joinRef, private: isPrivate, token };
      conn.channels.set(topic, ch);
      if (!byTopic.has(sub)) byTopic.set(sub, new Set());
      byTopic.get(sub)!.add(ch);
      scheduleExpiry(ch, claims);
      reply({ status: "ok", response: { postgres_changes: [] } });
    } catch (e) {
      const reason = e instanceof JoinError ? e.message : "UnknownErrorOnChannel: unable to join channel";
      if (!(e instanceof JoinError)) ctx.log(`realtime join ${sub}: ${String(e)}`);
      setTimeout(() => reply({ status: "error", response: { reason } }), JOIN_ERROR_DELAY_MS);
    }
  }

  async function refreshToken(ch: Channel, raw: unknown) {
    if (typeof raw !== "string" || raw === "" || raw.startsWith("sb_") || raw === ch.token) return;
    let claims: Claims;
    try {
      claims = await verify(raw);
    } catch (e) {
      return closeChannel(ch, e instanceof JoinError ? e.message.replace(/^\w+: /, "") : "Invalid token");
    }
    if (ch.private && !(await canRead(ch.sub, claims).catch(() => false))) {
      return closeChannel(ch, `You do not have permissions to read from this Channel topic: ${ch.sub}`);
    }
    ch.token = raw;
    scheduleExpiry(ch, claims);
  }

  function pickToken(accessToken: unknown, connToken: string): string {
    if (typeof accessToken === "string" && accessToken !== "" && !accessToken.startsWith("sb_")) return accessToken;
    return connToken;
  }

  async function verify(token: string): Promise<Claims> {
    let claims: Claims;
    try {
      claims = await ctx.verifyJwt(token);
    } catch {
      const exp = Number(decodePayload(token)?.exp);
      if (!decodePayload(token)) throw new JoinError("MalformedJWT: The token provided is not a valid JWT");
      if (Number.isFinite(exp) && exp <= Date.now() / 1000) {
        throw new JoinError(`InvalidJWTToken: Token has expired ${Math.floor(Date.now() / 1000 - exp)} seconds ago`);
      }
      throw new JoinError("InvalidJWTToken: signature error");
    }
    if (typeof claims.role !== "string" || !Number.isInteger(claims.exp)) {
      throw new JoinError("InvalidJWTToken: Fields `role` and `exp` are required in JWT");
    }
    return claims;
  }

  // Realtime's read check for a private channel: probe row as superuser, RLS select as the caller, rollback.
  async function canRead(sub: string, claims: Claims): Promise<boolean> {
    const id = randomUUID();
    const role = String(claims.role);
    if (!["anon", "authenticated", "service_role"].includes(role)) return false;
    let allowed = false;
    const rollback = new Error("rollback");
    try {
      await ctx.sql.begin(async (tx) => {
        await tx`insert into realtime.messages (id, topic, extension, inserted_at, updated_at)
                 values (${id}, ${sub}, 'broadcast', now(), now())`;
        await tx`select set_config('role', ${role}, true), set_config('realtime.topic', ${sub}, true),
                        set_config('request.jwt.claims', ${JSON.stringify(claims)}, true),
                        set_config('request.jwt.claim.sub', ${String(claims.sub ?? "")}, true),
                        set_config('request.jwt.claim.role', ${role}, true),
                        set_config('request.headers', '{}', true)`;
        const rows = await tx`select id from realtime.messages where id = ${id}`;
        allowed = rows.length > 0;
        throw rollback;
      });
    } catch (e) {
      if (e !== rollback) throw e;
    }
    return allowed;
  }

  function scheduleExpiry(ch: Channel, claims: Claims) {
    clearTimeout(ch.timer);
    const exp = Number(claims.exp);
    const ms = exp * 1000 - Date.now();
    if (ms <= 0) return closeChannel(ch, `Token has expired ${Math.floor(-ms / 1000)} seconds ago`);
    ch.timer = setTimeout(() => scheduleExpiry(ch, claims), Math.min(ms + 50, MAX_TIMER_MS));
    ch.timer.unref();
  }

  function closeChannel(ch: Channel, message: string) {
    drop(ch);
    send(ch.conn, [ch.joinRef, null, ch.topic, "system", { extension: "system", status: "error", message, channel: ch.sub }]);
    send(ch.conn, [ch.joinRef, ch.joinRef, ch.topic, "phx_close", {}]);
  }

  function drop(ch: Channel) {
    clearTimeout(ch.timer);
    if (ch.conn.channels.get(ch.topic) === ch) ch.conn.channels.delete(ch.topic);
    const set = byTopic.get(ch.sub);
    set?.delete(ch);
    if (set?.size === 0) byTopic.delete(ch.sub);
  }

  function send(conn: Conn, frame: unknown[]) {
    if (conn.ws.readyState === WebSocket.OPEN) conn.ws.send(JSON.stringify(frame));
  }

  // Delivery: notifications are batched per tick and fetched with one query.
  let pending: { id: string; topic: string; private: boolean }[] = [];
  let flushing = false;
  const listening = ctx.sql.listen("realtime_broadcast", (raw) => {
    try {
      const n = JSON.parse(raw);
      if (!byTopic.has(n.topic)) return; // nobody listens: no query
      pending.push({ id: String(n.id), topic: String(n.topic), private: n.private === true });
      if (!flushing) {
        flushing = true;
        setImmediate(flush);
      }
    } catch (e) {
      ctx.log(`realtime notify: ${String(e)}`);
    }
  });
  listening.catch((e) => ctx.log(`realtime listen failed: ${String(e)}`));

  async function flush() {
    const batch = pending;
    pending = [];
    try {
      const rows = await ctx.sql<{ id: string; event: string; payload: unknown }[]>`
        select id::text, event, payload from realtime.messages where id = any(${batch.map((n) => n.id)}::uuid[])`;
      const byId = new Map(rows.map((r) => [r.id, r]));
      for (const n of batch) {
        const row = byId.get(n.id);
        if (!row) continue;
        for (const ch of byTopic.get(n.topic) ?? []) {
          if (ch.private !== n.private) continue;
          send(ch.conn, [
            null,
            null,
            ch.topic,
            "broadcast",
            { type: "broadcast", event: row.event, payload: row.payload, meta: { id: row.id } },
          ]);
        }
      }
    } catch (e) {
      ctx.log(`realtime delivery: ${String(e)}`);
    } finally {
      if (pending.length) setImmediate(flush);
      else flushing = false;
    }
  }

  // The Realtime service keeps daily partitions of realtime.messages: ahead for the next days, dropped after 72 h.
  const prune = () => maintainRealtimePartitions(ctx.sql).catch((e) => ctx.log(`realtime partitions: ${String(e)}`));
  void prune();
  const pruneTimer = setInterval(prune, PRUNE_EVERY_MS);
  pruneTimer.unref();

  return {
    async close() {
      clearInterval(pruneTimer);
      for (const ws of wss.clients) ws.terminate();
      wss.close();
      const l = await listening.catch(() => null);
      await l?.unlisten().catch(() => {});
    },
  };
}

const DAY_MS = 86_400_000;
const partitionName = (d: Date) => `messages_${d.toISOString().slice(0, 10).replaceAll("-", "_")}`;

/**
 * As the Realtime service does: realtime.messages is partitioned by day (UTC) with no default partition;
 * partitions are created for yesterday through 3 days ahead and those older than 3 days are dropped.
 */
export async function maintainRealtimePartitions(sql: postgres.Sql) {
  const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  for (let day = -1; day <= 3; day++) {
    const from = new Date(today + day * DAY_MS);
    const to = new Date(from.getTime() + DAY_MS);
    await sql.unsafe(`create table if not exists realtime.${partitionName(from)} partition of realtime.messages
      for values from ('${from.toISOString().slice(0, 10)}') to ('${to.toISOString().slice(0, 10)}')`);
  }
  const parts = await sql<{ name: string }[]>`
    select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
     where i.inhparent = 'realtime.messages'::regclass`;
  const oldest = partitionName(new Date(today - 3 * DAY_MS));
  for (const { name } of parts) {
    if (/^messages_\d{4}_\d{2}_\d{2}$/.test(name) && name < oldest) await sql.unsafe(`drop table if exists realtime.${name}`);
  }
}

function decodePayload(token: string): Claims | null {
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  try {
    const v = JSON.parse(Buffer.from(parts[1], "base64url").toString("utf8"));
    return v && typeof v === "object" ? v : null;
  } catch {
    return null;
  }
}
