// 기관 현황 in the browser: an organisation's owner (business plan) whose teachers graded from the pool opens
// /org/dashboard and sees the pool, seats, subscription, per-teacher and per-class usage; no serious axe or design
// violations at a laptop and a phone width, light and dark.
import { expect, test } from "@playwright/test";
import { api, closeTestSql, testSql } from "../helpers/users.ts";
import { FIXTURE_ESSAY, submitEssay } from "../helpers/grading.ts";
import { createClass } from "../helpers/rosters.ts";
import { createOrg, moveClassToOrg, orgSession, setCap, setUsed, type TestOrg } from "../helpers/org-quota.ts";
import { designSystemViolations, signIn, WORKSPACE_VIEWPORTS } from "./support.ts";

let org: TestOrg;

test.beforeAll(async () => {
  org = await createOrg(2, "business");
  const [kim, lee] = org.members;
  await testSql()`update public.profiles set display_name = '김선생' where id = ${kim.user.id}`;
  await setCap(org.id, lee, 20);
  const c = await createClass(kim, "고3 논술 A반");
  await moveClassToOrg(c.id, org.id);
  const sessionId = await orgSession(kim, org.id);
  expect((await api(`/sessions/${sessionId}`, { token: kim.token, method: "PATCH", json: { classId: c.id } })).status).toBe(200);
  await submitEssay(kim, sessionId, FIXTURE_ESSAY);
  await submitEssay(kim, sessionId, FIXTURE_ESSAY);
  await submitEssay(lee, await orgSession(lee, org.id), FIXTURE_ESSAY);
  await setUsed(org.owner, 2712);
});

test.afterAll(async () => {
  await closeTestSql();
});

test("the owner sees the organisation's month on 기관 현황", async ({ page }) => {
  await page.addInitScript((id) => window.localStorage.setItem("activeOrgId", id), org.id);
  await signIn(page, org.owner, "/org/dashboard");
  await page.goto("/org/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "기관 현황" })).toBeVisible();
  await expect(page.getByTestId("org-pool")).toContainText("2,712");
  await expect(page.getByTestId("org-pool")).toContainText("3,000회");
  await expect(page.getByTestId("org-subscription")).toContainText("기업");
  const teachers = page.getByTestId("org-teachers");
  await expect(teachers.getByRole("row", { name: /김선생/ })).toContainText("2회");
  await expect(teachers.getByRole("row").filter({ hasText: org.members[1].username })).toContainText("20회");
  await expect(page.getByTestId("org-classes").getByRole("link", { name: "고3 논술 A반" })).toBeVisible();

  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((t) => document.documentElement.setAttribute("data-theme", t), theme);
    for (const viewport of WORKSPACE_VIEWPORTS) {
      await page.setViewportSize(viewport);
      expect(await designSystemViolations(page, "main")).toEqual([]);
      if (process.env.ORG_DASHBOARD_SHOTS) {
        await page.screenshot({ path: `${process.env.ORG_DASHBOARD_SHOTS}/org-${theme}-${viewport.width}.png`, fullPage: true });
      }
    }
  }
});
