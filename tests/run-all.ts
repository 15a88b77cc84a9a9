// `npm test`: one stack (plus fakes) on free ports with a fresh data dir, then vitest and playwright against it.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { startTestEnvironment, type TestEnvironment } from "./helpers/global-setup.ts";

const root = resolve(import.meta.dirname, "..");
const hasPlaywright = existsSync(join(root, "playwright.config.ts"));
const hasApp = existsSync(join(root, "vite.config.ts"));

function run(cmd: string, args: string[], env: Record<string, string>): Promise<number> {
  return new Promise((done) => {
    const child = spawn(join(root, "node_modules/.bin", cmd), args, {
      cwd: root,
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
let testEnv: TestEnvironment | undefined;
let exitCode = 0;

const interrupt = async () => {
  await testEnv?.stop().catch(() => {});
  process.exit(130);
};
process.once("SIGINT", interrupt);
process.once("SIGTERM", interrupt);

try {
  const started = Date.now();
  console.log("Starting the test stack…");
  testEnv = await startTestEnvironment({ app: hasPlaywright && hasApp });
  console.log(`Test stack ready in ${((Date.now() - started) / 1000).toFixed(1)} s (log: ${testEnv.logFile})`);
  for (const [k, v] of Object.entries(testEnv.env)) if (!/KEY|SECRET/.test(k)) console.log(`  ${k}=${v}`);

  results.push({ name: "vitest", code: await run("vitest", ["run"], testEnv.env) });
  if (hasPlaywright) results.push({ name: "playwright", code: await run("playwright", ["test"], testEnv.env) });
  else results.push({ name: "playwright", code: "skipped" });
} catch (err) {
  console.error(`\nThe test run could not start: ${(err as Error).message}`);
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
process.exit(exitCode);
