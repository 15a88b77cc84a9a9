// 반 관리 in the browser: a class is created, a roster of 20 imported (10 from a CP949 CSV, 10 from an
// .xlsx, both made here), an assignment made for the class, answers uploaded whose file names carry
// 수험번호 linked to the students (an unmatched one chosen by hand), and a bad import's rows listed.
import { expect, test } from "@playwright/test";
import { api, closeTestSql } from "../helpers/users.ts";
import { KOREAN_ESSAY } from "../helpers/files.ts";
import { csvCp949, csvUtf8, rosterOf, xlsxOf } from "../helpers/rosters.ts";
import { designSystemViolations, signInOnPlan, toast, WORKSPACE_VIEWPORTS } from "./support.ts";

test.afterAll(async () => {
  await closeTestSql();
});

const txt = (name: string) => ({ name, mimeType: "text/plain", buffer: Buffer.from(`${KOREAN_ESSAY}\n${name}`, "utf8") });

test("a teacher builds a class of 20, grades an assignment for it and sees the answers linked to the students", async ({ page }) => {
  await signInOnPlan(page, "educator", "/classes");
  await page.getByRole("link", { name: "반 관리" }).first().click();
  await expect(page.getByRole("heading", { name: "반 관리", level: 1 })).toBeVisible();
  await expect(page.getByText("아직 만든 반이 없습니다")).toBeVisible();

  await page.getByLabel("반 이름").fill("1학년 3반");
  await page.getByLabel("과목 (선택)").fill("국어");
  await page.getByRole("button", { name: "반 만들기" }).click();
  await page.getByRole("link", { name: "1학년 3반" }).click();
  await expect(page.getByTestId("class-title")).toHaveText("1학년 3반");

  const roster = rosterOf(20);
  const input = page.getByTestId("roster-file-input");
  await input.setInputFiles({
    name: "명단.csv",
    mimeType: "text/csv",
    buffer: csvCp949([["학번", "성명", "출석번호"], ...roster.slice(0, 10).map((s) => [s.examNumber, s.name, s.seat])]),
  });
  await expect(toast(page).filter({ hasText: "학생 10명을 반에 추가했습니다." })).toBeVisible();
  await input.setInputFiles({
    name: "명단.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: await xlsxOf([["번호", "수험번호", "이름"], ...roster.slice(10).map((s) => [s.seat, Number(s.examNumber), s.name])]),
  });
  await expect(page.getByTestId("roster-row")).toHaveCount(20);
  await expect(page.getByTestId("roster-row").first()).toContainText(roster[0].name);

  // A bad file: nothing imported, its rows listed with the reasons.
  await input.setInputFiles({
    name: "틀린명단.csv",
    mimeType: "text/csv",
    buffer: csvUtf8([
      ["수험번호", "이름"],
      ["30001", "새학생"],
      ["", "이름만"],
      [roster[0].examNumber, "다른이름"],
    ]),
  });
  const errors = page.getByTestId("roster-import-errors");
  await expect(errors).toContainText("아무 학생도 추가하지 않았습니다");
  await expect(errors.getByRole("row")).toHaveCount(2);
  await expect(errors).toContainText("수험번호가 비어 있습니다.");
  await expect(page.getByTestId("roster-row")).toHaveCount(20);

  // An assignment for the class: the setup opens with the class chosen.
  await page.getByRole("link", { name: "새 과제 만들기" }).click();
  await expect(page.getByLabel("반 (선택)")).toHaveValue(/.+/);
  await page.getByLabel("논술 문제(필수)").setInputFiles({
    name: "논술문제.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("인공지능 시대의 교육에 대해 논술하시오.", "utf8"),
  });
  await page.getByRole("button", { name: "다음 단계" }).click();
  await expect(page.getByRole("heading", { name: "답안 작성" })).toBeVisible();

  await page.getByRole("tab", { name: "파일 업로드" }).click();
  await page
    .getByLabel("답안 파일 선택")
    .setInputFiles([
      txt(`${roster[0].examNumber}_${roster[0].name}.txt`),
      txt(`${roster[4].name}_${roster[4].examNumber}.txt`),
      txt("전학생_99999999.txt"),
    ]);
  await page.getByRole("button", { name: "AI 여러 답안 첨삭 시작" }).click();

  const rows = page.getByTestId("submission-row");
  await expect(rows).toHaveCount(3);
  await expect(page.getByTestId("roster-linked")).toHaveCount(2);
  await expect(rows.filter({ hasText: roster[0].name }).getByTestId("roster-linked")).toHaveText(`반 명단: ${roster[0].name}`);

  // The unmatched answer: the teacher chooses its student.
  const unlinked = rows.filter({ hasText: "전학생" });
  // (the row's checkbox is named "전학생 선택": the chooser is the combobox)
  await unlinked.getByRole("combobox", { name: "학생 선택" }).selectOption({ label: `20번 ${roster[19].name} (${roster[19].examNumber})` });
  await expect(toast(page).filter({ hasText: "답안을 학생과 연결했습니다." })).toBeVisible();
  await expect(page.getByTestId("roster-linked")).toHaveCount(3);
  await expect(page.getByTestId("roster-chooser")).toHaveCount(0);

  // The class page lists the assignment with its answers.
  await page.getByRole("link", { name: "반 관리" }).first().click();
  await page.getByRole("link", { name: "1학년 3반" }).click();
  await expect(page.getByTestId("class-assignments")).toContainText("논술문제.txt");
  await expect(page.getByTestId("class-assignments")).toContainText("답안 3개");
});

test("the classes screens pass axe with the design system's rules at both sizes, light and dark", async ({ page }) => {
  test.setTimeout(240_000);
  const user = await signInOnPlan(page, "educator", "/classes");
  const created = await api("/classes", {
    token: user.token,
    json: { name: "2학년 1반", grade: "2학년", subject: "국어", term: "2026-1학기" },
  });
  for (const s of rosterOf(3, 20250101)) {
    await api(`/classes/${created.body.id}/students`, {
      token: user.token,
      json: { examNumber: s.examNumber, name: s.name, seatNumber: s.seat },
    });
  }
  for (const viewport of WORKSPACE_VIEWPORTS) {
    await page.setViewportSize(viewport);
    for (const theme of ["light", "dark"]) {
      await page.evaluate((t) => document.documentElement.setAttribute("data-theme", t), theme);
      await page.goto("/classes");
      await page.evaluate((t) => document.documentElement.setAttribute("data-theme", t), theme);
      await expect(page.getByTestId("class-card")).toHaveCount(1);
      expect(await designSystemViolations(page, "main"), `/classes ${viewport.width} ${theme}`).toEqual([]);
      await page.getByRole("link", { name: "2학년 1반" }).click();
      await page.evaluate((t) => document.documentElement.setAttribute("data-theme", t), theme);
      await expect(page.getByTestId("roster-row")).toHaveCount(3);
      expect(await designSystemViolations(page, "main"), `/classes/:id ${viewport.width} ${theme}`).toEqual([]);
    }
  }
});
