// The report's text in the browser: the answer with the grader's 첨삭 marks (the fake LLM returns
// real and invented quotes, tests/fakes/llm.ts fakeAnnotations), notes beside the paragraph on a
// desktop and under it on a phone, keyboard access, and print / PDF of one report and of a
// whole session (one student per page). window.print is replaced by a counter: the print content is
// then checked under print media and turned into an A4 PDF with page.pdf.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { DEFAULT_RUBRIC } from "../../supabase/functions/_shared/grading.ts";
import { fakeAnnotations, INVENTED_QUOTE } from "../fakes/llm.ts";
import { closeTestSql, createMember } from "../helpers/users.ts";
import { openReportWhenGraded, setQuestion, signIn, signInOnPlan, startGrading } from "./support.ts";

const fixtures = join(import.meta.dirname, "../fixtures/essays");
const ESSAY = readFileSync(join(fixtures, "strong.txt"), "utf8");
const QUESTION = readFileSync(join(fixtures, "prompt.txt"), "utf8");
const flat = (s: string) => s.replace(/\s+/g, " ").trim();
const EXPECTED = fakeAnnotations(ESSAY.trim(), DEFAULT_RUBRIC).expectedKept.map(flat);

test.afterAll(async () => {
  await closeTestSql();
});

/** Replaces window.print with a counter (the print dialog cannot be driven). */
async function stubPrint(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __prints: number };
    w.__prints = 0;
    window.print = () => {
      w.__prints += 1;
    };
  });
}
const prints = (page: Page) => page.evaluate(() => (window as unknown as { __prints: number }).__prints);

/**
 * Clicks `button` with window.print stubbed and checks it printed once; then, under print media, that
 * the print container is shown, the page's header hidden and no button visible. The print container.
 */
async function printWith(page: Page, button: Locator): Promise<Locator> {
  await stubPrint(page);
  await button.click();
  await expect.poll(() => prints(page)).toBe(1);
  await page.emulateMedia({ media: "print" });
  const printed = page.getByTestId("print-root");
  await expect(printed).toBeVisible();
  await expect(page.locator("header").first()).toBeHidden();
  await expect(page.locator("button:visible")).toHaveCount(0);
  return printed;
}

/** The text of each annotation (its pieces joined), by number. */
async function markedTexts(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) => {
    const byN = new Map<string, string>();
    for (const m of Array.from(root.querySelectorAll<HTMLElement>("mark[data-annotation]"))) {
      byN.set(m.dataset.annotation!, (byN.get(m.dataset.annotation!) ?? "") + " " + m.textContent);
    }
    return [...byN.values()].map((s) => s.replace(/\s+/g, " ").trim());
  });
}

async function pdfPages(page: Page): Promise<{ pages: number; size: { width: number; height: number } }> {
  const pdf = await page.pdf({ format: "A4" });
  expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const doc = await PDFDocument.load(pdf);
  return { pages: doc.getPageCount(), size: doc.getPage(0).getSize() };
}

test("a member grades an answer and reads it with the grader's marks: real quotes only, keyboard, phone cards, printed alone on A4", async ({
  page,
}) => {
  test.setTimeout(90_000);
  expect(EXPECTED.length).toBe(3);
  const teacher = await createMember();
  await signIn(page, teacher);
  await setQuestion(page, QUESTION);
  await startGrading(page, ESSAY, "정첨삭");
  await openReportWhenGraded(page, 30_000);

  const report = page.getByTestId("report-view");
  const essay = report.getByTestId("annotated-essay");
  await expect(essay).toBeVisible();
  await expect(report.getByTestId("report-question")).toContainText(flat(QUESTION).slice(0, 20));
  await expect(report.getByTestId("report-rubric")).toContainText("논리 구조");
  await expect(report.getByTestId("report-rubric")).toContainText("40점");

  // Marks on the real quotes, in order; none for the invented quote (nor for the overlapping one or
  // the unknown category).
  const marks = essay.getByTestId("annotation-mark");
  await expect(marks).toHaveCount(3);
  expect(await markedTexts(essay)).toEqual(EXPECTED);
  await expect(essay).not.toContainText(INVENTED_QUOTE);
  await expect(essay.getByTestId("annotation-marker")).toHaveText(["✓1", "✎2", "?3"]);
  await expect(marks.first()).toHaveAttribute("data-kind", "잘한 점");

  // Keyboard: tab from the filter to the first mark; its note is described and shown, beside the
  // paragraph on a desktop.
  await essay.getByRole("button", { name: /전체/ }).focus();
  for (let i = 0; i < 8; i++) {
    if (await marks.first().evaluate((m) => m === document.activeElement)) break;
    await page.keyboard.press("Tab");
  }
  await expect(marks.first()).toBeFocused();
  const noteId = await marks.first().getAttribute("aria-describedby");
  const note = page.locator(`[id="${noteId}"]`);
  await expect(note).toBeVisible();
  await expect(note).toHaveAttribute("data-open", "true");
  await expect(note).toContainText("주장을 첫 문장에서 분명히 밝혔습니다.");
  const markBox = (await marks.first().boundingBox())!;
  const noteBox = (await note.boundingBox())!;
  expect(noteBox.x).toBeGreaterThan(markBox.x + markBox.width - 1);

  // The filter keeps one category's marks.
  await essay.getByRole("button", { name: /언어 표현/ }).click();
  await expect(marks).toHaveCount(1);
  await expect(marks).toHaveAttribute("data-category", "언어 표현");
  await essay.getByRole("button", { name: /전체/ }).click();
  await expect(marks).toHaveCount(3);

  // Phone: each note sits under its paragraph (always shown); the mark tapped opens its note.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const last = marks.nth(2);
  const lastNote = page.locator(`[id="${await last.getAttribute("aria-describedby")}"]`);
  await expect(lastNote).toBeVisible();
  await expect(lastNote).toHaveAttribute("data-open", "false");
  await last.click();
  await expect(lastNote).toHaveAttribute("data-open", "true");
  await expect(lastNote).toContainText("이 결론을 뒷받침하는 근거는 무엇인가요?");
  const paragraph = essay
    .getByTestId("essay-paragraph")
    .filter({ has: page.locator('[data-testid="annotation-mark"][data-annotation="3"]') })
    .locator("p")
    .first();
  const pBox = (await paragraph.boundingBox())!;
  const cardBox = (await lastNote.boundingBox())!;
  expect(cardBox.y).toBeGreaterThanOrEqual(pBox.y + pBox.height - 1);
  expect(Math.abs(cardBox.x - pBox.x)).toBeLessThan(24);
  expect(cardBox.x + cardBox.width).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 720 });

  // Print / PDF: the report alone.
  const printed = await printWith(page, report.getByRole("button", { name: "인쇄", exact: true }));
  await expect(page.locator("footer").first()).toBeHidden();
  await expect(page.getByRole("tab")).toHaveCount(0);
  await expect(page.getByTestId("report-view")).toBeHidden();
  await expect(printed.getByTestId("print-report")).toHaveCount(1);
  await expect(printed).toContainText("정첨삭");
  await expect(printed.getByTestId("print-essay")).toContainText(flat(ESSAY).slice(0, 30));
  expect(await markedTexts(printed.getByTestId("print-essay"))).toEqual(EXPECTED);
  await expect(printed.getByTestId("print-notes").locator(":scope > li")).toHaveCount(3);
  await expect(printed.getByTestId("print-notes")).toContainText("이 결론을 뒷받침하는 근거는 무엇인가요?");
  const { pages, size } = await pdfPages(page);
  expect(pages).toBeGreaterThanOrEqual(1);
  // A4 is 595.3 × 841.9 pt; Chromium rounds to whole pixels.
  expect(Math.abs(size.width - 595.3)).toBeLessThan(2);
  expect(Math.abs(size.height - 841.9)).toBeLessThan(2);

  // After printing the container goes and the app prints normally again.
  await page.evaluate(() => window.dispatchEvent(new Event("afterprint")));
  await expect(page.getByTestId("print-root")).toHaveCount(0);
  await page.emulateMedia({ media: "screen" });
  await expect(page.getByTestId("report-view")).toBeVisible();
});

test("the whole session prints one report per student page", async ({ page }) => {
  test.setTimeout(90_000);
  await signInOnPlan(page, "business");
  await setQuestion(page, QUESTION);
  const students = [
    { file: "한가람_20240201.txt", name: "한가람" },
    { file: "두나래_20240202.txt", name: "두나래" },
    { file: "세찬솔_20240203.txt", name: "세찬솔" },
  ];
  await page.getByRole("tab", { name: "파일 업로드" }).click();
  await page
    .getByLabel("답안 파일 선택")
    .setInputFiles(students.map((s) => ({ name: s.file, mimeType: "text/plain", buffer: Buffer.from(ESSAY, "utf8") })));
  await expect(page.getByTestId("student-info-row")).toHaveCount(3);
  await page.getByRole("button", { name: "AI 여러 답안 첨삭 시작" }).click();
  await expect(page.locator('[data-testid="submission-row"][data-status="completed"]')).toHaveCount(3, { timeout: 60_000 });

  const printed = await printWith(page, page.getByRole("button", { name: "전체 인쇄" }));
  const reports = printed.getByTestId("print-report");
  await expect(reports).toHaveCount(3);
  await expect(reports.getByTestId("report-fact-name")).toHaveText(students.map((s) => s.name));
  for (let i = 0; i < 3; i++) {
    expect(await markedTexts(reports.nth(i).getByTestId("print-essay"))).toEqual(EXPECTED);
  }
  // One report per page: each one after the first starts on a new page.
  const breaks = await reports.evaluateAll((els) => els.map((el) => getComputedStyle(el).breakAfter));
  expect(breaks).toEqual(["page", "page", "auto"]);
  const { pages } = await pdfPages(page);
  expect(pages).toBeGreaterThanOrEqual(3);
});
