import type { Route } from "../lib/types.ts";
import { routes as auth } from "./auth.ts";
import { routes as account } from "./account.ts";
import { routes as sessions } from "./sessions.ts";
import { routes as grading } from "./grading.ts";
import { routes as payments } from "./payments.ts";
import { routes as admin } from "./admin.ts";
import { routes as blog } from "./blog.ts";
import { routes as config } from "./config.ts";

export const allRoutes: Route[] = [
  ...auth,
  ...account,
  ...sessions,
  ...grading,
  ...payments,
  ...admin,
  ...blog,
  ...config,
];
