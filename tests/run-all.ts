// `npm test`: one stack (plus fakes) on free ports with a fresh data dir, then vitest and playwright against it.
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { startupMessage } from "../local/startup-error.ts";
import { runAdvisors } from "../local/supabase-cli.ts";
import { startTestEnvironment, type TestEnvironment } from "./helpers/global-setup.ts";

const root = resolve(import.meta.dirname, "..");
const hasPlaywright = existsSync(join(root, "playwright.config.ts"));
const hasApp = existsSync(join(root, "vite.config.ts"));

function run(cmd: string, args: string[], env: Record<string, string>, cwd = root): Promise<number> {
  return new Promise((done) => {
    const child = spawn(join(root, "node_modules/.bin", cmd), args, {
      cwd,
      stdio: "inherit",
      env: { ...process.env, ...env },
    });
    child.on("error", (err) => {
      console.error(`${cmd}: ${err.message}`);
      done(1);
    });
    child.on("exit", (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

const results: Array<{ name: string; code: number | "skipped" }> = [];

/** Passed/failed totals over both runners, for the closing `N passed, N failed` line. */
const counts = {
  passed: 0,
  failed: 0,
  add([passed, failed]: [number, number]) {
    this.passed += passed;
    this.failed += failed;
  },
};

function readCounts(file: string, pick: (report: any) => [number, number]): [number, number] {
  try {
    const [passed, failed] = pick(JSON.parse(readFileSync(file, "utf8")));
    return [Number(passed) || 0, Number(failed) || 0];
  } catch {
    return [0, 0];
  }
}

let testEnv: TestEnvironment | undefined;
let exitCode = 0;

const interrupt = async () => {
  await testEnv?.stop().catch(() => {});
  process.exit(130);
};
process.once("SIGINT", interrupt);
process.once("SIGTERM", interrupt);

try {
  // Types and lint first: the SPA, _shared and the unit/browser tests (tsconfig.json); the local stack,
  // the integration tests and the bench (tsconfig.node.json); the edge function under Deno (deno check).
  const checks: number[] = [];
  for (const project of ["tsconfig.json", "tsconfig.node.json"]) {
    console.log(`tsc --noEmit -p ${project}`);
    checks.push(await run("tsc", ["--noEmit", "-p", project], {}));
  }
  console.log("deno check supabase/functions/api/index.ts");
  checks.push(await run("deno", ["check", "--quiet", "index.ts"], { DENO_NO_UPDATE_CHECK: "1" }, join(root, "supabase/functions/api")));
  results.push({ name: "types", code: checks.find((c) => c !== 0) ?? 0 });
  counts.add([checks.filter((c) => c === 0).length, checks.filter((c) => c !== 0).length]);

  // Format (.prettierrc.json): every TypeScript, JavaScript, JSON and CSS file as Prettier writes it.
  console.log("prettier --check .");
  const format = await run("prettier", ["--check", ".", "--log-level", "warn"], {});
  results.push({ name: "format", code: format });
  counts.add(format === 0 ? [1, 0] : [0, 1]);

  // Lint (eslint.config.js): typescript-eslint, the rules of hooks, the import boundaries. Needs no stack.
  console.log("eslint .");
  const eslint = await run("eslint", ["."], {});
  results.push({ name: "lint", code: eslint });
  counts.add(eslint === 0 ? [1, 0] : [0, 1]);

  const started = Date.now();
  console.log("Starting the test stack…");
  testEnv = await startTestEnvironment({ app: hasPlaywright && hasApp });
  console.log(`Test stack ready in ${((Date.now() - started) / 1000).toFixed(1)} s (log: ${testEnv.logFile})`);
  for (const [k, v] of Object.entries(testEnv.env)) if (!/KEY|SECRET/.test(k)) console.log(`  ${k}=${v}`);

  // Supabase's linter on the migrated test database: any warning (security or performance) fails the run.
  console.log("\nsupabase db advisors --type all --level warn --fail-on warn");
  const lint = await runAdvisors(testEnv.env.TEST_DB_URL);
  const lintOutput = (lint.stdout + lint.stderr)
    .split("\n")
    .filter((l) => l.trim() && !/^Target:/.test(l))
    .join("\n");
  console.log(lint.code === 0 ? `  ${lintOutput || "No issues found."}` : lintOutput);
  results.push({ name: "advisors", code: lint.code });
  counts.add(lint.code === 0 ? [1, 0] : [0, 1]);

  const vitestJson = join(tmpdir(), `vitest-${process.pid}.json`);
  const playwrightJson = join(tmpdir(), `playwright-${process.pid}.json`);
  results.push({
    name: "vitest",
    code: await run("vitest", ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestJson}`], testEnv.env),
  });
  counts.add(readCounts(vitestJson, (r) => [r.numPassedTests, r.numFailedTests]));
  if (hasPlaywright) {
    results.push({
      name: "playwright",
      code: await run("playwright", ["test", "--reporter=list,json"], { ...testEnv.env, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson }),
    });
    counts.add(readCounts(playwrightJson, (r) => [r.stats.expected + r.stats.flaky, r.stats.unexpected]));
  } else results.push({ name: "playwright", code: "skipped" });
} catch (err) {
  console.error(`\n${startupMessage(err)}`);
  exitCode = 1;
} finally {
  await testEnv?.stop().catch((err) => console.error(`stopping the stack: ${err.message}`));
}

console.log("\n=== Test summary ===");
for (const r of results) {
  const status = r.code === "skipped" ? "skipped (no playwright.config.ts)" : r.code === 0 ? "passed" : `FAILED (exit ${r.code})`;
  console.log(`  ${r.name.padEnd(11)} ${status}`);
  if (r.code !== "skipped" && r.code !== 0) exitCode = 1;
}
console.log(exitCode === 0 ? "All tests passed." : "Some tests failed.");
console.log(`${counts.passed} passed, ${counts.failed} failed`);
process.exit(exitCode);
