// Assertions on the api function's answers (vitest).
import { expect } from "vitest";
import type { ApiResult } from "./users.ts";

/** Asserts `res` has `status` and the error message `error` (a string exactly, a RegExp matched). */
export function expectApiError(res: ApiResult, status: number, error: string | RegExp): void {
  const body = JSON.stringify(res.body);
  expect(res.status, body).toBe(status);
  if (typeof error === "string") expect(res.body?.error, body).toBe(error);
  else expect(res.body?.error, body).toMatch(error);
}
