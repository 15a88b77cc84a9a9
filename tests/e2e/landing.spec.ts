// The signed-out landing on `/` (both viewports, axe), the one-click sample run from the
// guest start to a completed report without using a guest use, and the first-time guidance.
import { expect, test } from "@playwright/test";
import { seriousViolations, toast } from "./support.ts";

const VIEWPORTS = [
  { name: "desktop", width: 1366, height: 900 },
  { name: "phone", width: 390, height: 844 },
] as const;

for (const viewport of VIEWPORTS) {
  test.describe(`signed-out landing (${viewport.width}×${viewport.height})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test("shows what the product does, a marked-up sample report, the steps and who it is for, with the guest start and login one click away", async ({
      page,
    }) => {
      await page.goto("/");
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1 })).toContainText("AI가 점수와 첨삭 리포트를 만들어 드립니다");
      await expect(main.getByRole("button", { name: "게스트로 시작하기" })).toBeVisible();
      await expect(main.getByRole("button", { name: "샘플로 체험하기" })).toBeVisible();
      await expect(main.getByText("회원가입 없이 3회 무료 · 샘플 체험은 사용 횟수에 포함되지 않습니다.")).toBeVisible();

      // The report preview is markup from the bundled sample: score, categories, marked quotes and notes.
      const preview = page.getByTestId("report-preview");
      await expect(preview).toContainText("88");
      await expect(preview.getByRole("list", { name: "항목별 점수" }).getByRole("listitem")).toHaveCount(3);
      await expect(preview.locator("mark")).toHaveCount(3);
      await expect(preview.getByRole("list", { name: "첨삭 메모" })).toContainText("고쳐 쓰기:");

      for (const step of ["문제 올리기", "답안 제출", "첨삭 리포트"]) {
        await expect(main.getByRole("heading", { name: step, level: 3 })).toBeVisible();
      }
      for (const who of ["교사", "학원", "학생"]) {
        await expect(main.getByRole("heading", { name: who, level: 3, exact: true })).toBeVisible();
      }
      // The former hidden SEO copy is visible copy now.
      await expect(main.getByText("대입 논술, 수시 논술 대비")).toBeVisible();
      await expect(page.locator(".sr-only").filter({ hasText: "서비스 소개" })).toHaveCount(0);

      // Nothing wider than the screen.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);

      await main.getByRole("link", { name: "회원가입", exact: true }).click();
      await expect(page).toHaveURL(/\/login\?mode=register$/);
      await expect(page.getByRole("tab", { name: "회원가입" })).toHaveAttribute("aria-selected", "true");
      await expect(page.getByLabel("비밀번호 확인")).toBeVisible();
      await page.goBack();
      await main.getByRole("link", { name: "로그인", exact: true }).click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole("button", { name: "로그인", exact: true })).toBeVisible();
    });

    for (const scheme of ["light", "dark"] as const) {
      test(`has no serious or critical axe violations (${scheme})`, async ({ page }) => {
        await page.emulateMedia({ colorScheme: scheme });
        await page.goto("/");
        await expect(page.getByTestId("report-preview")).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  });
}

test("the landing shows each plan's price from GET /plans, the recommended plan, and a link to /plans", async ({ page }) => {
  const plans = page.waitForResponse((res) => new URL(res.url()).pathname === "/api/plans");
  await page.goto("/");
  const served = (await (await plans).json()) as { id: string; price: number }[];
  const section = page.getByTestId("landing-prices");
  await expect(section.getByRole("heading", { name: "요금제", level: 2 })).toBeVisible();
  await expect(section.locator('[data-testid^="landing-plan-"]').filter({ has: page.getByTestId("landing-plan-price") })).toHaveCount(
    served.length,
  );
  await expect(section.getByTestId("landing-plan-trial").getByTestId("landing-plan-price")).toHaveText("무료");
  const educator = section.getByTestId("landing-plan-educator");
  await expect(educator.getByTestId("landing-plan-price")).toHaveText("29,900원");
  await expect(educator).toContainText("추천");
  await expect(educator).toContainText("1개월 이용권 · 자동 갱신 없음");
  await expect(educator.getByRole("list", { name: "이용 한도" })).toHaveText(/월 500회 첨삭\s*한 번에 최대 10개 답안/);
  await expect(section.getByText("추천")).toHaveCount(1);
  await expect(section).not.toContainText("₩");
  await section.getByRole("link", { name: "요금제 자세히 보기" }).click();
  await expect(page).toHaveURL(/\/plans$/);
});

test("샘플로 체험하기: one click from the landing grades three sample answers into full reports and uses none of the guest's 3 uses", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const sampleCalls: number[] = [];
  page.on("response", (res) => {
    if (new URL(res.url()).pathname === "/api/sessions/sample") sampleCalls.push(res.status());
  });
  await page.goto("/");
  await page.getByRole("main").getByRole("button", { name: "샘플로 체험하기" }).click();

  await expect(page.getByRole("banner").getByText("게스트 사용자")).toBeVisible();
  await expect(toast(page).filter({ hasText: "샘플 체험 시작" })).toBeVisible();
  await expect(page).toHaveURL(/\/sessions\/[0-9a-f-]{36}$/);
  expect(sampleCalls).toEqual([201]);

  const rows = page.getByTestId("submission-row");
  await expect(rows).toHaveCount(3);
  await expect(page.locator('[data-testid="submission-row"][data-status="completed"]')).toHaveCount(3, { timeout: 60_000 });
  await expect(page.getByLabel("완료된 채점")).toHaveText("3");
  for (const name of ["김하늘", "이도윤", "박서준"]) await expect(rows.filter({ hasText: name })).toHaveCount(1);

  await rows.filter({ hasText: "김하늘" }).getByRole("button", { name: "보기" }).click();
  const report = page.getByTestId("report-view");
  await expect(report).toBeVisible();
  await expect(report).toContainText("김하늘");
  await expect(report).toContainText("우수한 점");

  // No guest use spent: the badge and the server agree.
  await expect(page.getByTestId("usage-badge")).toContainText("0/3");
  const usage = await page.evaluate(async () => {
    const entry = Object.entries(localStorage).find(([key]) => key.endsWith("-auth-token"));
    const token = (JSON.parse(entry![1]) as { access_token: string }).access_token;
    const res = await fetch("/api/usage/status", { headers: { Authorization: `Bearer ${token}` } });
    return (await res.json()) as { usage: { current: number; limit: number } };
  });
  expect(usage.usage).toEqual({ current: 0, limit: 3 });
});

test("an empty workspace says what to do next; the tab hints can be closed and stay closed", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("main").getByRole("button", { name: "게스트로 시작하기" }).click();
  await expect(page.getByRole("banner").getByText("게스트 사용자")).toBeVisible();

  const start = page.getByTestId("workspace-start");
  await expect(start.getByRole("heading", { name: "어떻게 시작할까요?" })).toBeVisible();
  await expect(start.getByRole("button", { name: "샘플로 체험하기" })).toBeVisible();

  const setupHint = page.getByTestId("hint-setup");
  await expect(setupHint).toContainText("평가 기준은 없어도 됩니다");
  await setupHint.getByRole("button", { name: "안내 닫기" }).click();
  await expect(setupHint).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId("workspace-start")).toBeVisible();
  await expect(page.getByTestId("hint-setup")).toHaveCount(0);

  // The essay tab's hint lists file names the student-name recognition understands.
  await page.getByLabel("논술 문제(필수)").setInputFiles({
    name: "문제.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("수업 중 스마트폰 사용에 대한 자신의 입장을 논술하시오.", "utf8"),
  });
  await page.getByRole("button", { name: "다음 단계" }).click();
  const essayHint = page.getByTestId("hint-essay");
  await expect(essayHint).toContainText("홍길동_20240101.docx");
  await expect(essayHint).toContainText("20240102 김하늘.pdf");
  await essayHint.getByRole("button", { name: "안내 닫기" }).click();
  await page.reload();
  await expect(page.getByRole("heading", { name: "답안 작성" })).toBeVisible();
  await expect(page.getByTestId("hint-essay")).toHaveCount(0);
});
