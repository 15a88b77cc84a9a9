// The local Supabase gateway: one HTTP server routing /auth/v1, /storage/v1, /functions/v1 and the realtime websocket.
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import { handleAuth, mapApiKey } from "./auth.ts";
import { handleMailbox } from "./mailbox.ts";
import type { FunctionsRuntime } from "./functions.ts";
import { attachRealtime } from "./realtime.ts";
import { handleStorage } from "./storage.ts";
import type { GatewayContext } from "./types.ts";

export interface Gateway {
  server: http.Server;
  close(): Promise<void>;
}

const EXPOSE = "X-Supabase-Api-Version, X-Total-Count, Link, Content-Range, Content-Length, Content-Disposition, ETag, x-sb-error-code";

function applyCors(req: IncomingMessage, res: ServerResponse) {
  res.setHeader("Access-Control-Allow-Origin", "*");
  res.setHeader("Access-Control-Expose-Headers", EXPOSE);
  if (req.method === "OPTIONS") {
    res.setHeader("Access-Control-Allow-Methods", "GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS");
    res.setHeader(
      "Access-Control-Allow-Headers",
      req.headers["access-control-request-headers"] ?? "authorization, x-client-info, apikey, content-type, x-supabase-api-version",
    );
    res.setHeader("Access-Control-Max-Age", "86400");
  }
}

function notFound(res: ServerResponse, message = "no Route matched with those values") {
  res.writeHead(404, { "Content-Type": "application/json" }).end(JSON.stringify({ message, error: "not_found" }));
}

export async function startGateway(ctx: GatewayContext, port: number, functions: FunctionsRuntime): Promise<Gateway> {
  const server = http.createServer(async (req, res) => {
    try {
      const pathname = new URL(req.url ?? "/", "http://localhost").pathname;
      const [, service, version] = pathname.split("/");
      const prefix = `/${service}/${version}`;
      const rest = pathname.slice(prefix.length) || "/";
      if (service === "functions" && version === "v1") return await functions.handle(req, res, rest);
      // the development mailbox exists only when enabled, and is answered before (without) the CORS headers
      if (ctx.mailer.mailbox && (pathname === "/mailbox" || pathname === "/mailbox.json")) {
        if (req.method === "GET") return await handleMailbox(req, res, pathname, ctx);
        req.resume();
        return void res.writeHead(405, { Allow: "GET" }).end();
      }
      applyCors(req, res);
      if (req.method === "OPTIONS") return void res.writeHead(204).end();
      mapApiKey(ctx, req);
      if (service === "auth" && version === "v1") return await handleAuth(req, res, rest, ctx);
      if (service === "storage" && version === "v1") return await handleStorage(req, res, rest, ctx);
      if (pathname === "/" || pathname === "/health") {
        res.writeHead(200, { "Content-Type": "application/json" });
        return void res.end(JSON.stringify({ status: "ok", name: "local-supabase-standin" }));
      }
      req.resume();
      notFound(res);
    } catch (err) {
      ctx.log(`gateway: ${(err as Error)?.stack ?? err}`);
      if (!res.headersSent) {
        res.writeHead(500, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ message: "internal gateway error", error: "internal" }));
      } else res.destroy();
    }
  });
  server.on("clientError", (_err, socket) => {
    if (socket.writable) socket.end("HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n");
    else socket.destroy();
  });
  const realtime = attachRealtime(server, ctx);
  server.requestTimeout = 0;
  server.headersTimeout = 60_000;

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });

  let closed: Promise<void> | undefined;
  return {
    server,
    close() {
      closed ??= (async () => {
        await realtime.close().catch(() => {});
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
      })();
      return closed;
    },
  };
}
