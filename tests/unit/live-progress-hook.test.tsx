// @vitest-environment jsdom
import { act, cleanup, render, waitFor } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Submission } from "@shared/types.ts";
import { submission } from "../mocks/api.ts";

type Listener = (message: { payload: unknown }) => void;
type StatusCallback = (status: string, err?: Error) => void;

const fake = vi.hoisted(() => {
  const state = {
    setAuth: vi.fn(async () => {}),
    channels: [] as { topic: string; params: unknown; listener?: Listener; status?: StatusCallback; filter?: unknown }[],
    removed: [] as string[],
  };
  return state;
});

vi.mock("@/lib/supabase", () => ({
  supabase: {
    realtime: { setAuth: fake.setAuth },
    getChannels: () => [],
    channel: (topic: string, params: unknown) => {
      const entry: (typeof fake.channels)[number] = { topic, params };
      fake.channels.push(entry);
      const channel = {
        topic: `realtime:${topic}`,
        on(_type: string, filter: unknown, listener: Listener) {
          entry.filter = filter;
          entry.listener = listener;
          return channel;
        },
        subscribe(cb: StatusCallback) {
          entry.status = cb;
          return channel;
        },
      };
      return channel;
    },
    removeChannel: async (channel: { topic: string }) => {
      fake.removed.push(channel.topic);
      return "ok";
    },
  },
}));

const { useSessionLiveUpdates } = await import("@/features/sessions/hooks/use-session-live-updates");

const SESSION = "22222222-2222-4222-8222-222222222222";
const KEY = ["dashboard", "submissions", SESSION] as const;

function listItem(overrides: Partial<Submission> = {}): Submission {
  return submission({
    id: "s1",
    sessionId: SESSION,
    userId: "u1",
    studentName: "박지훈",
    studentId: "20240011",
    submittedAt: "2026-03-01T00:00:00.000Z",
    submitTime: "2026-03-01T00:00:00.000Z",
    essay: "본문",
    ...overrides,
  });
}

let seen: boolean[] = [];
function Probe({ sessionId }: { sessionId: string }) {
  const { isLive } = useSessionLiveUpdates(sessionId, KEY);
  seen.push(isLive);
  return <span data-testid="live">{isLive ? "live" : "polling"}</span>;
}

let queryClient: QueryClient;
beforeEach(() => {
  fake.channels.length = 0;
  fake.removed.length = 0;
  fake.setAuth.mockClear();
  seen = [];
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
});
afterEach(cleanup);

describe("useSessionLiveUpdates", () => {
  it("joins session:<id> privately after setAuth, goes live on SUBSCRIBED, patches the cache and leaves on unmount", async () => {
    queryClient.setQueryData(KEY, [listItem()]);
    const invalidate = vi.spyOn(queryClient, "invalidateQueries");
    const view = render(
      <QueryClientProvider client={queryClient}>
        <Probe sessionId={SESSION} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(fake.channels).toHaveLength(1));
    expect(fake.setAuth).toHaveBeenCalled();
    expect(fake.channels[0]).toMatchObject({ topic: `session:${SESSION}`, params: { config: { private: true } } });
    expect(fake.channels[0].filter).toEqual({ event: "*" });
    expect(view.getByTestId("live").textContent).toBe("polling");

    act(() => fake.channels[0].status!("SUBSCRIBED"));
    expect(view.getByTestId("live").textContent).toBe("live");

    act(() =>
      fake.channels[0].listener!({
        payload: {
          operation: "UPDATE",
          table: "essay_submissions",
          record: {
            id: "s1",
            session_id: SESSION,
            status: "analyzing",
            progress: 55,
            progress_message: "언어 표현을 점검하고 있습니다...",
          },
          old_record: { id: "s1", status: "pending", progress: 0 },
        },
      }),
    );
    expect(queryClient.getQueryData<Submission[]>(KEY)![0]).toMatchObject({
      status: "analyzing",
      progress: 55,
      progressMessage: "언어 표현을 점검하고 있습니다...",
    });

    invalidate.mockClear();
    act(() =>
      fake.channels[0].listener!({
        payload: {
          operation: "UPDATE",
          table: "essay_submissions",
          record: { id: "s1", session_id: SESSION, status: "completed", progress: 100 },
        },
      }),
    );
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: KEY, exact: true }));

    act(() => fake.channels[0].status!("CHANNEL_ERROR", new Error("Unauthorized")));
    expect(view.getByTestId("live").textContent).toBe("polling");

    view.unmount();
    expect(fake.removed).toEqual([`realtime:session:${SESSION}`]);
  });

  it("does nothing without a session id", async () => {
    render(
      <QueryClientProvider client={queryClient}>
        <Probe sessionId="" />
      </QueryClientProvider>,
    );
    await new Promise((r) => setTimeout(r, 20));
    expect(fake.channels).toHaveLength(0);
    expect(seen.every((v) => v === false)).toBe(true);
  });
});
