// Hostile files (decompression/parse bombs) are rejected with a Korean 413/422 in bounded memory,
// while the function keeps answering other requests. Memory is read from the Deno function
// process itself (/proc/<pid>/status VmHWM after resetting it with clear_refs).
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, closeTestSql, createMember, testSql, type TestUser } from "../helpers/users.ts";
import { fileOf, makeDocx, makeDocxRunBomb, makeManyPagePdf, makePdf, makePdfStreamBomb, utf8 } from "../helpers/files.ts";

const HANGUL = /[\uac00-\ud7a3]/;
const MB = 1024 * 1024;
/** Growth of the function's peak RSS allowed while it rejects one hostile file. */
const PEAK_GROWTH_BUDGET = 200 * MB;

let teacher: TestUser;
let sessionId: string;

/** The Deno process running the api function for this test stack (a child of vitest's main process). */
function parentOf(pid: number): number {
  try {
    return Number(/PPid:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** The deno process of the api function started by this test run's stack (a child of one of our ancestors). */
function functionPid(): number | null {
  const ancestors = new Set<number>();
  for (let p = process.pid; p > 1 && !ancestors.has(p); p = parentOf(p)) ancestors.add(p);
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmd = readFileSync(`/proc/${entry}/cmdline`, "utf8");
      if (!cmd.includes("functions-entry.ts")) continue;
      if (ancestors.has(parentOf(Number(entry)))) return Number(entry);
    } catch {
      // the process went away
    }
  }
  return null;
}

function statusKb(pid: number, field: "VmRSS" | "VmHWM"): number {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return Number(m?.[1] ?? 0) * 1024;
}

/** Resets VmHWM to the current RSS (Linux clear_refs "5"); false if not permitted. */
function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
    return true;
  } catch {
    return false;
  }
}

interface Probe {
  ok: number;
  failed: number;
  latenciesMs: number[];
}

/** GET /plans one after another until `done` settles; every answer is counted. */
async function probeWhile(done: Promise<unknown>): Promise<Probe> {
  const result: Probe = { ok: 0, failed: 0, latenciesMs: [] };
  let finished = false;
  void done.finally(() => (finished = true));
  do {
    const started = performance.now();
    try {
      const res = await api("/plans");
      if (res.status === 200 && Array.isArray(res.body) && res.body.length > 0) result.ok++;
      else result.failed++;
    } catch {
      result.failed++;
    }
    result.latenciesMs.push(Math.round(performance.now() - started));
    await new Promise((r) => setTimeout(r, 50));
  } while (!finished);
  return result;
}

async function postPrompt(file: File) {
  const form = new FormData();
  form.append("promptFile", file);
  return api("/sessions", { token: teacher.token, form });
}

async function postEssay(file: File) {
  const form = new FormData();
  form.append("essayFile", file);
  return api(`/sessions/${sessionId}/submissions`, { token: teacher.token, form });
}

async function counts() {
  const [row] = await testSql()`
    select (select count(*) from public.analysis_sessions where user_id = ${teacher.user.id})::int as sessions,
           (select count(*) from public.essay_submissions where user_id = ${teacher.user.id})::int as submissions`;
  return row;
}

beforeAll(async () => {
  teacher = await createMember();
  await testSql()`update public.subscriptions set plan_id = 'business', status = 'active' where user_id = ${teacher.user.id}`;
  const res = await postPrompt(fileOf(utf8("다음 글을 읽고 논술하시오."), "문제.txt"));
  expect(res.status).toBe(201);
  sessionId = res.body.id;
  // Warm up both readers so lazy imports are not counted as the bomb's memory.
  expect((await postPrompt(fileOf(await makeDocx(), "문제.docx"))).status).toBe(201);
  expect((await postPrompt(fileOf(await makePdf(), "문제.pdf"))).status).toBe(201);
}, 120_000);

afterAll(async () => {
  await closeTestSql();
});

const bombs: [string, () => File, RegExp][] = [
  ["a .docx of 60 MB of one-character runs", () => fileOf(makeDocxRunBomb(60, true), "런폭탄.docx"), HANGUL],
  ["a .docx of 60 MB of empty runs", () => fileOf(makeDocxRunBomb(60, false), "빈런폭탄.docx"), HANGUL],
  ["a PDF whose content stream inflates to 200 MB", () => fileOf(makePdfStreamBomb(200), "스트림폭탄.pdf"), HANGUL],
  ["a PDF with 5,000 pages", () => fileOf(makeManyPagePdf(5000), "페이지폭탄.pdf"), /페이지/],
];

describe.each([
  ["as a prompt (POST /sessions)", postPrompt],
  ["as an essay upload", postEssay],
])("hostile files %s", (_where, post) => {
  it.each(bombs)("rejects %s with a Korean 413/422, stays responsive, bounded memory", async (label, make, message) => {
    const file = make();
    const pid = functionPid();
    expect(pid, "the api function's deno process").not.toBeNull();
    const before = await counts();
    const baseline = statusKb(pid!, "VmRSS");
    const peakReset = resetPeak(pid!);
    const baselinePeak = peakReset ? baseline : statusKb(pid!, "VmHWM");

    const upload = post(file);
    const probe = await probeWhile(upload);
    const res = await upload;

    const peak = statusKb(pid!, "VmHWM");
    const growth = peak - baselinePeak;
    console.log(
      `[file-bombs] ${label} ${_where}: ${res.status} ${res.body?.error}; file ${(file.size / 1024).toFixed(0)} KB; ` +
        `deno RSS before ${(baseline / MB).toFixed(0)} MB, peak ${(peak / MB).toFixed(0)} MB ` +
        `(growth ${(growth / MB).toFixed(0)} MB${peakReset ? "" : ", peak not reset"}); ` +
        `GET /plans during upload: ${probe.ok} ok, ${probe.failed} failed, latency ms ${probe.latenciesMs.join(",")}`,
    );

    expect([413, 422]).toContain(res.status);
    expect(res.body.error).toMatch(HANGUL);
    expect(res.body.error).toMatch(message);
    expect(probe.failed).toBe(0);
    expect(probe.ok).toBeGreaterThanOrEqual(1);
    expect(functionPid()).toBe(pid); // the process survived
    expect(growth).toBeLessThan(PEAK_GROWTH_BUDGET);
    expect(await counts()).toEqual(before);
  });
});
