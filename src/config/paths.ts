/** A route whose address is its path. */
const fixed = <P extends string>(path: P) => ({ path, getHref: () => path });

export const paths = {
  home: fixed("/"),
  dashboard: fixed("/dashboard"),
  sessions: fixed("/sessions"),
  session: { path: "/sessions/:id", getHref: (id: string) => `/sessions/${encodeURIComponent(id)}` },
  /** One answer's report inside its session's dashboard. */
  sessionReport: {
    path: "/sessions/:id/submissions/:submissionId",
    getHref: (id: string, submissionId: string) => `/sessions/${encodeURIComponent(id)}/submissions/${encodeURIComponent(submissionId)}`,
  },
  /** One student's growth over the term (history, trends, 학생 성장 리포트). */
  student: { path: "/students/:id", getHref: (id: string) => `/students/${encodeURIComponent(id)}` },
  /** The login / sign-up screen (the signed-out home `/` is the landing). */
  login: {
    path: "/login",
    getHref: (mode?: "register") => (mode ? `/login?mode=${mode}` : "/login"),
  },
  /** 샘플로 체험하기: the workspace creates the sample session when it opens with this. */
  sampleRun: { path: "/", getHref: () => "/?sample=1" },
  myWork: fixed("/my-work"),
  /** 기관 현황: the active organisation's usage, seats, subscription and agreement (owners and managers). */
  orgDashboard: fixed("/org/dashboard"),
  /** 반 관리: the teacher's classes, and one class (roster, assignments). */
  classes: fixed("/classes"),
  /** 평가 기준 보관함: saved rubrics and the comment bank. */
  library: fixed("/library"),
  classDetail: { path: "/classes/:id", getHref: (id: string) => `/classes/${encodeURIComponent(id)}` },
  /** A new assignment (session) for a class: the setup opens with the class chosen. */
  newAssignment: { path: "/", getHref: (classId: string) => `/?class=${encodeURIComponent(classId)}` },
  plans: {
    path: "/plans",
    getHref: (upgrade?: string) => (upgrade ? `/plans?upgrade=${encodeURIComponent(upgrade)}` : "/plans"),
  },
  subscription: fixed("/subscription"),
  paymentSuccess: fixed("/payment/success"),
  paymentFail: fixed("/payment/fail"),
  billing: fixed("/billing"),
  /** 결제 관리: the subscription that renews on a card, its card, 해지, notices and payments. */
  billingManage: fixed("/billing/manage"),
  /** Where Toss's card registration (자동결제) returns. */
  billingCardSuccess: fixed("/billing/card/success"),
  billingCardFail: fixed("/billing/card/fail"),
  /** 기관: the teacher's organisation (members, roles, caps, invitations), or the form that makes one. */
  org: fixed("/org"),
  /** An invitation link to an organisation: its preview, sign-in or sign-up, then 참여하기. */
  invite: { path: "/invite/:token", getHref: (token: string) => `/invite/${encodeURIComponent(token)}` },
  adminUsers: fixed("/admin/users"),
  adminBlog: fixed("/admin/blog"),
  blog: fixed("/blog"),
  blogPost: { path: "/blog/:slug", getHref: (slug: string) => `/blog/${encodeURIComponent(slug)}` },
  account: fixed("/account"),
  forgotPassword: fixed("/forgot-password"),
  /** The recovery link's landing (the session arrives in the URL fragment). */
  resetPassword: fixed("/reset-password"),
  privacy: fixed("/privacy"),
  terms: fixed("/terms"),
  /** A student's read-only report link (teacher review); public. */
  sharedReport: { path: "/r/:token", getHref: (token: string) => `/r/${encodeURIComponent(token)}` },
  /** A class's submission link: students hand in drafts with their code; public. */
  intake: { path: "/i/:token", getHref: (token: string) => `/i/${encodeURIComponent(token)}` },
} as const;
