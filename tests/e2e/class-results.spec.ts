// The class results at a laptop and a phone size: the dashboard's 표 view
// (sort, search, status filter, a row opens the report) and 요약 view (charts with their text
// equivalents, loaded only then), the choice in ?view=, keyboard reachable, axe without serious or
// critical violations on both; and the list's delete button stays on the name's line on a phone.
// Answers are graded by the fake LLM, then their results are set in the database so the class has
// different scores, category scores and flags.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { api, closeTestSql, createMember, testSql, type TestUser } from "../helpers/users.ts";
import { fileOf, utf8 } from "../helpers/files.ts";
import { seriousViolations, signIn, waitUntilCompleted, WORKSPACE_VIEWPORTS } from "./support.ts";

const fixtures = join(import.meta.dirname, "../fixtures/essays");
const ESSAY = readFileSync(join(fixtures, "strong.txt"), "utf8");
const QUESTION = readFileSync(join(fixtures, "prompt.txt"), "utf8");

/** The class: name, 수험번호, total, categories (논리 구조 /40, 근거 /30, 표현 /30), flags. */
const CLASS = [
  { name: "홍길동", id: "20240010", scores: [36, 28, 28], flags: [] },
  { name: "김철수", id: "20240002", scores: [20, 15, 20], flags: ["off_topic", "too_short"] },
  { name: "박민수", id: "20240001", scores: [26, 20, 20], flags: ["manipulation"] },
  { name: "이영희", id: "20240003", scores: [30, 24, 24], flags: [] },
] as const;
const CATEGORIES = [
  { name: "논리 구조", maxScore: 40 },
  { name: "근거의 타당성", maxScore: 30 },
  { name: "언어 표현", maxScore: 30 },
];

async function seedClass(teacher: TestUser): Promise<{ sessionId: string; ids: Record<string, string> }> {
  const form = new FormData();
  form.append("promptFile", fileOf(utf8(QUESTION), "논술문제.txt", "text/plain"));
  const created = await api("/sessions", { token: teacher.token, form });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const sessionId = created.body.id as string;
  const ids: Record<string, string> = {};
  for (const s of CLASS) {
    const res = await api(`/sessions/${sessionId}/submissions`, {
      token: teacher.token,
      json: { essayContent: ESSAY, studentName: s.name, studentId: s.id },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    ids[s.name] = res.body.id;
  }
  for (const s of CLASS) {
    await waitUntilCompleted(ids[s.name]);
    const categoryScores = CATEGORIES.map((c, i) => ({ ...c, score: s.scores[i], feedback: "피드백" }));
    await testSql()`
      update public.analysis_results
         set overall_score = ${s.scores.reduce((a, b) => a + b, 0)}, max_score = 100,
             grader = ${s.name === "김철수" ? "offline" : "ai"},
             category_scores = ${testSql().json(categoryScores)}, flags = ${testSql().json([...s.flags])}
       where submission_id = ${ids[s.name]}`;
  }
  // One more answer whose grading failed (no scores).
  const failed = await api(`/sessions/${sessionId}/submissions`, {
    token: teacher.token,
    json: { essayContent: ESSAY, studentName: "오류생", studentId: "20240005" },
  });
  expect(failed.status).toBe(201);
  await waitUntilCompleted(failed.body.id);
  await testSql()`delete from public.analysis_results where submission_id = ${failed.body.id}`;
  await testSql()`
    update public.essay_submissions set status = 'error', progress_message = 'AI 응답을 받지 못했습니다.'
     where id = ${failed.body.id}`;
  return { sessionId, ids };
}

const bodyNames = (page: Page) =>
  page.getByTestId("results-row").evaluateAll((rows) => rows.map((r) => r.querySelector("th")?.textContent ?? ""));

test.afterAll(async () => {
  await closeTestSql();
});

for (const viewport of WORKSPACE_VIEWPORTS) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test("표: sort by any column, search by name or 수험번호, filter by status, a row opens the report", async ({ page }) => {
      const teacher = await createMember();
      await testSql()`update public.subscriptions set plan_id = 'educator', status = 'active' where user_id = ${teacher.user.id}`;
      const { sessionId, ids } = await seedClass(teacher);
      await signIn(page, teacher, `/sessions/${sessionId}?view=table`);

      const table = page.getByTestId("results-table");
      await expect(table.getByRole("table")).toBeVisible();
      await expect(page.getByRole("group", { name: "보기 방식" }).getByRole("button", { name: "표", exact: true })).toHaveAttribute(
        "aria-pressed",
        "true",
      );
      await expect(page.getByTestId("results-row")).toHaveCount(5);
      // the first column holds the row's checkbox for whole-class actions
      await expect(table.getByRole("columnheader")).toHaveText([
        "선택",
        "이름",
        "수험번호",
        "상태",
        "총점",
        "논리 구조 (40)",
        "근거의 타당성 (30)",
        "언어 표현 (30)",
      ]);
      // 수험번호 order to begin with.
      expect(await bodyNames(page)).toEqual(["박민수", "김철수", "이영희", "오류생", "홍길동"]);
      const hong = page.getByTestId("results-row").filter({ hasText: "홍길동" });
      await expect(hong.locator("td")).toHaveText(["", "20240010", "완료", "92 / 100", "36", "28", "28"]);

      expect(await seriousViolations(page, '[data-testid="results-table"]')).toEqual([]);

      // Sort by total (highest first, then lowest first; the failed answer stays last).
      const total = table.getByRole("columnheader", { name: "총점" });
      await total.getByRole("button").click();
      await expect(total).toHaveAttribute("aria-sort", "descending");
      expect(await bodyNames(page)).toEqual(["홍길동", "이영희", "박민수", "김철수", "오류생"]);
      await total.getByRole("button").click();
      await expect(total).toHaveAttribute("aria-sort", "ascending");
      expect(await bodyNames(page)).toEqual(["김철수", "박민수", "이영희", "홍길동", "오류생"]);
      // A category column, with the keyboard.
      const evidence = table.getByRole("columnheader", { name: "근거의 타당성 (30)" });
      await evidence.getByRole("button").focus();
      await page.keyboard.press("Enter");
      await expect(evidence).toHaveAttribute("aria-sort", "descending");
      await expect(total).toHaveAttribute("aria-sort", "none");
      expect(await bodyNames(page)).toEqual(["홍길동", "이영희", "박민수", "김철수", "오류생"]);
      // By name.
      await table.getByRole("columnheader", { name: "이름" }).getByRole("button").click();
      expect(await bodyNames(page)).toEqual(["김철수", "박민수", "오류생", "이영희", "홍길동"]);

      // Search by name, then by 수험번호; filter by status.
      const search = page.getByLabel("이름 또는 수험번호 검색");
      await search.fill("철수");
      await expect(page.getByTestId("results-row")).toHaveCount(1);
      expect(await bodyNames(page)).toEqual(["김철수"]);
      await expect(page.getByTestId("results-count")).toHaveText("5명 중 1명 표시");
      await search.fill("2024000");
      expect(await bodyNames(page)).toEqual(["김철수", "박민수", "오류생", "이영희"]);
      await page.getByLabel("상태", { exact: true }).selectOption("error");
      await expect(page.getByTestId("results-row")).toHaveCount(1);
      expect(await bodyNames(page)).toEqual(["오류생"]);
      await search.fill("없는 학생");
      await expect(table).toContainText("조건에 맞는 답안이 없습니다");
      await search.fill("");
      await page.getByLabel("상태", { exact: true }).selectOption("all");
      await expect(page.getByTestId("results-row")).toHaveCount(5);
      expect(await seriousViolations(page, '[data-testid="results-table"]')).toEqual([]);

      // A completed row opens its report; Back returns to the table.
      await table.getByRole("link", { name: "홍길동" }).click();
      await expect(page).toHaveURL(new RegExp(`/sessions/${sessionId}/submissions/${ids["홍길동"]}$`));
      await expect(page.getByTestId("report-view")).toBeVisible();
      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`/sessions/${sessionId}\\?view=table$`));
      await expect(page.getByTestId("results-row")).toHaveCount(5);
      await expect(table.getByRole("button", { name: "오류생" })).toHaveCount(0);
    });

    test("요약: charts with their text equivalents, loaded on demand; the view is in the URL and reachable by keyboard", async ({
      page,
    }) => {
      const teacher = await createMember();
      await testSql()`update public.subscriptions set plan_id = 'educator', status = 'active' where user_id = ${teacher.user.id}`;
      const { sessionId } = await seedClass(teacher);
      const chartModules: string[] = [];
      page.on("request", (req) => {
        if (/visx|class-summary|results-table|react-table/.test(req.url())) chartModules.push(req.url());
      });
      await signIn(page, teacher, `/sessions/${sessionId}`);
      await expect(page.getByTestId("submission-row")).toHaveCount(5);

      // On a phone too, the delete button stays on the line of the name (a row with the 오프라인 분석 badge wraps).
      const row = page.getByTestId("submission-row").filter({ hasText: "김철수" });
      const nameBox = (await row.getByText("김철수", { exact: true }).boundingBox())!;
      const deleteBox = (await row.getByRole("button", { name: "답안 삭제" }).boundingBox())!;
      expect(deleteBox.y).toBeLessThan(nameBox.y + nameBox.height);
      expect(deleteBox.y + deleteBox.height).toBeGreaterThan(nameBox.y);
      expect(deleteBox.x).toBeGreaterThan(nameBox.x + nameBox.width);
      const rowBox = (await row.boundingBox())!;
      expect(deleteBox.x + deleteBox.width).toBeLessThanOrEqual(rowBox.x + rowBox.width + 1);

      // The table's and the charts' code is not loaded with the list.
      expect(chartModules).toEqual([]);

      // Keyboard: Tab from 목록 reaches 표 and 요약; Enter chooses.
      const group = page.getByRole("group", { name: "보기 방식" });
      await group.getByRole("button", { name: "목록", exact: true }).focus();
      await page.keyboard.press("Tab");
      await page.keyboard.press("Tab");
      await expect(group.getByRole("button", { name: "요약", exact: true })).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(new RegExp(`/sessions/${sessionId}\\?view=summary$`));
      await expect(group.getByRole("button", { name: "요약", exact: true })).toHaveAttribute("aria-pressed", "true");

      const summary = page.getByTestId("class-summary");
      await expect(summary).toBeVisible();
      expect(chartModules.length).toBeGreaterThan(0);
      const charts = summary.getByRole("img");
      await expect(charts).toHaveCount(4);
      for (const name of ["점수 분포", "점수 범위 (최저 · 중앙값 · 최고)", "평가 항목별 평균 (만점 대비)", "확인이 필요한 답안"]) {
        await expect(summary.getByRole("img", { name })).toBeVisible();
      }
      // Something is drawn: one bar per histogram bin, marks on the spread line.
      expect(await page.getByTestId("chart-histogram").locator("svg rect").count()).toBeGreaterThanOrEqual(10);
      expect(await page.getByTestId("chart-spread").locator("svg circle").count()).toBe(3);
      const box = (await summary.getByRole("img", { name: "점수 분포" }).boundingBox())!;
      expect(box.width).toBeGreaterThan(200);
      expect(box.width).toBeLessThanOrEqual(viewport.width);

      // The text equivalents: a description per chart and its numbers as a table.
      await expect(page.getByTestId("chart-spread").getByTestId("chart-summary")).toHaveText(
        "최저 55점, 중앙값 72점, 최고 92점, 평균 72.8점 (만점 100점).",
      );
      await expect(page.getByTestId("chart-flags").getByTestId("chart-summary")).toHaveText(
        "완료된 답안 4개 중 2개에 표시가 있습니다: 주제 이탈 1명, 분량 부족 1명, 조작 시도 1명.",
      );
      await expect(page.getByTestId("chart-histogram").getByTestId("chart-summary")).toContainText("완료된 답안 4개");

      for (const id of ["chart-histogram", "chart-spread", "chart-categories", "chart-flags"]) {
        await page.getByTestId(id).getByText("표로 보기").click();
        await expect(page.getByTestId(id).getByTestId("chart-table")).toBeVisible();
      }
      const histogram = page.getByTestId("chart-histogram").getByTestId("chart-table");
      await expect(histogram.getByRole("row", { name: /^50~60/ })).toContainText("1명");
      await expect(histogram.getByRole("row", { name: /^90~100/ })).toContainText("1명");
      const categories = page.getByTestId("chart-categories").getByTestId("chart-table");
      await expect(categories.getByRole("row", { name: /논리 구조/ }).locator("td")).toHaveText(["28", "40", "4개"]);
      await expect(categories.getByRole("row", { name: /근거의 타당성/ }).locator("td")).toHaveText(["21.8", "30", "4개"]);
      const flags = page.getByTestId("chart-flags").getByTestId("chart-table");
      await expect(
        flags
          .getByRole("row", { name: /조작 시도/ })
          .locator("td")
          .last(),
      ).toHaveText("1개");

      expect(await seriousViolations(page, '[data-testid="class-summary"]')).toEqual([]);

      // The view survives a reload.
      await page.reload();
      await expect(page.getByTestId("class-summary").getByRole("img")).toHaveCount(4);
    });
  });
}
