// Photographed answers on a server without a vision model: the browser reads the image with
// tesseract.js (Korean traineddata from npm, every file from our own origin), the teacher corrects
// the recognised text, and that text is what gets submitted and graded.
//
// The test stack's function has an LLM key (the fake provider), so `GET /api/config` is answered
// here as a server without one would answer it ({ serverOcr: false }); the server's own refusal of
// images without a key is covered by tests/unit/server-image-reading.test.ts.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { closeTestSql, createMember, testSql } from "../helpers/users.ts";
import { signIn, toast } from "./support.ts";

const SCAN = readFileSync(join(import.meta.dirname, "../fixtures/images/answer-scan.png"));
const QUESTION = readFileSync(join(import.meta.dirname, "../fixtures/essays/prompt.txt"), "utf8");
const ADDED = "선생님이 고친 문장: 스마트폰은 쉬는 시간에만 꺼내어 쓰기로 약속한다.";

test.afterAll(async () => {
  await closeTestSql();
});

test("without server OCR, a scanned answer is read in the browser, corrected, submitted as text and graded", async ({ page }) => {
  test.setTimeout(120_000);
  const configCalls: string[] = [];
  await page.route(/\/(api|functions\/v1\/api)\/config(\?|$)/, (route) => {
    configCalls.push(route.request().url());
    return route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ serverOcr: false }) });
  });
  const requests: string[] = [];
  page.on("request", (req) => requests.push(req.url()));

  const teacher = await createMember();
  await signIn(page, teacher);
  await page.getByLabel("논술 문제(필수)").setInputFiles({
    name: "스마트폰_논술문제.txt",
    mimeType: "text/plain",
    buffer: Buffer.from(QUESTION, "utf8"),
  });
  await page.getByRole("button", { name: "다음 단계" }).click();
  await expect(page.getByRole("heading", { name: "답안 작성" })).toBeVisible();

  // Nothing of the OCR engine has been loaded so far.
  const ocrRequest = (url: string) => /tesseract|\/ocr\/engine|\/ocr\/\d|traineddata|worker\.min\.js/i.test(url);
  expect(requests.filter(ocrRequest)).toEqual([]);

  // Record every progress message the review box shows while the image is read.
  await page.evaluate(() => {
    const w = window as unknown as { __ocrSeen: string[] };
    w.__ocrSeen = [];
    new MutationObserver(() => {
      for (const el of Array.from(document.querySelectorAll('[data-testid="ocr-item"][data-status="reading"] [role="status"]'))) {
        const text = el.textContent ?? "";
        if (text && w.__ocrSeen.at(-1) !== text) w.__ocrSeen.push(text);
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });

  await page.getByRole("tab", { name: "파일 업로드" }).click();
  await page.getByLabel("답안 파일 선택").setInputFiles({ name: "김철수_20240102.png", mimeType: "image/png", buffer: SCAN });
  await expect(page.getByTestId("student-info-row")).toHaveCount(1);

  const review = page.getByLabel("김철수_20240102.png 인식된 글");
  await expect(review).toBeVisible({ timeout: 90_000 });
  const recognised = await review.inputValue();
  const compact = recognised.replace(/\s+/g, "");
  expect(compact).toContain("스마트폰");
  expect(compact).toContain("수업시간");
  expect(compact).toContain("제한해야");
  expect(recognised).toContain("스마트폰 사용"); // words keep their spaces, syllables are not split

  const seen = await page.evaluate(() => (window as unknown as { __ocrSeen: string[] }).__ocrSeen);
  expect(seen.length, JSON.stringify(seen)).toBeGreaterThanOrEqual(1);
  expect(seen.join(" ")).toMatch(/인식|불러오는|준비/);
  expect(seen.join(" ")).toMatch(/\d+%/);
  expect(configCalls.length).toBeGreaterThanOrEqual(1);

  // The engine came from our own origin only: worker, core, Korean traineddata.
  const appOrigin = new URL(page.url()).origin;
  const loaded = requests.filter(ocrRequest);
  expect(loaded.some((u) => /worker\.min\.js/.test(u))).toBe(true);
  expect(loaded.some((u) => /tesseract-core.*\.wasm\.js/.test(u))).toBe(true);
  expect(loaded.some((u) => /kor\.traineddata/.test(u))).toBe(true);
  const foreign = requests.filter((u) => /^https?:/.test(u) && new URL(u).origin !== appOrigin);
  expect(foreign.filter((u) => !/127\.0\.0\.1|localhost/.test(u))).toEqual([]);
  expect(loaded.every((u) => new URL(u).origin === appOrigin)).toBe(true);

  // The teacher corrects the text; that is what is submitted.
  const corrected = `${recognised.replace("스마트폰", "휴대전화(스마트폰)")}\n${ADDED}`;
  await review.fill(corrected);
  await expect(page.getByText(`${[...corrected.trim()].length}자`)).toBeVisible();
  await page.getByRole("button", { name: "AI 첨삭 시작" }).click();
  await expect(toast(page).filter({ hasText: "답안 제출 완료" })).toBeVisible();

  // Graded on the dashboard.
  await expect(page.getByRole("tab", { name: /첨삭 현황/ })).toHaveAttribute("aria-selected", "true");
  const row = page.getByTestId("submission-row").filter({ hasText: "김철수" });
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute("data-status", "completed", { timeout: 60_000 });
  await expect(row).toContainText("점");
  await expect(row).toContainText("휴대전화(스마트폰)");

  // Stored as the corrected text with the student's name, number and the image's name (as .txt).
  const [stored] = await testSql()`
    select essay_content, essay_filename, essay_mime_type, student_name, student_id, status
      from public.essay_submissions where user_id = ${teacher.user.id}`;
  expect(stored.essay_content).toContain("휴대전화(스마트폰)");
  expect(stored.essay_content).toContain(ADDED);
  expect(stored.essay_filename).toBe("김철수_20240102.txt");
  expect(stored.essay_mime_type).toBe("text/plain");
  expect(stored.student_name).toBe("김철수");
  expect(stored.student_id).toBe("20240102");
  expect(stored.status).toBe("completed");
});

test("without server OCR, a photographed question is read in the browser and the corrected text becomes the question", async ({ page }) => {
  test.setTimeout(120_000);
  await page.route(/\/(api|functions\/v1\/api)\/config(\?|$)/, (route) =>
    route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ serverOcr: false }) }),
  );
  const teacher = await createMember();
  await signIn(page, teacher);
  await page.getByLabel("논술 문제(필수)").setInputFiles({ name: "문제사진.png", mimeType: "image/png", buffer: SCAN });
  const review = page.getByLabel("논술 문제: 문제사진.png 인식된 글");
  await expect(review).toBeVisible({ timeout: 90_000 });
  expect((await review.inputValue()).replace(/\s+/g, "")).toContain("스마트폰");
  await review.fill("학교에서 스마트폰 사용을 제한해야 하는가? 자신의 입장을 근거와 함께 논술하시오.");
  await page.getByRole("button", { name: "다음 단계" }).click();
  await expect(page.getByRole("heading", { name: "답안 작성" })).toBeVisible();
  const [session] = await testSql()`
    select prompt_content, prompt_filename, prompt_mime_type from public.analysis_sessions where user_id = ${teacher.user.id}`;
  expect(session.prompt_content).toBe("학교에서 스마트폰 사용을 제한해야 하는가? 자신의 입장을 근거와 함께 논술하시오.");
  expect(session.prompt_filename).toBe("문제사진.txt");
  expect(session.prompt_mime_type).toBe("text/plain");
});
