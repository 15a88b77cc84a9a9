// Whole-class actions on an assignment's dashboard in the browser: tick answers, 검토 완료 them with one
// confirmation, make the 학생 링크 안내문 (printed: one block per student with a QR code that decodes
// back to its link, which opens the shared report; and its CSV), and download the .xlsx. window.print
// is replaced by a counter: the sheet is then checked under print media.
import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { readSheet } from "read-excel-file/node";
import { closeTestSql, createMember, testSql } from "../helpers/users.ts";
import { createSession, FIXTURE_ESSAY, FIXTURE_MEDIUM, submitEssay } from "../helpers/grading.ts";
import { signIn, toast, waitUntilCompleted } from "./support.ts";

// Crisp pixels for the QR decoder.
test.use({ deviceScaleFactor: 2, viewport: { width: 1366, height: 900 } });

test.afterAll(async () => {
  await closeTestSql();
});

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

test("select → 검토 완료 → 학생 링크 안내문 with QR codes that open the shared report → CSV and .xlsx", async ({ page, context }) => {
  test.setTimeout(120_000);
  const teacher = await createMember();
  const sessionId = await createSession(teacher, undefined, "반 과제.txt");
  const students = [
    { studentName: "김하나", studentId: "20240101", essay: FIXTURE_ESSAY },
    { studentName: "박둘", studentId: "20240102", essay: FIXTURE_MEDIUM },
    { studentName: "이셋", studentId: "20240103", essay: FIXTURE_ESSAY },
  ];
  const ids: string[] = [];
  for (const s of students)
    ids.push(await submitEssay(teacher, sessionId, s.essay, { studentName: s.studentName, studentId: s.studentId }));
  for (const id of ids) await waitUntilCompleted(id);

  await signIn(page, teacher, `/sessions/${sessionId}`);
  await expect(page.getByTestId("submission-row")).toHaveCount(3);
  await expect(page.getByTestId("selected-count")).toHaveText("0개 선택됨");
  await page.getByRole("checkbox", { name: "김하나 선택" }).check();
  await page.getByRole("checkbox", { name: "박둘 선택" }).check();
  await expect(page.getByTestId("selected-count")).toHaveText("2개 선택됨");

  // 검토 완료: one confirmation for both.
  await page.getByTestId("bulk-actions").getByRole("button", { name: "검토 완료" }).click();
  const dialog = page.getByRole("dialog", { name: "선택한 답안 검토 완료" });
  await expect(dialog).toContainText("선택한 2개 답안");
  await dialog.getByRole("button", { name: "검토 완료" }).click();
  await expect(toast(page).filter({ hasText: "2개 답안을 검토 완료했습니다." })).toBeVisible();
  const reviewed = await testSql()`
    select e.student_name from public.analysis_results r join public.essay_submissions e on e.id = r.submission_id
     where e.session_id = ${sessionId} and r.reviewed_at is not null order by e.student_name`;
  expect(reviewed.map((r) => r.student_name)).toEqual(["김하나", "박둘"]);

  // 학생 링크 안내문 for the selection.
  await page.getByRole("button", { name: "학생 링크 안내문" }).click();
  const linksDialog = page.getByRole("dialog", { name: "학생 링크 안내문" });
  await expect(linksDialog).toContainText("2명의 학생 링크를 만들었습니다.");

  const [csvDownload] = await Promise.all([
    page.waitForEvent("download"),
    linksDialog.getByRole("button", { name: "CSV 다운로드" }).click(),
  ]);
  expect(csvDownload.suggestedFilename()).toBe("학생링크.csv");
  const csv = readFileSync((await csvDownload.path())!, "utf8");
  expect(csv.startsWith("\uFEFF이름,수험번호,링크,만료일\r\n")).toBe(true);

  await stubPrint(page);
  await linksDialog.getByRole("button", { name: "안내문 인쇄" }).click();
  await expect.poll(() => prints(page)).toBe(1);
  await page.emulateMedia({ media: "print" });
  const sheet = page.getByTestId("print-root");
  await expect(sheet).toBeVisible();
  const blocks = sheet.getByTestId("link-sheet-block");
  await expect(blocks).toHaveCount(2);
  await expect(blocks.nth(0)).toContainText("김하나");
  await expect(blocks.nth(0)).toContainText("수험번호 20240101");
  const url = (await blocks.nth(0).getAttribute("data-url"))!;
  expect(url).toMatch(/\/r\/[A-Za-z0-9_-]{43}$/);
  await expect(blocks.nth(0)).toContainText(url);
  expect(csv).toContain(`김하나,20240101,${url},`);

  const png = PNG.sync.read(await blocks.nth(0).getByTestId("link-qr").screenshot());
  const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  expect(decoded?.data).toBe(url);
  await page.emulateMedia({ media: "screen" });

  // The decoded link opens the student's shared report, signed out.
  const student = await context.browser()!.newContext();
  const studentPage = await student.newPage();
  await studentPage.goto(decoded!.data);
  await expect(studentPage.getByText("김하나").first()).toBeVisible();
  await student.close();

  // The .xlsx: one row per student.
  await page.evaluate(() => window.dispatchEvent(new Event("afterprint")));
  await linksDialog.getByRole("button", { name: "닫기" }).first().click();
  const [xlsx] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "엑셀 다운로드" }).click()]);
  expect(xlsx.suggestedFilename()).toBe("채점결과_반_과제.xlsx");
  const rows = await readSheet(readFileSync((await xlsx.path())!));
  expect(rows[0].slice(0, 2)).toEqual(["수험번호", "이름"]);
  expect(rows.slice(1).map((r) => [r[0], r[1], r[rows[0].indexOf("검토 완료")]])).toEqual([
    ["20240101", "김하나", "예"],
    ["20240102", "박둘", "예"],
    ["20240103", "이셋", "아니오"],
  ]);
});
