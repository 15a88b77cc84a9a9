export const paths = {
  home: { path: "/", getHref: () => "/" },
  dashboard: { path: "/dashboard", getHref: () => "/dashboard" },
  sessions: { path: "/sessions", getHref: () => "/sessions" },
  session: { path: "/sessions/:id", getHref: (id: string) => `/sessions/${encodeURIComponent(id)}` },
  /** One answer's report inside its session's dashboard. */
  sessionReport: {
    path: "/sessions/:id/submissions/:submissionId",
    getHref: (id: string, submissionId: string) =>
      `/sessions/${encodeURIComponent(id)}/submissions/${encodeURIComponent(submissionId)}`,
  },
  /** The login / sign-up screen (the signed-out home `/` is the landing). */
  login: {
    path: "/login",
    getHref: (mode?: "register") => (mode ? `/login?mode=${mode}` : "/login"),
  },
  /** 샘플로 체험하기: the workspace creates the sample session when it opens with this. */
  sampleRun: { path: "/", getHref: () => "/?sample=1" },
  myWork: { path: "/my-work", getHref: () => "/my-work" },
  plans: {
    path: "/plans",
    getHref: (upgrade?: string) => (upgrade ? `/plans?upgrade=${encodeURIComponent(upgrade)}` : "/plans"),
  },
  subscription: { path: "/subscription", getHref: () => "/subscription" },
  paymentSuccess: { path: "/payment/success", getHref: () => "/payment/success" },
  paymentFail: { path: "/payment/fail", getHref: () => "/payment/fail" },
  billing: { path: "/billing", getHref: () => "/billing" },
  adminUsers: { path: "/admin/users", getHref: () => "/admin/users" },
  adminBlog: { path: "/admin/blog", getHref: () => "/admin/blog" },
  blog: { path: "/blog", getHref: () => "/blog" },
  blogPost: { path: "/blog/:slug", getHref: (slug: string) => `/blog/${encodeURIComponent(slug)}` },
  account: { path: "/account", getHref: () => "/account" },
  forgotPassword: { path: "/forgot-password", getHref: () => "/forgot-password" },
  /** The recovery link's landing (the session arrives in the URL fragment). */
  resetPassword: { path: "/reset-password", getHref: () => "/reset-password" },
  privacy: { path: "/privacy", getHref: () => "/privacy" },
  terms: { path: "/terms", getHref: () => "/terms" },
  /** A student's read-only report link (teacher review); public. */
  sharedReport: { path: "/r/:token", getHref: (token: string) => `/r/${encodeURIComponent(token)}` },
} as const;
