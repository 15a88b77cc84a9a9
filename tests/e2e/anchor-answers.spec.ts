// 기준 답안 in the browser: a teacher adds a scored sample answer in the setup tab (listed, no quota),
// grades an answer, and the report says the grade used it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { closeTestSql, createMember } from "../helpers/users.ts";
import { openReportWhenGraded, signIn, startGrading, toast } from "./support.ts";

const fixtures = join(import.meta.dirname, "../fixtures/essays");
const STRONG = readFileSync(join(fixtures, "strong.txt"), "utf8");
const MEDIUM = readFileSync(join(fixtures, "medium.txt"), "utf8");
const QUESTION = readFileSync(join(fixtures, "prompt.txt"), "utf8");

test.afterAll(async () => {
  await closeTestSql();
});

test("a teacher adds an anchor answer in the setup tab and the report says the grade used it", async ({ page }) => {
  test.setTimeout(90_000);
  const teacher = await createMember();
  await signIn(page, teacher);

  // No session yet: no anchor section.
  await expect(page.getByRole("heading", { name: "기준 답안", exact: true })).toHaveCount(0);
  await page
    .getByLabel("논술 문제(필수)")
    .setInputFiles({ name: "문제.txt", mimeType: "text/plain", buffer: Buffer.from(QUESTION, "utf8") });
  await page.getByRole("button", { name: "다음 단계" }).click();
  await expect(page.getByRole("heading", { name: "답안 작성" })).toBeVisible();
  const usage = await page.getByTestId("usage-badge").textContent();

  await page.getByRole("tab", { name: "문제 및 기준 설정" }).click();
  await expect(page.getByRole("heading", { name: "기준 답안", exact: true })).toBeVisible();
  await expect(page.getByText(/선택, 최대 3개/)).toBeVisible();
  // The file input is a styled button (the native one is visually hidden), reachable by keyboard.
  await expect(page.getByTestId("anchor-file-button")).toHaveText("파일 선택");
  await expect(page.getByLabel(/또는 파일/)).toHaveClass(/sr-only/);
  await page.getByLabel("기준 답안 내용").fill(STRONG);
  await page.getByLabel("총점 (만점 100점)").fill("88");
  await page.getByLabel("논리 구조 (선택, 40점)").fill("36");
  await page.getByRole("button", { name: "기준 답안 추가" }).click();
  await expect(toast(page).filter({ hasText: "기준 답안을 추가했습니다." })).toBeVisible();
  const listed = page.getByRole("list", { name: "추가된 기준 답안" });
  await expect(listed).toContainText("기준 답안 1 · 총점 88점 · 직접 입력");
  await expect(listed).toContainText("논리 구조 36점");
  await expect(page.getByLabel("기준 답안 내용")).toHaveValue("");
  // A server refusal is shown in Korean.
  await page.getByLabel("기준 답안 내용").fill(MEDIUM);
  await page.getByLabel("총점 (만점 100점)").fill("150");
  await page.getByRole("button", { name: "기준 답안 추가" }).click();
  await expect(toast(page).filter({ hasText: "총점은 0점 이상 100점 이하로 입력해 주세요." })).toBeVisible();
  // Anchors use no quota.
  await expect(page.getByTestId("usage-badge")).toHaveText(usage ?? "");

  await page.getByRole("tab", { name: "답안 작성" }).click();
  await startGrading(page, MEDIUM, "홍길동");
  await openReportWhenGraded(page, 45_000);
  await expect(page.getByTestId("report-anchors")).toHaveText("· 기준 답안 1개를 참고해 채점했습니다.");
});
