// Every /api route, by domain (each folder's routes.ts).
import type { Route } from "./lib/types.ts";
import { routes as auth } from "./auth/routes.ts";
import { routes as account } from "./account/routes.ts";
import { routes as accountDelete } from "./account/delete.ts";
import { routes as accountPassword } from "./account/password.ts";
import { routes as accountProfile } from "./account/profile.ts";
import { routes as usage } from "./usage/routes.ts";
import { routes as sessions } from "./sessions/routes.ts";
import { routes as submissions } from "./submissions/routes.ts";
import { routes as grading } from "./grading/routes.ts";
import { routes as review } from "./review/routes.ts";
import { routes as payments } from "./payments/routes.ts";
import { routes as admin } from "./admin/routes.ts";
import { routes as blog } from "./blog/routes.ts";
import { routes as config } from "./config/routes.ts";
import { routes as anchors } from "./anchors/routes.ts";

export const allRoutes: Route[] = [
  ...auth,
  ...account,
  ...accountDelete,
  ...accountPassword,
  ...accountProfile,
  ...usage,
  ...sessions,
  ...submissions,
  ...grading,
  ...review,
  ...payments,
  ...admin,
  ...blog,
  ...config,
  ...anchors,
];
