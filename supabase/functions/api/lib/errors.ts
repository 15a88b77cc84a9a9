// One typed error for the API: thrown anywhere, mapped to `{ error, ...extra }` with its status.
import { z } from "zod";
import { API_MESSAGES, VALIDATION } from "../../_shared/messages.ts";

export class HttpError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "HttpError";
  }
}

/** `value` when there is one, else an HttpError(`status`, `message`) (a row the caller may not see, or none). */
export function found<T>(value: T | null | undefined, status: number, message: string): T {
  if (value === null || value === undefined) throw new HttpError(status, message);
  return value;
}

const HANGUL = /[\uac00-\ud7a3]/;

/** The first zod issue's message when it is Korean, otherwise a generic Korean message. */
export function zodMessage(error: z.ZodError): string {
  const message = error.issues[0]?.message;
  return message && HANGUL.test(message) ? message : VALIDATION.invalidInput;
}

export interface ErrorBody {
  status: number;
  body: Record<string, unknown>;
}

/** Maps anything thrown by a handler to a status and JSON body; logs unexpected errors. */
export function toErrorBody(err: unknown, where = ""): ErrorBody {
  if (err instanceof HttpError) {
    return { status: err.status, body: { error: err.message, ...err.extra } };
  }
  if (err instanceof z.ZodError) {
    return { status: 400, body: { error: zodMessage(err) } };
  }
  console.error(`[api] unhandled error${where ? ` in ${where}` : ""}:`, err);
  return { status: 500, body: { error: API_MESSAGES.serverError } };
}
