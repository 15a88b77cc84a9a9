// Shared pieces of msw handlers for the SPA's API: the base URL, fixtures typed by the API shapes of
// `_shared/types.ts`, and `requestBody`, which checks a request body against the `_shared` zod schema
// the API parses it with.
import { http, HttpResponse } from "msw";
import type { z } from "zod";
import { loginSchema, registerRequestSchema } from "@shared/schemas.ts";
import { DEFAULT_RUBRIC, type ReportData } from "@shared/grading.ts";
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

export const session = {
  access_token: "at-1",
  refresh_token: "rt-1",
  expires_in: 3600,
  expires_at: 2_000_000_000,
  token_type: "bearer" as const,
};

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

/** A graded report of three categories (GET /submissions/:id/report), with `overrides`. */
export function reportData(overrides: Partial<ReportData> = {}): ReportData {
  return {
    submissionId: "sub-1",
    studentInfo: { name: "김민수", studentId: "20240001" },
    submittedAt: "2026-03-02T01:00:00.000Z",
    completedAt: "2026-03-02T01:01:30.000Z",
    overallScore: 72,
    maxScore: 100,
    categories: [
      { name: "논리 구조", score: 36, maxScore: 40, feedback: "서론과 결론이 분명합니다." },
      { name: "근거의 타당성", score: 21, maxScore: 30, feedback: "근거가 다소 부족합니다." },
      { name: "언어 표현", score: 15, maxScore: 30, feedback: "맞춤법 오류가 많습니다." },
    ],
    strengths: ["주장이 분명합니다."],
    improvementAreas: ["반론 검토가 부족합니다."],
    detailedFeedback: "전반적으로 논지가 일관됩니다.",
    suggestions: ["결론을 한 문장으로 요약하세요.", "통계의 출처를 밝히세요."],
    grader: "ai",
    graderLabel: "AI 채점 (gpt-4o-mini)",
    model: "gpt-4o-mini",
    flags: [],
    flagLabels: [],
    essayFilename: null,
    promptFilename: "문제.txt",
    question: "청소년의 스마트폰 사용 제한에 대한 자신의 의견을 쓰시오.",
    rubric: DEFAULT_RUBRIC.map(({ name, maxScore }) => ({ name, maxScore })),
    answer: "스마트폰 사용은 제한되어야 한다.",
    annotations: [],
    ...overrides,
  };
}
