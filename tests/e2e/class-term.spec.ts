// A class over a term in the browser, end to end: a teacher on the educator plan imports a roster of 20
// (CSV through the class page), grades two assignments for the class of 20 answers each whose file names
// carry 수험번호 (uploaded 10 at a time, the plan's limit per upload), and then sees the class matrix
// (20 students × 2 assignments), one student's page with both results oldest first and their trend,
// the printed 학생 성장 리포트, the 학생 링크 안내문 with QR codes, the assignment .xlsx with 종합 평가
// and the class .xlsx. The fake LLM scores the chosen student's answers 50 % then 90 % (score markers).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { readSheet } from "read-excel-file/node";
import { closeTestSql } from "../helpers/users.ts";
import { csvUtf8, rosterOf } from "../helpers/rosters.ts";
import { signInOnPlan, toast } from "./support.ts";

// Crisp pixels for the QR decoder.
test.use({ deviceScaleFactor: 2, viewport: { width: 1366, height: 900 } });

test.afterAll(async () => {
  await closeTestSql();
});

/** A full-length answer (a short one is capped at 40 %, which would hide the two scores). */
const ESSAY = readFileSync(join(import.meta.dirname, "../fixtures/essays/strong.txt"), "utf8");
const CLASS_NAME = "2학년 5반";
const ASSIGNMENTS = ["1차_논술문제.txt", "2차_논술문제.txt"] as const;
const roster = rosterOf(20, 20260301);
/** The student whose page is opened: scored 50 % in the first assignment and 90 % in the second. */
const chosen = roster[2];
const RATIOS = ["0.5", "0.9"] as const;

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

/** `<수험번호>_<이름>.txt` answers of the whole roster for assignment `round` (0 or 1). */
function answers(round: 0 | 1) {
  return roster.map((s) => {
    const marker = s === chosen ? `\n[[llm:score:${RATIOS[round]}]]` : "";
    return {
      name: `${s.examNumber}_${s.name}.txt`,
      mimeType: "text/plain",
      buffer: Buffer.from(`${ESSAY}\n${s.name}의 ${round + 1}차 답안입니다.${marker}`, "utf8"),
    };
  });
}

/** From the class page: 새 과제 만들기 → the question → the 20 answers in two uploads → all graded. */
async function gradeAssignment(page: Page, round: 0 | 1) {
  await page.getByRole("link", { name: "새 과제 만들기" }).click();
  await expect(page.getByLabel("반 (선택)")).toHaveValue(/.+/);
  await page.getByLabel("논술 문제(필수)").setInputFiles({
    name: ASSIGNMENTS[round],
    mimeType: "text/plain",
    buffer: Buffer.from(`${round + 1}차: 인공지능 시대의 교육에 대해 논술하시오.`, "utf8"),
  });
  await page.getByRole("button", { name: "다음 단계" }).click();
  await expect(page.getByRole("heading", { name: "답안 작성" })).toBeVisible();

  const files = answers(round);
  const rows = page.getByTestId("submission-row");
  for (const [from, to] of [
    [0, 10],
    [10, 20],
  ]) {
    await page.getByRole("tab", { name: "답안 작성" }).click();
    await page.getByRole("tab", { name: "파일 업로드" }).click();
    await page.getByLabel("답안 파일 선택").setInputFiles(files.slice(from, to));
    await page.getByRole("button", { name: "AI 여러 답안 첨삭 시작" }).click();
    await expect(rows).toHaveCount(to);
  }
  await expect(rows).toHaveCount(20);
  // Every answer was linked to its student by the 수험번호 in its file name.
  await expect(page.getByTestId("roster-linked")).toHaveCount(20);
  await expect(rows.and(page.locator('[data-status="completed"]'))).toHaveCount(20, { timeout: 180_000 });
}

test("a term of a class: roster of 20, two graded assignments, the matrix, a student's growth, links and spreadsheets", async ({
  page,
}) => {
  test.setTimeout(300_000);
  await signInOnPlan(page, "educator", "/classes");

  // The class and its roster, imported from a CSV.
  await page.getByLabel("반 이름").fill(CLASS_NAME);
  await page.getByRole("button", { name: "반 만들기" }).click();
  await page.getByRole("link", { name: CLASS_NAME }).click();
  await expect(page.getByTestId("class-title")).toHaveText(CLASS_NAME);
  const classUrl = page.url();
  await page.getByTestId("roster-file-input").setInputFiles({
    name: "명단.csv",
    mimeType: "text/csv",
    buffer: csvUtf8([["수험번호", "이름", "번호"], ...roster.map((s) => [s.examNumber, s.name, s.seat])]),
  });
  await expect(toast(page).filter({ hasText: "학생 20명을 반에 추가했습니다." })).toBeVisible();
  await expect(page.getByTestId("roster-row")).toHaveCount(20);

  // Two assignments for the class, each graded for all 20.
  await gradeAssignment(page, 0);
  const firstAssignmentUrl = page.url();
  await page.goto(classUrl);
  await gradeAssignment(page, 1);
  const secondAssignmentUrl = page.url();
  expect(secondAssignmentUrl).not.toBe(firstAssignmentUrl);

  // The class matrix: 20 students × 2 assignments, every cell a number.
  await page.goto(classUrl);
  const matrix = page.getByTestId("class-matrix-table");
  await expect(matrix.getByTestId("class-matrix-row")).toHaveCount(20);
  await expect(matrix.getByRole("columnheader")).toHaveCount(5);
  await expect(matrix.getByRole("columnheader").nth(3)).toContainText(ASSIGNMENTS[0]);
  await expect(matrix.getByRole("columnheader").nth(4)).toContainText(ASSIGNMENTS[1]);
  await expect(matrix.getByTestId("class-matrix-cell")).toHaveCount(40);
  for (const cell of await matrix.getByTestId("class-matrix-cell").all()) await expect(cell).toHaveText(/\d+%\s*\d+(\.\d+)?\/\d+/);
  const chosenRow = matrix.getByTestId("class-matrix-row").filter({ hasText: chosen.examNumber });
  await expect(chosenRow.getByTestId("class-matrix-cell").nth(0)).toContainText("50%");
  await expect(chosenRow.getByTestId("class-matrix-cell").nth(1)).toContainText("90%");

  // The class .xlsx: one row per student of the roster.
  const [classXlsx] = await Promise.all([
    page.waitForEvent("download"),
    page.getByTestId("class-matrix").getByRole("button", { name: "엑셀(.xlsx) 내려받기" }).click(),
  ]);
  expect(classXlsx.suggestedFilename()).toBe("2학년_5반_성적.xlsx");
  const classRows = await readSheet(readFileSync((await classXlsx.path())!));
  expect(classRows[0].slice(0, 3)).toEqual(["수험번호", "이름", "번호"]);
  expect(classRows.slice(1).map((r) => r[0])).toEqual(roster.map((s) => s.examNumber));
  const chosenXlsx = classRows.find((r) => r[0] === chosen.examNumber)!;
  expect(chosenXlsx[1]).toBe(chosen.name);
  expect([chosenXlsx[4], chosenXlsx[6]]).toEqual([50, 90]);

  // One student's page: both results oldest first, the chart and its table, the trend area.
  await chosenRow.getByRole("link", { name: chosen.name, exact: true }).click();
  const student = page.getByTestId("student-page");
  await expect(student.getByRole("heading", { name: chosen.name, level: 1 })).toBeVisible();
  await expect(student.getByTestId("student-exam-number")).toHaveText(chosen.examNumber);
  await expect(student.getByTestId("student-classes")).toContainText(CLASS_NAME);
  const results = student.getByTestId("student-results").getByRole("listitem");
  await expect(results).toHaveCount(2);
  await expect(results.nth(0)).toContainText(ASSIGNMENTS[0]);
  await expect(results.nth(0)).toContainText("(50%)");
  await expect(results.nth(0)).toContainText("1회");
  await expect(results.nth(1)).toContainText(ASSIGNMENTS[1]);
  await expect(results.nth(1)).toContainText("(90%)");
  await expect(results.nth(1)).toContainText("2회");
  const growth = student.getByTestId("student-growth");
  await expect(growth.getByTestId("growth-chart")).toBeVisible();
  await expect(growth).toContainText("2개 과제의 총점이 50%에서 90%가 되었습니다.");
  // One rise is no run of 2 or more: the page says so in words.
  await expect(growth).toContainText("2회 이상 연속으로 오르거나 내린 항목은 없습니다.");
  const table = growth.getByTestId("growth-table");
  await expect(table.locator("tbody tr")).toHaveCount(2);
  await expect(table.locator("tbody tr").nth(0)).toContainText(ASSIGNMENTS[0]);
  await expect(table.locator("tbody tr").nth(0)).toContainText("50%");
  await expect(table.locator("tbody tr").nth(1)).toContainText(ASSIGNMENTS[1]);
  await expect(table.locator("tbody tr").nth(1)).toContainText("90%");

  // 성장 리포트 인쇄: the printed report under print media.
  await stubPrint(page);
  await student.getByRole("button", { name: "성장 리포트 인쇄" }).click();
  await expect.poll(() => prints(page)).toBe(1);
  await page.emulateMedia({ media: "print" });
  const printed = page.getByTestId("print-root").getByTestId("growth-print");
  await expect(printed).toBeVisible();
  await expect(printed).toContainText("학생 성장 리포트");
  await expect(printed).toContainText(chosen.name);
  await expect(printed).toContainText(chosen.examNumber);
  await expect(printed).toContainText(ASSIGNMENTS[0]);
  await expect(printed).toContainText(ASSIGNMENTS[1]);
  await expect(page.getByTestId("student-page")).toBeHidden();
  await page.emulateMedia({ media: "screen" });
  await page.evaluate(() => window.dispatchEvent(new Event("afterprint")));
  await expect(page.getByTestId("print-root")).toHaveCount(0);

  // Back in the second assignment: select all → 검토 완료 → 학생 링크 안내문.
  await page.goto(secondAssignmentUrl);
  await expect(page.getByTestId("submission-row")).toHaveCount(20);
  await page.getByTestId("select-all").check();
  await expect(page.getByTestId("selected-count")).toHaveText("20개 선택됨");
  await page.getByTestId("bulk-actions").getByRole("button", { name: "검토 완료" }).click();
  const dialog = page.getByRole("dialog", { name: "선택한 답안 검토 완료" });
  await expect(dialog).toContainText("선택한 20개 답안");
  await dialog.getByRole("button", { name: "검토 완료" }).click();
  await expect(toast(page).filter({ hasText: "20개 답안을 검토 완료했습니다." })).toBeVisible();

  await page.getByRole("button", { name: "학생 링크 안내문" }).click();
  const linksDialog = page.getByRole("dialog", { name: "학생 링크 안내문" });
  await expect(linksDialog).toContainText("20명의 학생 링크를 만들었습니다.");
  await stubPrint(page);
  await linksDialog.getByRole("button", { name: "안내문 인쇄" }).click();
  await expect.poll(() => prints(page)).toBe(1);
  await page.emulateMedia({ media: "print" });
  const blocks = page.getByTestId("print-root").getByTestId("link-sheet-block");
  await expect(blocks).toHaveCount(20);
  const block = blocks.filter({ hasText: chosen.name });
  await expect(block).toContainText(`수험번호 ${chosen.examNumber}`);
  const url = (await block.getAttribute("data-url"))!;
  expect(url).toMatch(/\/r\/[A-Za-z0-9_-]{43}$/);
  const png = PNG.sync.read(await block.getByTestId("link-qr").screenshot());
  expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(url);
  await page.emulateMedia({ media: "screen" });
  await page.evaluate(() => window.dispatchEvent(new Event("afterprint")));
  await linksDialog.getByRole("button", { name: "닫기" }).first().click();

  // The assignment .xlsx: 20 rows, each with its 종합 평가, all reviewed.
  const [xlsx] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "엑셀 다운로드" }).click()]);
  expect(xlsx.suggestedFilename()).toBe("채점결과_2차_논술문제.xlsx");
  const rows = await readSheet(readFileSync((await xlsx.path())!));
  const head = rows[0];
  expect(head.slice(0, 2)).toEqual(["수험번호", "이름"]);
  expect(rows.slice(1).map((r) => [r[0], r[1]])).toEqual(roster.map((s) => [s.examNumber, s.name]));
  for (const r of rows.slice(1)) {
    expect(String(r[head.indexOf("종합 평가")] ?? "").trim().length, `${r[1]} 종합 평가`).toBeGreaterThan(10);
    expect(r[head.indexOf("검토 완료")]).toBe("예");
  }
  const chosenResult = rows.find((r) => r[0] === chosen.examNumber)!;
  expect(Number(chosenResult[head.indexOf("총점")]) / Number(chosenResult[head.indexOf("만점")])).toBeCloseTo(0.9, 5);
});
