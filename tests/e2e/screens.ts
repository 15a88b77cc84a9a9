// The main screens the design system is checked on (a11y.spec.ts: axe; visual.spec.ts: screenshots), and the fixed
// class they show: one teacher (an admin, so 회원 관리 opens too) with a display name, a question, three graded
// answers of named students (the fake grader's fixed scores), the first reviewed and shared with its student.
// Whatever the database stamps (times) is set to fixed instants with SQL; the clock of the page is frozen.
import { expect, type Page } from "@playwright/test";
import { api, createAdmin, setPlan, testSql, type TestUser } from "../helpers/users.ts";
import { createSession, FIXTURE_ESSAY, FIXTURE_MEDIUM, FIXTURE_PROMPT, FIXTURE_WEAK, submitEssay, waitForEnd } from "../helpers/grading.ts";
import { signIn } from "./support.ts";

/** The frozen "now" of every checked screen: 2026. 11. 26. 14:00 in Seoul. */
export const FIXED_NOW = new Date("2026-11-26T05:00:00Z");
const GRADED_AT = "2026-11-26T04:30:00Z";

export const SIZES = [
  { name: "laptop", width: 1366, height: 900 },
  { name: "phone", width: 390, height: 844 },
] as const;
export const THEMES = ["light", "dark"] as const;
export type Size = (typeof SIZES)[number];
export type Theme = (typeof THEMES)[number];

export interface ClassData {
  teacher: TestUser;
  sessionId: string;
  /** 김민준 (reviewed, shared), 이서연, 박지호. */
  submissionIds: [string, string, string];
  /** `/r/<token>` of 김민준's report. */
  sharePath: string;
}

const STUDENTS = [
  { studentName: "김민준", studentId: "20260101", essay: FIXTURE_ESSAY },
  { studentName: "이서연", studentId: "20260102", essay: FIXTURE_MEDIUM },
  { studentName: "박지호", studentId: "20260103", essay: `${FIXTURE_WEAK}\n${FIXTURE_MEDIUM}` },
] as const;

/** Creates the class through the API (graded by the fake LLM), then pins its times with SQL. */
export async function seedClass(): Promise<ClassData> {
  const teacher = await createAdmin({ displayName: "김선생" });
  await setPlan(teacher, "educator");
  const sessionId = await createSession(teacher, FIXTURE_PROMPT, "기후변화_논술문제.txt");
  const ids: string[] = [];
  for (const s of STUDENTS)
    ids.push(await submitEssay(teacher, sessionId, s.essay, { studentName: s.studentName, studentId: s.studentId }));
  for (const id of ids) expect((await waitForEnd(id)).status).toBe("completed");

  const sql = testSql();
  await sql`update public.subscriptions set start_date = ${GRADED_AT}, created_at = ${GRADED_AT}, updated_at = ${GRADED_AT},
             end_date = case when end_date is null then null else '2026-12-26T04:30:00Z'::timestamptz end,
             renews_at = case when renews_at is null then null else '2026-12-26T04:30:00Z'::timestamptz end
             where user_id = ${teacher.user.id}`;
  await sql`update public.profiles set created_at = ${GRADED_AT}, updated_at = ${GRADED_AT}, last_login_at = null
             where id = ${teacher.user.id}`;
  await sql`update public.analysis_sessions set created_at = ${GRADED_AT}, updated_at = ${GRADED_AT}, title = '기후변화 논술 (2학년 3반)'
             where id = ${sessionId}`;
  // One minute apart, in the students' order, so lists sorted by time never tie.
  for (const [i, id] of ids.entries()) {
    const at = new Date(Date.parse(GRADED_AT) + i * 60_000).toISOString();
    await sql`update public.essay_submissions set submitted_at = ${at}, analysis_started_at = ${at}, analysis_completed_at = ${at}
               where id = ${id}`;
  }
  await sql`update public.analysis_results set created_at = ${GRADED_AT} where submission_id in ${sql(ids)}`;

  const first = ids[0]!;
  const done = await api(`/submissions/${first}/review/complete`, { method: "POST", token: teacher.token });
  expect(done.status, JSON.stringify(done.body)).toBeLessThan(300);
  await sql`update public.analysis_results set reviewed_at = ${GRADED_AT} where submission_id = ${first}`;
  const share = await api(`/submissions/${first}/share`, { token: teacher.token, json: { expiresInDays: 7 } });
  expect(share.status, JSON.stringify(share.body)).toBe(201);
  await sql`update public.report_shares set created_at = ${GRADED_AT}, expires_at = '2026-12-03T04:30:00Z' where submission_id = ${first}`;
  return { teacher, sessionId, submissionIds: ids as [string, string, string], sharePath: `/r/${share.body.token}` };
}

/**
 * Freezes the page's clock, turns motion off and picks the theme (stored as the theme toggle stores it, and as the
 * system's preference) before any page script runs.
 */
export async function preparePage(page: Page, size: Size, theme: Theme) {
  await page.setViewportSize({ width: size.width, height: size.height });
  await page.emulateMedia({ colorScheme: theme, reducedMotion: "reduce" });
  await page.clock.setFixedTime(FIXED_NOW);
  await page.addInitScript((t) => localStorage.setItem("theme", t), theme);
}

export interface Screen {
  name: string;
  /** Signed out (landing, the student's link) or as the class's teacher. */
  signedIn: boolean;
  /** Opens the screen and waits until it shows its data. */
  open(page: Page, data: ClassData): Promise<void>;
}

async function openReport(page: Page, data: ClassData, index: number) {
  await page.goto(`/sessions/${data.sessionId}/submissions/${data.submissionIds[index]}`);
  await expect(page.getByTestId("report-view").getByTestId("annotated-essay")).toBeVisible();
}

async function openDashboard(page: Page, data: ClassData, view = "") {
  await page.goto(`/sessions/${data.sessionId}${view}`);
}

export const SCREENS: Screen[] = [
  {
    name: "landing",
    signedIn: false,
    open: async (page) => {
      await page.goto("/");
      await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toBeVisible();
    },
  },
  {
    name: "report-student",
    signedIn: false,
    open: async (page, data) => {
      await page.goto(data.sharePath);
      await expect(page.getByTestId("shared-report")).toContainText("김민준");
    },
  },
  {
    name: "setup",
    signedIn: true,
    open: async (page, data) => {
      await page.goto(`/sessions/${data.sessionId}?tab=setup`);
      await expect(page.getByRole("tab", { name: "문제 및 기준 설정" })).toHaveAttribute("aria-selected", "true");
      await expect(page.getByRole("tabpanel")).toContainText("기후변화");
    },
  },
  {
    name: "dashboard-list",
    signedIn: true,
    open: async (page, data) => {
      await openDashboard(page, data);
      await expect(page.getByTestId("submission-row")).toHaveCount(3);
    },
  },
  {
    name: "dashboard-table",
    signedIn: true,
    open: async (page, data) => {
      await openDashboard(page, data, "?view=table");
      await expect(page.getByTestId("results-row")).toHaveCount(3);
    },
  },
  {
    name: "dashboard-summary",
    signedIn: true,
    open: async (page, data) => {
      await openDashboard(page, data, "?view=summary");
      await expect(page.getByTestId("class-summary")).toBeVisible();
    },
  },
  {
    name: "report-teacher",
    signedIn: true,
    open: (page, data) => openReport(page, data, 0),
  },
  {
    name: "review-panel",
    signedIn: true,
    open: async (page, data) => {
      await openReport(page, data, 1);
      await page.getByTestId("review-edit").click();
      await expect(page.getByTestId("review-panel")).toBeVisible();
    },
  },
  {
    name: "plans",
    signedIn: true,
    open: async (page) => {
      await page.goto("/plans");
      await expect(page.getByTestId("current-plan-line").first()).toBeVisible();
    },
  },
  {
    name: "library",
    signedIn: true,
    open: async (page, data) => {
      await seedLibrary(data);
      await page.goto("/library");
      await expect(page.getByRole("heading", { level: 1, name: "평가 기준 보관함" })).toBeVisible();
      await expect(page.getByTestId("comment-library")).toContainText("근거로 든 통계의 출처를 밝히세요.");
    },
  },
  {
    name: "admin-members",
    signedIn: true,
    open: async (page, data) => {
      await pinAdminUsers(page, data);
      await page.goto("/admin/users");
      await expect(page.getByRole("heading", { level: 1, name: "회원 관리" })).toBeVisible();
      await expect(page.getByTestId("users-table")).toContainText("김선생");
    },
  },
];

/**
 * The print version of the teacher's report, checked after the screens above: 인쇄 with window.print
 * stubbed (the print dialog cannot be driven) builds the print container, shown under print media.
 */
export async function openReportForPrint(page: Page, data: ClassData) {
  await openReport(page, data, 0);
  await page.evaluate(() => {
    window.print = () => {};
  });
  await page.getByTestId("report-view").getByRole("button", { name: "인쇄", exact: true }).click();
  await page.emulateMedia({ media: "print" });
  await expect(page.getByTestId("print-root")).toBeVisible();
}

/**
 * 회원 관리 lists every account of the database (other specs add theirs): the page gets only the class's teacher,
 * with a fixed username, e-mail and dates, so its picture does not depend on what else ran.
 */
async function pinAdminUsers(page: Page, data: ClassData) {
  await page.route(/\/api\/admin\/users(\?.*)?$/, async (route) => {
    // Asked for the teacher by name: under `npm test` the integration tests have added hundreds of accounts, and the
    // list is paged (50 newest first), so the teacher may not be on the first page otherwise.
    const url = new URL(route.request().url());
    url.searchParams.set("q", data.teacher.username);
    const response = await route.fetch({ url: url.toString() });
    const list = (await response.json()) as { users: Array<Record<string, unknown>> };
    const users = list.users
      .filter((u) => u.id === data.teacher.user.id)
      .map((u) => ({ ...fixedDates(u), username: "kim_teacher", email: "kim_teacher@example.com" }));
    // The service-wide counts are pinned too: one member, the class's teacher.
    await route.fulfill({ response, json: { ...list, users, total: users.length, counts: { members: 1, guests: 0, paid: 0 } } });
  });
  // Teacher–AI agreement across all sessions counts every other spec's reviews: pinned to none reviewed yet.
  await page.route(/\/api\/admin\/agreement(\?.*)?$/, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { reviewed: 0, categories: null, qwk: null, sessions: 0, teachers: 0 } });
  });
}

/** A copy of `value` with every ISO timestamp in it (at any depth) set to GRADED_AT. */
function fixedDates(value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (typeof v === "string" && /^\d{4}-\d{2}-\d{2}T/.test(v)) out[key] = GRADED_AT;
    else if (v && typeof v === "object" && !Array.isArray(v)) out[key] = fixedDates(v as Record<string, unknown>);
    else out[key] = v;
  }
  return out;
}

/** The teacher's 평가 기준 보관함: one saved rubric and two saved comments, at fixed times. */
async function seedLibrary(data: ClassData) {
  const sql = testSql();
  await sql`delete from public.rubrics where user_id = ${data.teacher.user.id}`;
  await sql`delete from public.comment_bank where user_id = ${data.teacher.user.id}`;
  const criteria = [
    { name: "논지의 명확성", maxScore: 40, description: "주장이 서론에서 분명히 드러나는가" },
    { name: "근거", maxScore: 40 },
    { name: "표현", maxScore: 20 },
  ];
  await sql`insert into public.rubrics (user_id, name, description, criteria, created_at, updated_at)
            values (${data.teacher.user.id}, '2학년 환경 논술', '기후변화 단원 수행평가용', ${sql.json(criteria)}, ${GRADED_AT}, ${GRADED_AT})`;
  await sql`insert into public.comment_bank (user_id, text, category, created_at) values
              (${data.teacher.user.id}, '근거로 든 통계의 출처를 밝히세요.', '고칠 점', ${GRADED_AT}),
              (${data.teacher.user.id}, '반론을 먼저 인정한 뒤 재반박한 흐름이 좋습니다.', '잘한 점', ${GRADED_AT})`;
}

/** Signs in as the class's teacher (the login card), leaving the workspace open. */
export async function signInTeacher(page: Page, data: ClassData) {
  await signIn(page, data.teacher);
}
