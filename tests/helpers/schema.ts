// The tables in schema public that the base schema creates (the RLS matrix covers each; the schema test checks their indexes).
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
];
