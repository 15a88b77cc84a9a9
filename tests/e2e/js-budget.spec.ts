// The JavaScript budgets of the public pages, on the production build the test stack
// serves: a signed-out first visit to `/` loads at most 100 KB of gzip, `/blog` and a post at most
// 120 KB. Bytes of the scripts the page actually loaded (bench/web-weight.ts), not timings.
// Margin: the landing measured 88-91 KB when this was written (react-dom alone is ~67 KB), so a few
// KB of new landing code fit; a new dependency on the first page will not.
import { expect, test } from "@playwright/test";
import { kb, KB, measureScripts, routePath, seedSamplePost, WEB_ROUTES } from "../../bench/web-weight.ts";

test.describe("JavaScript budget of the public pages (gzip, first visit, signed out)", () => {
  let slug: string;
  test.beforeAll(async () => {
    slug = await seedSamplePost(process.env.TEST_DB_URL!);
  });

  for (const route of WEB_ROUTES) {
    test(`${route.name} loads at most ${route.budgetKB} KB of JavaScript`, async ({ page }) => {
      const weight = await measureScripts(page, routePath(route.path, slug), route.ready);
      const table = weight.scripts.map((s) => `  ${s.path.padEnd(48)} ${kb(s.gzip).padStart(9)}`).join("\n");
      console.log(`${route.name}: ${kb(weight.gzip)} gzip (${kb(weight.bytes)} raw), ${weight.scripts.length} scripts\n${table}`);
      // Sanity: the measurement saw the app's own scripts (hashed, minified assets of the production build).
      expect(weight.scripts.length).toBeGreaterThan(1);
      expect(
        weight.scripts.every((s) => /^\/assets\/[\w.-]+-[\w-]{8}\.js$/.test(s.path)),
        table,
      ).toBe(true);
      expect(weight.gzip, `${route.name}: ${kb(weight.gzip)} of JavaScript (gzip)\n${table}`).toBeLessThanOrEqual(route.budgetKB * KB);
    });
  }

  test("the blog pages ask for their route's chunks from index.html, before the router runs", async ({ page, request }) => {
    const html = await (await request.get("/blog")).text();
    expect(html).toMatch(/modulepreload/);
    expect(html).toMatch(/\/assets\/blog-list-[\w-]{8}\.js/);
    expect(html).toMatch(/\/assets\/blog-post-[\w-]{8}\.js/);
    await page.goto(routePath("/blog/:slug", slug));
    await expect(page.locator('link[rel="modulepreload"][href*="/assets/blog-post-"]')).toHaveCount(1);
    await expect(page.locator('link[rel="modulepreload"][href*="/assets/blog-list-"]')).toHaveCount(0);
  });

  test("a signed-out first visit loads neither supabase-js nor TanStack Query (no session in storage)", async ({ page }) => {
    const weight = await measureScripts(page, "/");
    expect(weight.scripts.filter((s) => /\/assets\/vendor-(supabase|query)-/.test(s.path)).map((s) => s.path)).toEqual([]);
    // ...and the app still knows the visitor is signed out (the page rendered, no spinner left).
    await expect(page.locator("main#main-content")).not.toBeEmpty();
  });
});
