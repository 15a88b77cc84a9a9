// Every /api route, by domain (each folder's routes.ts).
import type { Route } from "./lib/types.ts";
import { routes as auth } from "./auth/routes.ts";
import { routes as accountDelete } from "./account/delete.ts";
import { routes as accountPassword } from "./account/password.ts";
import { routes as accountProfile } from "./account/profile.ts";
import { routes as plans } from "./plans/routes.ts";
import { routes as subscription } from "./subscription/routes.ts";
import { routes as usage } from "./usage/routes.ts";
import { routes as sessions } from "./sessions/routes.ts";
import { routes as submissions } from "./submissions/routes.ts";
import { routes as reportDownloads } from "./reports/report-routes.ts";
import { routes as reports } from "./reports/routes.ts";
import { routes as reportBulk } from "./reports/bulk.ts";
import { routes as internal } from "./internal/routes.ts";
import { routes as payments } from "./payments/routes.ts";
import { routes as billing } from "./billing/routes.ts";
import { routes as admin } from "./admin/routes.ts";
import { routes as blog } from "./blog/routes.ts";
import { routes as config } from "./config/routes.ts";
import { routes as anchors } from "./anchors/routes.ts";
import { routes as anchorPromotion } from "./anchors/promote.ts";
import { historyRoutes } from "./students/history.ts";
import { matrixRoutes } from "./classes/matrix.ts";
import { exportRoutes } from "./classes/export.ts";
import { routes as classes } from "./classes/routes.ts";
import { routes as students } from "./students/routes.ts";
import { routes as intakeTeacher } from "./intake/teacher.ts";
import { routes as intakeStudent } from "./intake/student.ts";
import { routes as intakeReports } from "./reports/intake-drafts.ts";
import { routes as studentDrafts } from "./reports/student-drafts.ts";
import { routes as orgUsage } from "./orgs/usage.ts";
import { routes as orgs } from "./orgs/routes.ts";
import { routes as rubrics } from "./rubrics/routes.ts";
import { routes as comments } from "./comments/routes.ts";

export const allRoutes: Route[] = [
  ...auth,
  ...accountDelete,
  ...accountPassword,
  ...accountProfile,
  ...plans,
  ...subscription,
  ...usage,
  ...sessions,
  ...submissions,
  ...reportDownloads,
  ...reports,
  ...reportBulk,
  ...internal,
  ...payments,
  ...billing,
  ...admin,
  ...blog,
  ...config,
  ...anchors,
  ...anchorPromotion,
  ...historyRoutes,
  ...matrixRoutes,
  ...exportRoutes,
  ...classes,
  ...students,
  ...intakeTeacher,
  ...intakeStudent,
  ...intakeReports,
  ...studentDrafts,
  ...orgUsage,
  ...orgs,
  ...rubrics,
  ...comments,
];
