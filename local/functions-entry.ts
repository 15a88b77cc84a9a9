// Deno entry for the local stand-in: serves the `api` edge function's handler on 127.0.0.1:$PORT.
const port = Number(Deno.env.get("PORT") ?? "8000");

type Handler = (req: Request) => Response | Promise<Response>;

let handler: Handler;
try {
  ({ handler } = await import("../supabase/functions/api/app.ts"));
  if (typeof handler !== "function") throw new Error("app.ts does not export a handler function");
} catch (err) {
  console.error(`[functions-entry] api function unavailable: ${err instanceof Error ? err.message : err}`);
  handler = () =>
    Response.json(
      { error: "함수를 불러올 수 없습니다 (function unavailable)", code: "function_unavailable" },
      { status: 503, headers: { "Access-Control-Allow-Origin": "*" } },
    );
}

Deno.serve({ port, hostname: "127.0.0.1", onListen: () => console.log(`[functions-entry] listening on ${port}`) }, handler);
