// The submission list query merges each fetched list into the cache as the cache is when the
// response arrives: a completion broadcast applied while the request was in flight is never undone
// by that (older) response. The exact sequence of the flaky live dashboard: the row is analyzing,
// a list fetch starts, the completion broadcast holds the row at 100 %, the fetch answers with the
// row still analyzing at 45 % — the row must stay at 100 %, then show 완료 with its score.
import { http, HttpResponse } from "msw";
import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Submission } from "@shared/types.ts";
import { API } from "../mocks/api.ts";
import { server } from "../mocks/server.ts";

vi.stubEnv("VITE_API_URL", API);
vi.mock("@/lib/supabase", () => ({ supabase: { auth: { getSession: async () => ({ data: { session: null } }) } } }));

const { submissionsQueryOptions } = await import("@/features/sessions/api/get-submissions");
const { applySubmissionChange, SCORE_LOADING_MESSAGE } = await import("@/features/sessions/utils/submission-cache");

const SESSION = "11111111-1111-4111-8111-111111111111";
const ID = "aaaaaaaa-0000-4000-8000-000000000001";
const STARTED = "2026-03-01T01:00:02.000Z";
const COMPLETED = "2026-03-01T01:00:04.000Z";

/** The list API's row (what `submissionJson` answers). */
function apiRow(overrides: Partial<Submission> = {}): Submission {
  return {
    id: ID,
    sessionId: SESSION,
    userId: "u1",
    studentName: "홍길동",
    studentId: "20240101",
    essayContent: null,
    essayFilePath: null,
    essayFilename: "홍길동_20240101.txt",
    status: "analyzing",
    progress: 35,
    progressMessage: "근거의 타당성을 검토하고 있습니다...",
    submittedAt: "2026-03-01T01:00:00.000Z",
    analysisStartedAt: STARTED,
    analysisCompletedAt: null,
    score: null,
    submitTime: "2026-03-01T01:00:00.000Z",
    essay: "스마트폰 사용은 청소년의 학습에 영향을 준다.",
    result: null,
    regrading: false,
    ...overrides,
  };
}

/** The completion broadcast (the trigger's `record`: snake_case, Postgres' timestamp format). */
const completion = {
  operation: "UPDATE",
  table: "essay_submissions",
  record: {
    id: ID,
    session_id: SESSION,
    user_id: "u1",
    student_name: "홍길동",
    student_id: "20240101",
    status: "completed" as const,
    progress: 100,
    progress_message: "채점이 완료되었습니다.",
    submitted_at: "2026-03-01T10:00:00+09:00",
    analysis_started_at: "2026-03-01T10:00:02+09:00",
    analysis_completed_at: "2026-03-01T10:00:04.123456+09:00",
    usage_charged: true,
  },
};

/** Answers the list request with whatever `answer` resolves to, when the test says so. */
function deferredList() {
  let release!: (rows: Submission[]) => void;
  const answer = new Promise<Submission[]>((resolve) => (release = resolve));
  let requested!: () => void;
  const seen = new Promise<void>((resolve) => (requested = resolve));
  server.use(
    http.get(`${API}/sessions/${SESSION}/submissions`, async () => {
      requested();
      return HttpResponse.json(await answer);
    }),
  );
  return { release, seen };
}

const queryClients: QueryClient[] = [];
afterEach(() => {
  for (const client of queryClients.splice(0)) client.clear();
});

function newClient() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClients.push(client);
  return client;
}

describe("submissionsQueryOptions (the live list's fetch)", () => {
  it("keeps a completion that arrived while the fetch was in flight (100 % is never followed by 45 %)", async () => {
    const client = newClient();
    const options = submissionsQueryOptions(SESSION);
    client.setQueryData(options.queryKey, [apiRow()]);

    const list = deferredList();
    const fetching = client.fetchQuery(options);
    await list.seen;
    // The completion broadcast reaches the cache first: held at 100 % until the score comes.
    const held = applySubmissionChange(client.getQueryData(options.queryKey), completion, SESSION);
    client.setQueryData(options.queryKey, held.items);
    expect(held.refetch).toBe(true);
    // The fetch (sent before the completion) answers with the row still at 45 %.
    list.release([apiRow({ progress: 45, progressMessage: "언어 표현을 점검하고 있습니다..." })]);
    await fetching;

    const [row] = client.getQueryData<Submission[]>(options.queryKey)!;
    expect({ status: row.status, progress: row.progress, message: row.progressMessage }).toEqual({
      status: "analyzing",
      progress: 100,
      message: SCORE_LOADING_MESSAGE,
    });

    // The refetch the completion asked for brings the score: 완료.
    const done = deferredList();
    const refetch = client.fetchQuery(options);
    await done.seen;
    const result = { overallScore: 80, maxScore: 100, grader: "ai" as const, categoryScores: [], flags: [] };
    done.release([apiRow({ status: "completed", progress: 100, analysisCompletedAt: COMPLETED, score: 80, result })]);
    await refetch;
    const [final] = client.getQueryData<Submission[]>(options.queryKey)!;
    expect({ status: final.status, progress: final.progress, score: final.score }).toEqual({
      status: "completed",
      progress: 100,
      score: 80,
    });
  });

  it("still takes a fetched row that is ahead of the cache", async () => {
    const client = newClient();
    const options = submissionsQueryOptions(SESSION);
    client.setQueryData(options.queryKey, [apiRow({ progress: 35 })]);
    const list = deferredList();
    const fetching = client.fetchQuery(options);
    await list.seen;
    list.release([apiRow({ progress: 60 })]);
    await fetching;
    expect(client.getQueryData<Submission[]>(options.queryKey)![0].progress).toBe(60);
  });
});
