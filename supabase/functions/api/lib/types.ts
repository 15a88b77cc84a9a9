import type { z } from "zod";
import type { Sql, TransactionSql } from "postgres";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** The caller, from a verified Bearer access token. */
export interface AuthUser {
  id: string;
  token: string;
  claims: Record<string, unknown>;
  isAnonymous: boolean;
}

export interface Ctx {
  req: Request;
  url: URL;
  /** Path parameters, e.g. `{ id }` for `/sessions/:id`. */
  params: Record<string, string>;
  /** Set for `auth: 'user' | 'admin'` routes (401 before the handler otherwise); may be set on 'optional'. */
  user: AuthUser | null;
  /** Parse the JSON body with a zod schema; invalid → HttpError 400 with the first Korean issue message. */
  json<T>(schema: z.ZodType<T>): Promise<T>;
  /** Parse a multipart body (HttpError 400 in Korean when it is not multipart). */
  form(): Promise<FormData>;
  /** Run queries as the caller: role `authenticated` and their JWT claims, so RLS applies. */
  asUser<T>(fn: (sql: TransactionSql) => Promise<T>): Promise<T>;
  /** Privileged SQL (bypasses RLS). Use only where the spec needs it. */
  admin: Sql;
}

export interface Route {
  method: Method;
  /** Path after `/api`, with `:param` segments, e.g. `/sessions/:id/submissions`. */
  path: string;
  auth: "public" | "optional" | "user" | "admin";
  handler(ctx: Ctx): Promise<Response> | Response;
}
