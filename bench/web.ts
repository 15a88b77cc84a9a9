// `npm run bench`, web section: the SPA's production build as a first-time visitor gets it, on a
// local stack (the same server as `npm start`: precompressed, hashed assets, long cache headers).
// Per public page (`/` signed out, `/blog`, one post): the JavaScript it loads (gzip, against the
// budgets of bench/web-weight.ts) and Lighthouse's mobile performance and accessibility scores
// (lighthouse npm package, default mobile config: Moto G-class emulation, simulated slow 4G), the
// median of BENCH_LIGHTHOUSE_RUNS (3) runs, in Debian's Chromium (CHROME_PATH, /usr/bin/chromium).
// Figures only; the byte budgets are enforced by tests/e2e/js-budget.spec.ts in `npm test`.
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { startStack } from "../local/stack.ts";
import { freePorts } from "../tests/helpers/free-port.ts";
import { KB, kb, measureScripts, routePath, seedSamplePost, WEB_ROUTES } from "./web-weight.ts";

const CHROME = process.env.CHROME_PATH || "/usr/bin/chromium";
const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS) || 3);
export const SCORE_TARGET = 95;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

interface RouteFigures {
  name: string;
  path: string;
  budgetKB: number;
  scripts: number;
  gzip: number;
  performance: number[];
  accessibility: number[];
  metrics: Array<Record<string, number>>;
}

async function lighthouseRun(port: number, url: string) {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility"],
  });
  if (!result) throw new Error(`lighthouse returned nothing for ${url}`);
  const { categories, audits } = result.lhr;
  const metric = (id: string) => Number(audits[id]?.numericValue ?? NaN);
  return {
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    metrics: {
      fcp: metric("first-contentful-paint"),
      lcp: metric("largest-contentful-paint"),
      tbt: metric("total-blocking-time"),
      cls: metric("cumulative-layout-shift"),
    },
    failing: Object.values(audits)
      .filter((a) => a.score !== null && a.score < 0.9 && (a.scoreDisplayMode === "binary" || a.scoreDisplayMode === "numeric"))
      .map((a) => a.id),
  };
}

export async function webScenario(say: (line: string) => void = console.log) {
  const dataDir = await mkdtemp(join(tmpdir(), "essay-bench-web-"));
  await chmod(dataDir, 0o755);
  const [dbPort, supabasePort, appPort] = await freePorts(3);
  process.env.VITE_CAPTCHA_SITE_KEY = "";
  const stack = await startStack({ dataDir, dbPort, supabasePort, appPort, app: true, admin: {}, env: { LLM_API_KEY: "" } });
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"] });
  const browser = await chromium.launch({ executablePath: CHROME, args: ["--no-sandbox"] });
  try {
    say("");
    say(
      `Web: production build${stack.webBuild ? ` (${stack.webBuild.built ? `built in ${(stack.webBuild.ms / 1000).toFixed(1)} s` : "reused"})` : ""}, first visit, signed out`,
    );
    const slug = await seedSamplePost(stack.dbUrl);
    const figures: RouteFigures[] = [];
    for (const route of WEB_ROUTES) {
      const url = `${stack.appUrl}${routePath(route.path, slug)}`;
      const context = await browser.newContext();
      const weight = await measureScripts(await context.newPage(), url, route.ready);
      await context.close();
      const row: RouteFigures = {
        ...route,
        scripts: weight.scripts.length,
        gzip: weight.gzip,
        performance: [],
        accessibility: [],
        metrics: [],
      };
      const failing = new Set<string>();
      for (let i = 0; i < RUNS; i++) {
        const run = await lighthouseRun(chrome.port, url);
        row.performance.push(run.performance);
        row.accessibility.push(run.accessibility);
        row.metrics.push(run.metrics);
        run.failing.forEach((id) => failing.add(id));
      }
      figures.push(row);
      if (failing.size) say(`  ${route.name}: audits under 0.9 in some run: ${[...failing].join(", ")}`);
    }
    say(
      `  ${"page".padEnd(18)} ${"scripts".padStart(7)} ${"JS gzip".padStart(9)} ${"budget".padStart(7)}  ${"perf".padStart(4)} ${"a11y".padStart(4)}  ${"FCP".padStart(7)} ${"LCP".padStart(7)} ${"TBT".padStart(6)} ${"CLS".padStart(5)}   (Lighthouse mobile, median of ${RUNS})`,
    );
    for (const f of figures) {
      const m = (k: string) => median(f.metrics.map((x) => x[k]));
      const within = f.gzip <= f.budgetKB * KB;
      const perf = median(f.performance);
      const a11y = median(f.accessibility);
      say(
        `  ${f.name.padEnd(18)} ${String(f.scripts).padStart(7)} ${kb(f.gzip).padStart(9)} ${`${f.budgetKB} KB`.padStart(7)}${within ? " " : "!"} ${String(perf).padStart(4)}${perf >= SCORE_TARGET ? " " : "!"}${String(a11y).padStart(4)}${a11y >= SCORE_TARGET ? " " : "!"} ${`${Math.round(m("fcp"))} ms`.padStart(7)} ${`${Math.round(m("lcp"))} ms`.padStart(7)} ${`${Math.round(m("tbt"))} ms`.padStart(6)} ${m("cls").toFixed(3).padStart(5)}`,
      );
    }
    say(
      `  targets: JS within the budget, performance and accessibility ≥ ${SCORE_TARGET} ("!" marks a miss); runs per page: ${figures.map((f) => f.performance.join("/")).join(", ")} (performance)`,
    );
  } finally {
    await browser.close();
    chrome.kill();
    await stack.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
