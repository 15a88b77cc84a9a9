// The `api` edge function: every /api route (routes/index.ts) behind one handler (lib/handler.ts).
import { allRoutes } from "./routes.ts";
import { createHandler } from "./lib/handler.ts";

export const handler: (req: Request) => Promise<Response> = createHandler(allRoutes);
