// Every table in schema public (the RLS matrix checks this list against the catalog and covers each; the schema test checks their indexes).
export const BASE_TABLES = [
  "profiles",
  "subscription_plans",
  "subscriptions",
  "usage_tracking",
  "analysis_sessions",
  "essay_submissions",
  "analysis_results",
  "payments",
  "blog_posts",
  "blog_attachments",
  "rate_limits",
  "abuse_tracking",
  "classes",
  "students",
  "class_students",
  "refused_answers",
  "session_anchors",
  "report_shares",
  "result_edits",
  "grading_usage",
  "intake_links",
  "student_codes",
  "essay_drafts",
];

/**
 * Tables shared within an organisation: their RLS is checked per organisation role (owner, manager, teacher, a member of
 * another organisation, a guest, anon) by the tests/integration/rls-org-*.test.ts files, each covering the tables it lists.
 */
export const ORG_TABLES = [
  "organisations",
  "org_members",
  "org_invitations",
  // rls-org-share.test.ts
  "class_teachers",
  // rls-org-quota.test.ts
  "org_usage",
  // rls-org-library.test.ts
  "rubrics",
  "comment_bank",
];
