// vitest `setupFiles` of the unit and unit-dom projects: msw intercepts every request. A request no
// handler answers fails the test, except one to a loopback address: a fake server the test started
// itself (the JWKS / Auth stand-in of api-token-verification, the fake LLM of grading-llm-client).
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { requestProblems, server } from "./server.ts";

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

beforeAll(() =>
  server.listen({
    onUnhandledRequest(request, print) {
      if (LOOPBACK.has(new URL(request.url).hostname)) return;
      requestProblems.push(`no handler for ${request.method} ${request.url}`);
      print.error();
      // msw's custom callback only prints; throwing is what makes the request fail instead of going out.
      throw new Error(`[msw] no handler for ${request.method} ${request.url}`);
    },
  }),
);
afterEach(() => {
  server.resetHandlers();
  const problems = requestProblems.splice(0);
  expect(problems, "requests no handler answered, or bodies the API would refuse").toEqual([]);
});
afterAll(() => server.close());
