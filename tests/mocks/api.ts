// Shared pieces of msw handlers for the SPA's API: the base URL, fixtures typed by the API shapes of
// `_shared/types.ts`, and `requestBody`, which checks a request body against the `_shared` zod schema
// the API parses it with.
import { http, HttpResponse } from "msw";
import type { z } from "zod";
import { loginSchema, registerRequestSchema } from "@shared/schemas.ts";
import type { ApiErrorBody, AuthResponse, Submission, User } from "@shared/types.ts";
import { requestProblems } from "./server.ts";

/** The API base the unit tests give the SPA (`vi.stubEnv("VITE_API_URL", API)`). */
export const API = "http://app.test/api";

/**
 * The JSON body of a request, exactly as sent, after checking it against `schema` (the schema the
 * API route parses it with). A body the schema refuses is recorded and fails the test.
 */
export async function requestBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.input<S>> {
  const text = await request.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    requestProblems.push(`${request.method} ${request.url}: body is not JSON`);
    return undefined as z.input<S>;
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) requestProblems.push(`${request.method} ${request.url}: ${parsed.error.message}`);
  return body as z.input<S>;
}

/** An API error reply: `{ error, ...flags }` with its status. */
export const apiError = (status: number, error: string, flags: Omit<ApiErrorBody, "error"> = {}) =>
  HttpResponse.json<ApiErrorBody>({ error, ...flags }, { status });

export const user = (overrides: Partial<User> = {}): User => ({
  id: "u1",
  username: "teacher_kim",
  email: "kim@example.com",
  displayName: null,
  isAdmin: 0,
  isGuest: 0,
  createdAt: "2024-10-24T00:00:00Z",
  lastLoginAt: null,
  subscription: null,
  ...overrides,
});

export const session = { access_token: "at-1", refresh_token: "rt-1", expires_in: 3600, expires_at: 2_000_000_000, token_type: "bearer" as const };

export const authResponse = (u: User, message = ""): AuthResponse => ({ user: u, session, message });

/** A submission list item (`GET /sessions/:id/submissions`), pending by default. */
export const submission = (overrides: Partial<Submission> = {}): Submission => ({
  id: "00000000-0000-4000-8000-00000000abcd",
  sessionId: "s",
  userId: "u",
  studentName: "",
  studentId: "",
  essayContent: null,
  essayFilePath: null,
  essayFilename: null,
  status: "pending",
  progress: 0,
  progressMessage: "대기 중입니다",
  submittedAt: "2026-03-02T01:00:00.000Z",
  analysisStartedAt: null,
  analysisCompletedAt: null,
  score: null,
  submitTime: "2026-03-02T01:00:00.000Z",
  essay: "",
  result: null,
  ...overrides,
});

/** A graded list item of `studentName` / `studentId` with total `score`; `result` is its summary but for overallScore (= score). */
export const gradedSubmission = (
  id: string,
  studentName: string,
  studentId: string,
  score: number,
  result: Omit<NonNullable<Submission["result"]>, "overallScore">,
): Submission => submission({ id, studentName, studentId, status: "completed", score, result: { overallScore: score, ...result } });

/** Handlers of `/auth/*` whose bodies are checked by the schemas of `auth/routes.ts`. */
export const authHandlers = {
  /** POST /auth/login answering `reply`; `seen` gets each body. */
  login: (reply: AuthResponse, seen?: (body: z.input<typeof loginSchema>) => void, base = API) =>
    http.post(`${base}/auth/login`, async ({ request }) => {
      const body = await requestBody(request, loginSchema);
      seen?.(body);
      return HttpResponse.json(reply);
    }),
  /** POST /auth/register answering `reply` with `status`; `seen` gets each body. */
  register: (reply: AuthResponse, seen?: (body: z.input<typeof registerRequestSchema>) => void, status = 201, base = API) =>
    http.post(`${base}/auth/register`, async ({ request }) => {
      const body = await requestBody(request, registerRequestSchema);
      seen?.(body);
      return HttpResponse.json(reply, { status });
    }),
};
