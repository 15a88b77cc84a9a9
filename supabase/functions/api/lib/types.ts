import type { z } from "zod";
import type { TransactionSql } from "postgres";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** The caller, from a verified Bearer access token. */
export interface AuthUser {
  id: string;
  token: string;
  claims: Record<string, unknown>;
  isAnonymous: boolean;
}

/** Who may call a route: anyone (no token read), anyone (token read if sent), a signed-in user, an admin. */
export type AuthLevel = "public" | "optional" | "user" | "admin";

/** `ctx.user` for an auth level: non-null behind "user" / "admin", never set on "public". */
export type UserOf<A extends AuthLevel> = A extends "user" | "admin" ? AuthUser : A extends "optional" ? AuthUser | null : null;

export type Params = Record<string, string>;

export interface Ctx<P = Params, U extends AuthUser | null = AuthUser | null> {
  req: Request;
  url: URL;
  /** Path parameters, e.g. `{ id }` for `/sessions/:id`, parsed by the route's `params` schema when it has one. */
  params: P;
  /** The caller; its type follows the route's `auth` (see `UserOf`). */
  user: U;
  /** Parse the JSON body with a zod schema; invalid → HttpError 400 with the first Korean issue message. */
  json<T>(schema: z.ZodType<T>): Promise<T>;
  /** Parse a multipart body (HttpError 400 in Korean when it is not multipart). */
  form(): Promise<FormData>;
  /**
   * Run queries as the caller, so RLS applies: role `authenticated` with their JWT claims when
   * signed in, role `anon` otherwise. Privileged SQL is not on the context: modules that need it
   * import `adminSql` from lib/db.ts.
   */
  asCaller<T>(fn: (sql: TransactionSql) => Promise<T>): Promise<T>;
}

/** A route as the router holds it (use `defineRoute` to write one with typed params and user). */
export interface Route {
  method: Method;
  /** Path after `/api`, with `:param` segments, e.g. `/sessions/:id/submissions`. */
  path: string;
  auth: AuthLevel;
  /**
   * Schema of the path parameters. A value it refuses answers 404 with the first issue's message
   * (a malformed id looks like a missing one), after the auth gate.
   */
  params?: z.ZodType<unknown, Params>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the table holds routes of every auth level and params
  handler(ctx: Ctx<any, any>): Promise<Response> | Response;
}

export interface RouteSpec<A extends AuthLevel, P> {
  method: Method;
  path: string;
  auth: A;
  params?: z.ZodType<P, Params>;
  handler(ctx: Ctx<P, UserOf<A>>): Promise<Response> | Response;
}

/**
 * A route with its auth level and params in its type: behind `auth: "user" | "admin"` the
 * handler's `ctx.user` is an `AuthUser`, and `ctx.params` is what `params` parses to.
 */
export function defineRoute<A extends AuthLevel, P = Params>(spec: RouteSpec<A, P>): Route {
  return spec as Route;
}
