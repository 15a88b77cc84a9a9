// The grading workspace in the browser: setup → essay → dashboard, multi-file uploads with
// recognised student names, plan limits, the usage-limit dialog, and My Work.
import { expect, test, type Page } from "@playwright/test";
import { api, closeTestSql, createMember, testSql } from "../helpers/users.ts";
import { fileOf, KOREAN_ESSAY, makeDocx, utf8 } from "../helpers/files.ts";
import { setQuestion, signIn, signInOnPlan, toast } from "./support.ts";

const setUpSession = (page: Page, promptName?: string) => setQuestion(page, undefined, promptName);

const txt = (name: string) => ({ name, mimeType: "text/plain", buffer: utf8(KOREAN_ESSAY) });

test.afterAll(async () => {
  await closeTestSql();
});

test("sets up a session from a .docx question, submits a typed essay and sees it on the dashboard", async ({ page }) => {
  const user = await createMember();
  await signIn(page, user);

  await expect(page.getByRole("tab", { name: "문제 및 기준 설정" })).toHaveAttribute("aria-selected", "true");
  const next = page.getByRole("button", { name: "다음 단계" });
  await expect(next).toBeDisabled();

  // The essay tab needs a session first.
  await page.getByRole("tab", { name: "답안 작성" }).click();
  await expect(page.getByText("설정이 필요합니다")).toBeVisible();
  await page.getByRole("button", { name: "문제 설정하러 가기" }).click();

  const docx = await makeDocx();
  await page.getByLabel("논술 문제(필수)").setInputFiles({
    name: "인공지능_논술문제.docx",
    mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    buffer: docx,
  });
  // The chosen file is shown once, in its own drop zone, with its size.
  const info = page.getByTestId("prompt-file-selected");
  await expect(info).toContainText("인공지능_논술문제.docx");
  await expect(info).toContainText("KB");
  await next.click();
  await expect(toast(page).filter({ hasText: "설정 완료" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "답안 작성" })).toBeVisible();
  await expect(page.getByText("논술 문제: 인공지능_논술문제.docx")).toBeVisible();

  // Too short first: the form refuses it.
  await page.getByLabel("학생 답안").fill("너무 짧은 답안입니다.");
  await expect(page.getByTestId("essay-ready-badge")).toHaveText("최소 100자 필요");
  await page.getByRole("button", { name: "AI 첨삭 시작" }).click();
  await expect(toast(page).filter({ hasText: "답안이 부족합니다" })).toContainText("최소 100자 이상 작성해주세요.");

  await page.getByLabel("학생 답안").fill(KOREAN_ESSAY);
  await expect(page.getByTestId("essay-count-badge")).toHaveText(`${[...KOREAN_ESSAY].length}자`);
  await expect(page.getByTestId("essay-ready-badge")).toHaveText("제출 가능");
  await page.getByLabel("학생 이름 (선택)").fill("이몽룡");
  await page.getByLabel("수험번호 (선택)").fill("20240105");
  await page.getByRole("button", { name: "AI 첨삭 시작" }).click();

  await expect(toast(page).filter({ hasText: "답안 제출 완료" })).toBeVisible();
  await expect(page).toHaveURL(/\/sessions\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("tab", { name: /첨삭 현황/ })).toHaveAttribute("aria-selected", "true");
  const row = page.getByTestId("submission-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("이몽룡");
  await expect(row).toContainText(KOREAN_ESSAY.slice(0, 30));
  await expect(page.getByLabel("전체 제출")).toHaveText("1");

  // Opening the session's URL directly lands on its dashboard.
  await page.reload();
  await expect(page.getByRole("tab", { name: /첨삭 현황/ })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("submission-row")).toContainText("이몽룡");
});

test("an educator uploads three named files, sees names and ids recognised, and submits them together", async ({ page }) => {
  await signInOnPlan(page, "educator");
  await setUpSession(page);

  await page.getByRole("tab", { name: "파일 업로드" }).click();
  await page
    .getByLabel("답안 파일 선택")
    .setInputFiles([txt("홍길동_20240101.txt"), txt("김철수_20240102.txt"), txt("20240103_이영희.txt")]);
  await expect(toast(page).filter({ hasText: "학생 정보 자동 인식" })).toBeVisible();
  const panel = page.getByRole("region", { name: "학생 정보 확인 및 수정" });
  await expect(panel).toBeVisible();
  await expect(panel.getByLabel("홍길동_20240101.txt 학생 이름")).toHaveValue("홍길동");
  await expect(panel.getByLabel("홍길동_20240101.txt 수험번호")).toHaveValue("20240101");
  await expect(panel.getByLabel("김철수_20240102.txt 학생 이름")).toHaveValue("김철수");
  await expect(panel.getByLabel("20240103_이영희.txt 학생 이름")).toHaveValue("이영희");
  await expect(panel.getByLabel("20240103_이영희.txt 수험번호")).toHaveValue("20240103");
  await expect(page.getByTestId("essay-count-badge")).toHaveText("파일 3개");
  await expect(page.getByTestId("essay-multi-badge")).toHaveText("여러 답안 모드");

  // Names stay editable.
  await panel.getByLabel("김철수_20240102.txt 학생 이름").fill("김영수");

  // Removing a file drops its row; the panel goes when the last file goes.
  await page.getByRole("button", { name: "20240103_이영희.txt 삭제" }).click();
  await expect(page.getByTestId("student-info-row")).toHaveCount(2);
  await page.getByLabel("답안 파일 선택").setInputFiles([txt("20240103_이영희.txt")]);
  await expect(page.getByTestId("student-info-row")).toHaveCount(3);

  await page.getByRole("button", { name: "AI 여러 답안 첨삭 시작" }).click();
  await expect(toast(page).filter({ hasText: "여러 답안 제출 완료" })).toBeVisible();
  const rows = page.getByTestId("submission-row");
  await expect(rows).toHaveCount(3);
  await expect(page.getByText("김영수")).toBeVisible();
  await expect(page.getByText("홍길동", { exact: true })).toBeVisible();
  await expect(page.getByText("이영희", { exact: true })).toBeVisible();
});

test("a bad file among named ones: one toast lists the refused file and says the names were recognised", async ({ page }) => {
  await signInOnPlan(page, "educator");
  await setUpSession(page);
  await page.getByRole("tab", { name: "파일 업로드" }).click();
  await page
    .getByLabel("답안 파일 선택")
    .setInputFiles([txt("홍길동_20240101.txt"), { name: "악성.exe", mimeType: "application/octet-stream", buffer: utf8("x") }]);
  const shown = toast(page).filter({ hasText: "악성.exe" });
  await expect(shown).toBeVisible();
  await expect(shown).toContainText("학생 이름과 수험번호를 자동으로 인식했습니다");
  await expect(page.getByTestId("student-info-row")).toHaveCount(1);
});

test("another user's session, and a missing one, open the not-found page without an error toast", async ({ page }) => {
  const owner = await createMember();
  const form = new FormData();
  form.append("promptFile", fileOf(utf8("남의 문제입니다. 논술하시오."), "남의문제.txt", "text/plain"));
  const created = await api("/sessions", { token: owner.token, form });
  expect(created.status).toBe(201);
  const stranger = await createMember();
  await signIn(page, stranger, `/sessions/${created.body.id}`);
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  await expect(toast(page).filter({ hasText: "세션" })).toHaveCount(0);
  await page.goto("/sessions/00000000-0000-4000-8000-000000000000");
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  await expect(page.getByRole("tab", { name: /첨삭 현황/ })).toHaveCount(0);
  await expect(toast(page).filter({ hasText: "세션" })).toHaveCount(0);
});

test("a trial user adding a second file gets the upgrade notice and keeps one file", async ({ page }) => {
  const user = await createMember();
  await signIn(page, user);
  await setUpSession(page);
  await page.getByRole("tab", { name: "파일 업로드" }).click();
  await page.getByLabel("답안 파일 선택").setInputFiles([txt("홍길동_20240101.txt")]);
  await expect(page.getByTestId("student-info-row")).toHaveCount(1);
  await page.getByLabel("답안 파일 선택").setInputFiles([txt("김철수_20240102.txt")]);
  await expect(toast(page).filter({ hasText: "업그레이드 안내" })).toContainText(
    "더 많은 파일을 동시 업로드하시려면 상위 플랜으로 업그레이드해 주세요.",
  );
  await expect(page.getByTestId("student-info-row")).toHaveCount(1);
  await expect(page.getByRole("button", { name: "AI 첨삭 시작" })).toBeVisible();

  // The last file removed: the panel disappears.
  await page.getByRole("button", { name: "홍길동_20240101.txt 삭제" }).click();
  await expect(page.getByRole("region", { name: "학생 정보 확인 및 수정" })).toHaveCount(0);
});

test("the usage-limit dialog opens when the monthly uses are gone and links to the plans page", async ({ page }) => {
  const user = await createMember();
  await signIn(page, user);
  await setUpSession(page);
  await testSql()`
    update public.usage_tracking set essay_count = 10
     where user_id = ${user.user.id} and period_start = (private.current_period()).period_start`;
  await page.getByLabel("학생 답안").fill(KOREAN_ESSAY);
  await page.getByRole("button", { name: "AI 첨삭 시작" }).click();
  const dialog = page.getByRole("dialog", { name: "사용 한도 초과" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("현재 플랜의 월간 분석 한도에 도달했습니다. 계속 사용하시려면 플랜을 업그레이드하세요.");
  await expect(dialog.getByTestId("usage-limit-info")).toContainText("10/10");
  await expect(dialog.getByTestId("usage-limit-info")).toContainText(/다음 초기화: \d{4}년 \d{1,2}월 1일/);
  await expect(dialog.getByTestId("usage-limit-info")).toContainText(/\d+일 남음/);
  await expect(dialog.getByRole("list", { name: "업그레이드 옵션" })).toContainText("원/월");
  await dialog.getByRole("button", { name: "모든 플랜 보기" }).click();
  await expect(page).toHaveURL(/\/plans\?upgrade=individual$/);
});

test("My Work lists sessions, opens one, and deletes one after confirming", async ({ page }) => {
  const user = await createMember();
  const form = new FormData();
  form.append("promptFile", fileOf(await makeDocx(), "삭제할_문제.docx"));
  form.append("criteriaFile", fileOf(utf8("논리 40, 근거 30, 표현 30"), "채점기준.txt"));
  const created = await api("/sessions", { token: user.token, form });
  expect(created.status).toBe(201);
  const sub = await api(`/sessions/${created.body.id}/submissions`, {
    token: user.token,
    json: { essayContent: KOREAN_ESSAY, studentName: "성춘향" },
  });
  expect(sub.status).toBe(201);

  await signIn(page, user, "/my-work");
  await expect(page.getByRole("heading", { name: "내 작업 목록" })).toBeVisible();
  const card = page.getByTestId("session-card");
  await expect(card).toHaveCount(1);
  await expect(card).toContainText("삭제할_문제.docx");
  await expect(card).toContainText("기준: 채점기준.txt");
  await expect(card).toContainText("전체 1건");

  await card.getByRole("link", { name: "보기" }).click();
  await expect(page).toHaveURL(new RegExp(`/sessions/${created.body.id}$`));
  await expect(page.getByTestId("submission-row")).toContainText("성춘향");

  await page.goto("/my-work");
  await page.getByRole("button", { name: "삭제할_문제.docx 삭제" }).click();
  const dialog = page.getByRole("dialog", { name: "작업 삭제" });
  await expect(dialog).toContainText("이 작업과 관련된 모든 답안 및 분석 결과가 영구적으로 삭제됩니다. 정말로 삭제하시겠습니까?");
  await dialog.getByRole("button", { name: "취소" }).click();
  await expect(page.getByTestId("session-card")).toHaveCount(1);

  await page.getByRole("button", { name: "삭제할_문제.docx 삭제" }).click();
  await page.getByRole("dialog", { name: "작업 삭제" }).getByRole("button", { name: "삭제", exact: true }).click();
  await expect(toast(page).filter({ hasText: "삭제 완료" })).toContainText("작업이 성공적으로 삭제되었습니다.");
  await expect(page.getByText("아직 생성된 작업이 없습니다")).toBeVisible();
  await expect((await api(`/sessions/${created.body.id}`, { token: user.token })).status).toBe(404);

  await page.getByRole("link", { name: "첫 작업 만들기" }).click();
  await expect(page.getByRole("tab", { name: "문제 및 기준 설정" })).toHaveAttribute("aria-selected", "true");
});
