// The one msw server of the unit projects (started by tests/mocks/setup.ts). A test adds the handlers
// it needs with `server.use(...)`; they are reset after each test.
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";

/**
 * Answered for every test unless it says otherwise: a session's refused answers (none), which the
 * session dashboard asks for whenever it shows a session.
 */
export const server = setupServer(http.get("*/sessions/:id/refused-answers", () => HttpResponse.json([])));

/**
 * Requests no handler answered, and bodies the API would refuse (see `requestBody` in ./api.ts). The
 * setup file fails the test that made one, even when the code under test swallowed the failed request.
 */
export const requestProblems: string[] = [];
