// Checking the setup and re-grading in the browser, at a laptop and a phone size: checking the setup (the
// extracted question and criteria, the rubric edited and graded with, the work item renamed, files
// replaced in the open session) and re-grading a completed answer after a confirmation. axe checks
// the workspace setup for serious and critical violations.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { api, closeTestSql, createMember, testSql, type TestUser } from "../helpers/users.ts";
import { fileOf, utf8 } from "../helpers/files.ts";
import { signIn, toast, waitUntilCompleted as waitCompleted, WORKSPACE_VIEWPORTS, seriousViolations } from "./support.ts";

const fixtures = join(import.meta.dirname, "../fixtures/essays");
const ESSAY = readFileSync(join(fixtures, "strong.txt"), "utf8");
const QUESTION = readFileSync(join(fixtures, "prompt.txt"), "utf8");
const CRITERIA = "1. 논리 구조 (40점)\n2. 근거의 타당성 (30점)\n3. 언어 표현 (30점)";

async function newSession(user: TestUser): Promise<string> {
  const form = new FormData();
  form.append("promptFile", fileOf(utf8(QUESTION), "prompt.txt", "text/plain"));
  form.append("criteriaFile", fileOf(utf8(CRITERIA), "기준.txt", "text/plain"));
  const res = await api("/sessions", { token: user.token, form });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

async function submit(user: TestUser, sessionId: string, studentName: string, essay = ESSAY) {
  const res = await api(`/sessions/${sessionId}/submissions`, {
    token: user.token,
    json: { essayContent: essay, studentName, studentId: "20240101" },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

/**
 * Takes the advisory lock every grading worker takes to claim jobs (private.claim_grading_jobs), so
 * no answer is claimed until `release()`; nothing else waits on it.
 */
async function holdGradingClaims(): Promise<{ release: () => Promise<void> }> {
  let unblock!: () => void;
  const held = new Promise<void>((resolve) => (unblock = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const holder = testSql().begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtextextended('private.claim_grading_jobs', 0))`;
    locked();
    await held;
  });
  await Promise.race([isLocked, holder]);
  return {
    release: async () => {
      unblock();
      await holder;
    },
  };
}

test.afterAll(async () => {
  await closeTestSql();
});

for (const viewport of WORKSPACE_VIEWPORTS) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport: { ...viewport } });

    test("checks the extracted setup, edits the rubric the grader then uses, renames and replaces files", async ({ page }) => {
      // Two accessibility scans and a grading run: more than the default minute on a shared machine.
      test.setTimeout(120_000);
      const teacher = await createMember();
      const sessionId = await newSession(teacher);
      await signIn(page, teacher, `/sessions/${sessionId}?tab=setup`);

      const review = page.getByTestId("setup-tab");
      await expect(review).toBeVisible();
      // One page title (the session's name), plain sections, each file shown once where it was chosen.
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("prompt.txt");
      for (const name of ["문제", "평가 기준", "기준 답안"]) {
        await expect(page.getByRole("heading", { level: 2, name, exact: true })).toBeVisible();
      }
      await expect(page.getByTestId("prompt-file-current")).toContainText("prompt.txt");
      await expect(page.getByTestId("criteria-file-current")).toContainText("기준.txt");
      await expect(page.getByRole("button", { name: "논술 문제 파일 교체" })).toBeVisible();
      await expect(page.getByText("업로드된 파일")).toHaveCount(0);
      await expect(page.getByTestId("setup-question-text")).toContainText(QUESTION.trim().slice(0, 20));
      await expect(page.getByTestId("setup-criteria-text")).toContainText("근거의 타당성 (30점)");
      const rows = page.getByTestId("rubric-row");
      await expect(rows).toHaveCount(3);
      await expect(page.getByTestId("rubric-total")).toHaveText("합계 100점");
      expect(await seriousViolations(page)).toEqual([]);

      // Rename, re-weight, remove, add.
      await page.getByLabel("1번 항목 이름").fill("주장의 명료성");
      await page.getByLabel("1번 항목 배점").fill("50");
      await page.getByRole("button", { name: "언어 표현 삭제" }).click();
      await expect(rows).toHaveCount(2);
      await page.getByRole("button", { name: "항목 추가" }).click();
      await page.getByLabel("3번 항목 이름").fill("반론 검토");
      await page.getByLabel("3번 항목 배점").fill("20");
      await expect(page.getByTestId("rubric-total")).toHaveText("합계 100점");
      // A bad value is refused in the form, in Korean, before anything is sent.
      await page.getByLabel("2번 항목 배점").fill("2.5");
      await page.getByRole("button", { name: "기준표 저장" }).click();
      await expect(review.getByText("배점은 1점 단위의 정수로 입력해 주세요.")).toBeVisible();
      await page.getByLabel("2번 항목 배점").fill("30");
      await page.getByRole("button", { name: "기준표 저장" }).click();
      await expect(toast(page).filter({ hasText: "채점 기준표를 저장했습니다." })).toBeVisible();
      await expect(review.getByText("직접 고친 기준표")).toBeVisible();
      const [stored] = await testSql()`select rubric from public.analysis_sessions where id = ${sessionId}`;
      expect(stored.rubric).toEqual([
        { name: "주장의 명료성", maxScore: 50 },
        { name: "근거의 타당성", maxScore: 30 },
        { name: "반론 검토", maxScore: 20 },
      ]);
      expect(await seriousViolations(page)).toEqual([]);

      // The work item's name.
      await page.getByLabel("작업 이름").fill("3반 기후 논술");
      await page.getByRole("button", { name: "이름 저장" }).click();
      await expect(toast(page).filter({ hasText: "작업 이름을 저장했습니다." })).toBeVisible();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("3반 기후 논술");

      // The edited rubric reaches the grader: the answer's score categories are the edited ones.
      const answer = await submit(teacher, sessionId, "홍길동");
      await waitCompleted(answer);
      const report = await api(`/submissions/${answer}/report`, { token: teacher.token });
      expect(report.body.categories.map((c: { name: string; maxScore: number }) => [c.name, c.maxScore])).toEqual([
        ["주장의 명료성", 50],
        ["근거의 타당성", 30],
        ["반론 검토", 20],
      ]);

      // New files replace this session's own (no second, empty session).
      await page.getByLabel("논술 문제(필수)").setInputFiles({
        name: "새_논술문제.txt",
        mimeType: "text/plain",
        buffer: Buffer.from("새 문제: 인공지능 시대의 교육에 대해 논하시오.", "utf8"),
      });
      await page.getByRole("button", { name: "파일 교체", exact: true }).click();
      await expect(toast(page).filter({ hasText: "이 작업의 파일을 새 파일로 바꿨습니다." })).toBeVisible();
      await expect(page.getByTestId("setup-question-text")).toContainText("인공지능 시대의 교육");
      await expect(page).toHaveURL(new RegExp(`/sessions/${sessionId}`));
      const [{ n }] = await testSql()`select count(*)::int as n from public.analysis_sessions where user_id = ${teacher.user.id}`;
      expect(n).toBe(1);

      await page.goto("/my-work");
      await expect(page.getByTestId("session-card").first()).toContainText("3반 기후 논술");
    });

    test("re-grades a completed answer after a confirmation that says it uses one grading", async ({ page }) => {
      const teacher = await createMember();
      const sessionId = await newSession(teacher);
      const answer = await submit(teacher, sessionId, "김철수");
      await waitCompleted(answer);
      await api(`/sessions/${sessionId}`, {
        method: "PATCH",
        token: teacher.token,
        json: {
          rubric: [
            { name: "논증", maxScore: 60 },
            { name: "표현", maxScore: 40 },
          ],
        },
      });
      const before = (await api("/usage/status", { token: teacher.token })).body.usage.current;
      await signIn(page, teacher, `/sessions/${sessionId}?tab=dashboard`);

      const row = page.getByTestId("submission-row").filter({ hasText: "김철수" });
      await expect(row).toHaveAttribute("data-status", "completed");
      await row.getByRole("button", { name: "김철수 답안 재채점" }).click();
      const dialog = page.getByRole("dialog", { name: "답안 재채점" });
      await expect(dialog).toContainText("채점 1회가 사용됩니다");
      await expect(dialog).toContainText("교사 검토 내용은 지워지고");
      // Hold the workers' claim lock so the re-grade stays queued while the page is checked.
      const claims = await holdGradingClaims();
      try {
        await dialog.getByRole("button", { name: "재채점 (1회 사용)" }).click();
        await expect(toast(page).filter({ hasText: "재채점을 시작했습니다." })).toBeVisible();
        await expect(dialog).toBeHidden();
        // Meanwhile the row says 재채점 중 and the previous result opens, marked as such.
        await expect(row.getByTestId("regrading-badge")).toHaveText("재채점 중");
        await row.getByRole("button", { name: "보기" }).click();
        await expect(page.getByTestId("report-regrading")).toBeVisible();
        await expect(page.getByTestId("report-categories")).toContainText("논리 구조");
      } finally {
        await claims.release();
      }

      await waitCompleted(answer);
      await page.goto(`/sessions/${sessionId}?tab=dashboard`);
      await expect(row).toHaveAttribute("data-status", "completed", { timeout: 20_000 });
      await expect(row.getByTestId("regrading-badge")).toHaveCount(0);
      const report = await api(`/submissions/${answer}/report`, { token: teacher.token });
      expect(report.body.categories.map((c: { name: string }) => c.name)).toEqual(["논증", "표현"]);
      expect((await api("/usage/status", { token: teacher.token })).body.usage.current).toBe(before + 1);
    });
  });
}
