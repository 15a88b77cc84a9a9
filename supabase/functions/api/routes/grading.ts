import type { Route } from "../lib/types.ts";

export const routes: Route[] = [];
