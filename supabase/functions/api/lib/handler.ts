// Request handling for the `api` function: CORS, routing, per-request context, error mapping.
import type { z } from "zod";
import type { AuthUser, Ctx, Route } from "./types.ts";
import { Router, apiPath } from "./router.ts";
import { preflight, withCors } from "./cors.ts";
import { HttpError, toErrorBody, zodMessage } from "./errors.ts";
import { json } from "./http.ts";
import { authenticate } from "./auth.ts";
import { adminSql, asCaller } from "./db.ts";
import { settings } from "./settings.ts";
import { API_MESSAGES } from "../../_shared/messages.ts";

const DRAIN_CAP = 64 * 1024 * 1024;

/** Reads and discards the rest of a body (bounded) so that an early 413 leaves the connection usable. */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, already: number): Promise<void> {
  let seen = already;
  try {
    while (seen < DRAIN_CAP) {
      const { done, value } = await reader.read();
      if (done) return;
      seen += value.byteLength;
    }
    await reader.cancel();
  } catch {
    // the client went away
  }
}

async function readText(req: Request, limit: number): Promise<string> {
  if (!req.body) return "";
  const reader = req.body.getReader();
  const declared = Number(req.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > limit) {
    await drain(reader, 0);
    throw new HttpError(413, API_MESSAGES.payloadTooLarge);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await drain(reader, size);
      throw new HttpError(413, API_MESSAGES.payloadTooLarge);
    }
    chunks.push(value);
  }
  const all = new Uint8Array(size);
  let off = 0;
  for (const c of chunks) {
    all.set(c, off);
    off += c.byteLength;
  }
  return new TextDecoder().decode(all);
}

/**
 * The body as a stream that errors with a Korean 413 as soon as more than `limit` bytes have arrived
 * (chunked bodies have no Content-Length to check up front); the source is cancelled, not drained.
 */
function cappedBody(body: ReadableStream<Uint8Array>, limit: number): { stream: ReadableStream<Uint8Array>; exceeded(): boolean } {
  const reader = body.getReader();
  let size = 0;
  let over = false;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) return controller.close();
      size += value.byteLength;
      if (size > limit) {
        over = true;
        await reader.cancel().catch(() => {});
        controller.error(new HttpError(413, API_MESSAGES.formTooLarge));
        return;
      }
      controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  return { stream, exceeded: () => over };
}

function makeCtx(req: Request, url: URL, params: unknown, user: AuthUser | null): Ctx<unknown> {
  let bodyUsed = false;
  const once = () => {
    if (bodyUsed) throw new Error("request body already read");
    bodyUsed = true;
  };
  return {
    req,
    url,
    params,
    user,
    async json<T>(schema: z.ZodType<T>): Promise<T> {
      once();
      const text = await readText(req, settings.http.maxJsonBytes);
      let data: unknown = {};
      if (text.trim() !== "") {
        try {
          data = JSON.parse(text);
        } catch {
          throw new HttpError(400, API_MESSAGES.invalidJson);
        }
      }
      const parsed = schema.safeParse(data);
      if (!parsed.success) throw new HttpError(400, zodMessage(parsed.error));
      return parsed.data;
    },
    async form(): Promise<FormData> {
      once();
      const type = req.headers.get("content-type") ?? "";
      if (!/^multipart\/form-data/i.test(type) && !/^application\/x-www-form-urlencoded/i.test(type)) {
        throw new HttpError(400, API_MESSAGES.multipartRequired);
      }
      const declared = Number(req.headers.get("content-length") ?? "");
      if (Number.isFinite(declared) && declared > settings.http.maxFormBytes) {
        await req.body?.cancel().catch(() => {});
        throw new HttpError(413, API_MESSAGES.formTooLarge);
      }
      if (!req.body) throw new HttpError(400, API_MESSAGES.multipartRequired);
      const capped = cappedBody(req.body, settings.http.maxFormBytes);
      try {
        return await new Response(capped.stream, { headers: { "Content-Type": type } }).formData();
      } catch {
        if (capped.exceeded()) throw new HttpError(413, API_MESSAGES.formTooLarge);
        throw new HttpError(400, API_MESSAGES.multipartRequired);
      }
    },
    asCaller<T>(fn: Parameters<Ctx["asCaller"]>[0]): Promise<T> {
      return asCaller(user, fn as never) as Promise<T>;
    },
  };
}

async function isAdmin(userId: string): Promise<boolean> {
  const rows = await adminSql<{ is_admin: boolean }[]>`
    select is_admin from public.profiles where id = ${userId}`;
  return rows[0]?.is_admin === true;
}

export interface HandlerDeps {
  authenticate(req: Request): Promise<AuthUser | null>;
  isAdmin(userId: string): Promise<boolean>;
}

/** Builds the request handler for a route table (tests inject routes and auth). */
export function createHandler(routes: Route[], deps: HandlerDeps = { authenticate, isAdmin }): (req: Request) => Promise<Response> {
  const router = new Router(routes);

  async function dispatch(req: Request): Promise<Response> {
    const url = new URL(req.url);
    const res = router.resolve(req.method, apiPath(url.pathname));
    if (res.kind === "none") return json({ error: API_MESSAGES.notFound }, 404);
    if (res.kind === "method") {
      return json({ error: API_MESSAGES.methodNotAllowed }, 405, { Allow: res.allow.join(", ") });
    }
    const { route, params } = res.match;

    let user: AuthUser | null = null;
    if (route.auth !== "public") {
      user = await deps.authenticate(req);
      if (!user && route.auth !== "optional") return json({ error: API_MESSAGES.loginRequired }, 401);
      if (route.auth === "admin" && !(await deps.isAdmin(user!.id))) {
        return json({ error: API_MESSAGES.adminRequired }, 403);
      }
    }
    let parsed: unknown = params;
    if (route.params) {
      const result = route.params.safeParse(params);
      if (!result.success) throw new HttpError(404, zodMessage(result.error));
      parsed = result.data;
    }
    return await route.handler(makeCtx(req, url, parsed, user));
  }

  return async (req: Request): Promise<Response> => {
    if (req.method === "OPTIONS") return preflight(req);
    let res: Response;
    try {
      res = await dispatch(req);
    } catch (err) {
      const { status, body } = toErrorBody(err, `${req.method} ${new URL(req.url).pathname}`);
      res = json(body, status);
    }
    return withCors(req, res);
  };
}
