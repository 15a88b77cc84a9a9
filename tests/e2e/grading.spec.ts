// Grading in the browser: a business user submits five answer files and watches them being graded
// live on the dashboard (no reload), opens a report with every section and downloads its TXT.
// The stack's function grades against the fake LLM (tests/fakes/llm.ts); `[[llm:slow:<ms>]]` in
// each file keeps the answers in 'analyzing' long enough for progress to be seen.
import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { closeTestSql, createMember } from "../helpers/users.ts";
import { setQuestion, signIn, signInOnPlan, toast } from "./support.ts";

const fixtures = join(import.meta.dirname, "../fixtures/essays");
const ESSAY = readFileSync(join(fixtures, "strong.txt"), "utf8");
const QUESTION = readFileSync(join(fixtures, "prompt.txt"), "utf8");

const STUDENTS = [
  { file: "홍길동_20240101.txt", name: "홍길동", id: "20240101", slow: 1500 },
  { file: "김철수_20240102.txt", name: "김철수", id: "20240102", slow: 1700 },
  { file: "이영희_20240103.txt", name: "이영희", id: "20240103", slow: 1900 },
  { file: "박민수_20240104.txt", name: "박민수", id: "20240104", slow: 1600 },
  { file: "최지우_20240105.txt", name: "최지우", id: "20240105", slow: 1800 },
];

interface Seen {
  id: string;
  status: string;
  progress: number | null;
}

/** Records every state each dashboard row goes through, and marks the document to detect reloads. */
async function watchRows(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __seen: Seen[]; __noReload: boolean };
    w.__noReload = true;
    w.__seen = [];
    const last = new Map<string, string>();
    const record = () => {
      for (const row of Array.from(document.querySelectorAll<HTMLElement>('[data-testid="submission-row"]'))) {
        const bar = row.querySelector('[role="progressbar"]');
        const entry = {
          id: row.dataset.submissionId ?? "",
          status: row.dataset.status ?? "",
          progress: bar ? Number(bar.getAttribute("aria-valuenow")) : null,
        };
        const key = `${entry.status}:${entry.progress}`;
        if (last.get(entry.id) !== key) {
          last.set(entry.id, key);
          w.__seen.push(entry);
        }
      }
    };
    new MutationObserver(record).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
  });
}

test.afterAll(async () => {
  await closeTestSql();
});

test("a business user grades five answer files live, reads a full report and downloads its TXT", async ({ page }) => {
  test.setTimeout(120_000);
  await signInOnPlan(page, "business");

  // Setup: the question.
  await setQuestion(page, QUESTION, "스마트폰_논술문제.txt");

  // Essay tab: five files at once.
  await page.getByRole("tab", { name: "파일 업로드" }).click();
  await page.getByLabel("답안 파일 선택").setInputFiles(
    STUDENTS.map((s) => ({
      name: s.file,
      mimeType: "text/plain",
      buffer: Buffer.from(`${ESSAY}\n[[llm:slow:${s.slow}]]`, "utf8"),
    })),
  );
  await expect(page.getByTestId("student-info-row")).toHaveCount(5);
  await watchRows(page);
  await page.getByRole("button", { name: "AI 여러 답안 첨삭 시작" }).click();
  await expect(toast(page).filter({ hasText: "여러 답안 제출 완료" })).toBeVisible();

  // Dashboard: five rows, live, progress visible while grading, then all five completed.
  await expect(page.getByRole("tab", { name: /첨삭 현황/ })).toHaveAttribute("aria-selected", "true");
  // The dashboard opens at its top (the essay form was scrolled down to its button).
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  const rows = page.getByTestId("submission-row");
  await expect(rows).toHaveCount(5);
  // Listed by 수험번호, not by when each finished.
  await expect(rows.locator("a, span.font-semibold").first()).toHaveText("홍길동");
  await expect(page.getByTestId("live-indicator")).toHaveAttribute("data-live", "true");
  const analyzing = page.locator('[data-testid="submission-row"][data-status="analyzing"]').first();
  await expect(analyzing.getByRole("progressbar")).toBeVisible({ timeout: 20_000 });
  await expect(analyzing).toContainText("%");

  await expect(page.locator('[data-testid="submission-row"][data-status="completed"]')).toHaveCount(5, { timeout: 60_000 });
  await expect(rows.filter({ hasText: "완료" })).toHaveCount(5);
  await expect(page.getByTestId("batch-progress-text")).toHaveText("5개 중 5개 완료");
  await expect(page.getByRole("progressbar", { name: "채점 진행률" })).toHaveAttribute("aria-valuenow", "100");
  expect(await rows.evaluateAll((els) => els.map((el) => el.querySelector("a, span.font-semibold")?.textContent))).toEqual(
    STUDENTS.map((s) => s.name),
  );
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);

  const seen = await page.evaluate(() => (window as unknown as { __seen: Seen[] }).__seen);
  const progressById = new Map<string, number[]>();
  for (const s of seen) {
    if (s.status === "analyzing" && s.progress !== null) progressById.set(s.id, [...(progressById.get(s.id) ?? []), s.progress]);
  }
  const moving = [...progressById.values()].filter((values) => new Set(values).size >= 2);
  expect(moving.length, JSON.stringify(seen)).toBeGreaterThanOrEqual(1);
  // A row never moves backwards; on failure the message is every state the rows went through.
  for (const values of progressById.values()) {
    for (let i = 1; i < values.length; i++) expect(values[i], JSON.stringify(seen)).toBeGreaterThanOrEqual(values[i - 1]);
  }

  // Summary cards and rows.
  await expect(page.getByLabel("완료된 채점")).toHaveText("5");
  await expect(page.getByLabel("대기 중")).toHaveText("0");
  await expect(page.getByLabel("전체 제출")).toHaveText("5");
  await expect(page.getByLabel("평균 점수")).toHaveText("80");
  const hong = rows.filter({ hasText: "홍길동" });
  await expect(hong).toContainText("80점");
  await expect(hong).toContainText([...ESSAY].slice(0, 40).join(""));
  await expect(hong.getByRole("button", { name: "보기" })).toBeVisible();
  await expect(hong.getByRole("button", { name: "다운로드" })).toBeVisible();

  // The report.
  await hong.getByRole("button", { name: "보기" }).click();
  const report = page.getByTestId("report-view");
  await expect(report.getByRole("heading", { name: "AI 논술 첨삭 리포트" })).toBeVisible();
  const summary = report.getByTestId("report-summary");
  await expect(summary).toContainText("홍길동");
  await expect(summary).toContainText("20240101");
  await expect(summary).toContainText("제출일");
  await expect(summary).toContainText("완료일");
  await expect(report.getByTestId("report-total")).toContainText("80/100점");
  await expect(report.getByTestId("report-total")).toContainText("(80%)");
  await expect(report.getByTestId("report-total")).toHaveAttribute("data-tier", "mid");
  await expect(report.getByTestId("report-grader")).toContainText("AI 채점");
  const categories = report.getByTestId("report-categories");
  await expect(categories).toContainText("논리 구조");
  await expect(categories).toContainText("32/40");
  await expect(categories).toContainText("근거의 타당성");
  await expect(categories).toContainText("언어 표현");
  await expect(categories.locator("progress")).toHaveCount(3);
  await expect(report.getByTestId("report-strengths")).toContainText("구체적인 사례를 근거로 들었습니다.");
  await expect(report.getByTestId("report-improvements")).toContainText("반론에 대한 검토가 부족합니다.");
  await expect(report.getByTestId("report-feedback")).toContainText("전체적으로 논지가 일관되며");
  const suggestions = report.getByTestId("report-suggestions");
  await expect(suggestions).toContainText("향후 개선 방안");
  await expect(suggestions.locator("li")).toHaveCount(3);
  // Numbered 1, 2, 3 by the ordered list's marker (not text inside the item).
  await expect(suggestions.locator("ol")).toHaveCSS("list-style-type", "decimal");
  await expect(suggestions.locator("li").first()).toContainText("결론에서 주장을 한 문장으로 다시 요약하세요.");

  // Download the TXT from the report.
  const [download] = await Promise.all([page.waitForEvent("download"), report.getByRole("button", { name: "TXT 다운로드" }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.txt$/);
  expect(download.suggestedFilename()).toContain("홍길동");
  const text = await readFile((await download.path())!, "utf8");
  expect(text).toContain("AI 논술 첨삭 리포트");
  expect(text).toContain("홍길동");
  expect(text).toMatch(/총점\s*:\s*80 \/ 100점 \(80%\)/);
  expect(text).toContain("1. 결론에서 주장을 한 문장으로 다시 요약하세요.");
  expect(text).toContain("3. 긴 문장을 두 문장으로 나누세요.");
  await expect(toast(page).filter({ hasText: "다운로드 완료" })).toBeVisible();

  // Back to the dashboard; download a row's report from the list too.
  await report.getByRole("button", { name: "← 대시보드로 돌아가기" }).click();
  await expect(page.getByTestId("report-view")).toHaveCount(0);
  await expect(rows).toHaveCount(5);
  const [rowDownload] = await Promise.all([
    page.waitForEvent("download"),
    rows.filter({ hasText: "김철수" }).getByRole("button", { name: "다운로드" }).click(),
  ]);
  const rowText = await readFile((await rowDownload.path())!, "utf8");
  expect(rowText).toContain("김철수");
  expect(rowText).toContain("향후 개선 방안");
});

test("without a realtime connection the dashboard falls back to polling and still shows the answer completed", async ({ page }) => {
  await page.routeWebSocket(/\/realtime\/v1\/websocket/, (ws) => ws.close());
  const user = await createMember();
  await signIn(page, user);
  await setQuestion(page, QUESTION);
  // The first two model calls hang until the client's timeout (2.5 s each in the test stack), the third
  // answers: the answer stays analyzing longer than the 5 s poll of a pending list, so a poll sees it.
  await page.getByLabel("학생 답안").fill(`${ESSAY}\n[[llm:hangfirst:2]]`);
  await page.getByLabel("학생 이름 (선택)").fill("정폴링");
  await watchRows(page);
  await page.getByRole("button", { name: "AI 첨삭 시작" }).click();
  await expect(toast(page).filter({ hasText: "답안 제출 완료" })).toBeVisible();

  await expect(page.getByTestId("live-indicator")).toHaveAttribute("data-live", "false");
  await expect(page.getByTestId("live-indicator")).toHaveText("자동 새로고침");
  const row = page.getByTestId("submission-row");
  await expect(row).toHaveAttribute("data-status", "completed", { timeout: 30_000 });
  await expect(row).toContainText("80점");
  await expect(page.getByLabel("평균 점수")).toHaveText("80");
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
  const seen = await page.evaluate(() => (window as unknown as { __seen: Seen[] }).__seen);
  expect(
    seen.some((s) => s.status === "analyzing"),
    JSON.stringify(seen),
  ).toBe(true);
});
