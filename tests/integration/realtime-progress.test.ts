// Live grading progress with the official client: the session owner, signed in with the API's
// session, joins the private topic `session:<id>` and receives a broadcast for every write the
// worker makes while grading a real submission; another member's join is refused.
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stackClient } from "../helpers/supabase-client.ts";
import { createSession, FIXTURE_ESSAY as strong, submitEssay } from "../helpers/grading.ts";
import { closeTestSql, createMember, testSql, type TestUser } from "../helpers/users.ts";

interface Received {
  event: string;
  at: number;
  payload: {
    operation: string;
    table: string;
    record: {
      id: string;
      status: string;
      progress: number;
      progress_message: string;
      essay_content?: string;
      essay_preview?: string;
    } | null;
  };
}

const clients: SupabaseClient[] = [];

async function signedInClient(user: TestUser): Promise<SupabaseClient> {
  const client = stackClient(clients);
  const { error } = await client.auth.setSession({
    access_token: user.session.access_token,
    refresh_token: user.session.refresh_token,
  });
  if (error) throw error;
  await client.realtime.setAuth();
  return client;
}

function join_(client: SupabaseClient, sessionId: string, onMessage?: (m: Received) => void) {
  const channel = client.channel(`session:${sessionId}`, { config: { private: true } });
  if (onMessage) {
    channel.on("broadcast", { event: "*" }, (msg) =>
      onMessage({ event: msg.event, at: Date.now(), payload: msg.payload as Received["payload"] }),
    );
  }
  const status = new Promise<{ status: string; message?: string }>((resolve) =>
    channel.subscribe((s, err) => resolve({ status: s, message: err?.message })),
  );
  return { channel, status };
}

async function waitFor<T>(read: () => T | undefined | false, timeoutMs: number, what: string): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = read();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

let owner: TestUser;
let other: TestUser;
let sessionId: string;

beforeAll(async () => {
  [owner, other] = await Promise.all([createMember(), createMember()]);
  sessionId = await createSession(owner);
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.removeAllChannels()));
  for (const c of clients) c.realtime.disconnect();
  await closeTestSql();
});

describe("live grading progress over Realtime broadcast", () => {
  it("delivers every progress write of a graded submission to the session owner, in order, ending completed", async () => {
    const client = await signedInClient(owner);
    const received: Received[] = [];
    const { status } = join_(client, sessionId, (m) => received.push(m));
    expect(await status).toEqual({ status: "SUBSCRIBED", message: undefined });

    const submissionId = await submitEssay(owner, sessionId, `${strong}\n[[llm:slow:1500]]`, {
      studentName: "김실시",
      studentId: "20240777",
    });
    expect(submissionId).toBeTruthy();

    const mine = () => received.filter((m) => m.payload.record?.id === submissionId);
    await waitFor(() => mine().some((m) => m.payload.record?.status === "completed"), 45_000, "the completed broadcast");

    const messages = mine();
    expect(messages[0].event).toBe("INSERT");
    expect(messages[0].payload.record?.status).toBe("pending");
    const updates = messages.filter((m) => m.event === "UPDATE");
    for (const m of messages) {
      expect(m.payload.table).toBe("essay_submissions");
      expect(m.payload.operation).toBe(m.event);
      expect(m.payload.record).not.toHaveProperty("essay_content");
      expect(m.payload.record?.essay_preview).toBe([...strong].slice(0, 100).join(""));
    }

    const analyzing = updates.filter((m) => m.payload.record?.status === "analyzing");
    expect(analyzing.length).toBeGreaterThanOrEqual(3);
    const progress = analyzing.map((m) => m.payload.record!.progress);
    for (let i = 1; i < progress.length; i++) expect(progress[i]).toBeGreaterThanOrEqual(progress[i - 1]);
    expect(new Set(progress).size).toBeGreaterThanOrEqual(3);
    expect(progress[progress.length - 1]).toBeGreaterThan(progress[0]);
    expect(analyzing.every((m) => m.payload.record!.progress_message.length > 0)).toBe(true);

    const last = messages[messages.length - 1].payload.record!;
    expect(last.status).toBe("completed");
    expect(last.progress).toBe(100);

    // "Each progress write": every broadcast the database sent for this row reached the client.
    const [{ count }] = await testSql()`
      select count(*)::int as count from realtime.messages
       where topic = ${`session:${sessionId}`} and extension = 'broadcast'
         and payload -> 'record' ->> 'id' = ${submissionId}`;
    await waitFor(() => mine().length >= count, 5_000, `${count} broadcasts`);
    expect(mine().length).toBe(count);
    expect(count).toBeGreaterThanOrEqual(5);

    const [row] = await testSql()`select status, progress from public.essay_submissions where id = ${submissionId}`;
    expect(row).toMatchObject({ status: "completed", progress: 100 });
  });

  it("refuses another member's join with CHANNEL_ERROR and delivers nothing to them", async () => {
    const client = await signedInClient(other);
    const received: Received[] = [];
    const { channel, status } = join_(client, sessionId, (m) => received.push(m));
    const result = await status;
    expect(result.status).toBe("CHANNEL_ERROR");
    expect(result.message).toContain("Unauthorized");
    await client.removeChannel(channel);

    await testSql()`
      update public.essay_submissions set progress_message = '다른 사용자 수신 확인' where session_id = ${sessionId}`;
    await new Promise((r) => setTimeout(r, 500));
    expect(received).toHaveLength(0);
  });
});
