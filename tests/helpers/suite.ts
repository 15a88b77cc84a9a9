// What integration test files register around their tests (vitest hooks): the users and session a
// grading test shares on the shared stack, or a whole stack of the file's own.
import { afterAll, beforeAll } from "vitest";
import type { Stack } from "../../local/stack.ts";
import type { FakeLlm } from "../fakes/llm.ts";
import { createSession } from "./grading.ts";
import { pointTestHelpersAt, startOwnStack, type OwnStack, type OwnStackOptions } from "./own-stack.ts";
import { closeTestSql, createMember, type TestUser } from "./users.ts";

/** A member `teacher` with a session on FIXTURE_PROMPT, and the file's other users by name. */
export type TeacherSession<K extends string> = { teacher: TestUser; sessionId: string } & Record<K, TestUser>;

/**
 * Before all tests of the file: a member `teacher` with a session on FIXTURE_PROMPT, then one more
 * user per entry of `others` (e.g. `{ other: createMember, admin: createAdmin }`); after all: closes
 * the test SQL connection. Read the fields inside the tests (they are set by then).
 */
export function useTeacherSession<K extends string = never>(
  others: Record<K, () => Promise<TestUser>> = {} as Record<K, () => Promise<TestUser>>,
): TeacherSession<K> {
  const suite = {} as TeacherSession<K>;
  beforeAll(async () => {
    const teacher = await createMember();
    Object.assign(suite, { teacher });
    for (const [name, make] of Object.entries(others) as Array<[K, () => Promise<TestUser>]>) {
      Object.assign(suite, { [name]: await make() });
    }
    suite.sessionId = await createSession(teacher);
  });
  afterAll(async () => {
    await closeTestSql();
  });
  return suite;
}

/**
 * Before all tests of the file: starts a stack of its own (startOwnStack) and points the shared
 * helpers (api, createMember, testSql) at it; after all: closes the test SQL connection, points
 * the helpers back and stops the stack. `stack` and `llm` are set by the time the tests run.
 */
export function useOwnStack(opts: OwnStackOptions): { stack: Stack; llm: FakeLlm } {
  const handle = {} as { stack: Stack; llm: FakeLlm };
  let own: OwnStack | undefined;
  let restoreHelpers: (() => void) | undefined;
  beforeAll(async () => {
    own = await startOwnStack(opts);
    Object.assign(handle, { stack: own.stack, llm: own.llm });
    // The shared helpers read TEST_* at call time: close the shared stack's connection, point them here.
    await closeTestSql();
    restoreHelpers = pointTestHelpersAt(own);
  }, 180_000);
  afterAll(async () => {
    await closeTestSql();
    restoreHelpers?.();
    await own?.stop();
  }, 60_000);
  return handle;
}
