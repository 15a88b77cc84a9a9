// Public facts about this server the SPA adapts to.
import { defineRoute, type Route } from "../lib/types.ts";
import type { ServerConfig } from "../../_shared/types.ts";
import { json } from "../lib/http.ts";
import { serverReadsImages } from "../grading/image-reading.ts";

export const routes: Route[] = [
  defineRoute({
    method: "GET",
    path: "/config",
    auth: "public",
    handler() {
      const body: ServerConfig = { serverOcr: serverReadsImages() };
      return json(body, 200, { "Cache-Control": "no-store" });
    },
  }),
];
