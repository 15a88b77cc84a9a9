// No request body above ~40 MB is buffered, and a 50-file batch keeps
// the function under 200 MB. The api function runs under the edge profile (local/edge-profile/:
// Deno 2.1.4, edge-runtime's globals and permissions, a 256 MB heap) against the test stack's
// database, Auth and Storage; its peak RSS (VmHWM, /proc/<pid>/status) is the figure checked.
//
// 1. A single 41 MB multipart body (declared Content-Length, as browsers send FormData) gets the
//    Korean 413 and the process' peak RSS does not grow by anything like the body size.
// 2. A business teacher's 50 answers (20 .docx and 20 .pdf of ~600 KB, 10 .txt), sent the way the
//    SPA sends them (parts of ≤ 10 files and ≤ 30 MB, later parts `?append=1`), then start-batch:
//    all 50 are queued, and the peak RSS (upload, extraction, storage, grading) stays under 200 MB.
import { request } from "node:http";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readVmHwmKb, startEdgeFunction, type EdgeFunction } from "../../local/edge-profile/index.ts";
import { fileOf, makeDocx, makeDocxWithPhoto, makePdfWithImage, utf8 } from "../helpers/files.ts";
import { stackFunctionSettings } from "../helpers/function-settings.ts";
import { freePort } from "../helpers/free-port.ts";
import { closeTestSql, createMember, testSql, type TestUser } from "../helpers/users.ts";

const root = resolve(import.meta.dirname, "../..");
const strong = readFileSync(join(root, "tests/fixtures/essays/strong.txt"), "utf8");
const MB = 1024 * 1024;
/** The SPA's part limits (src/features/sessions/api/submit-batch.ts). */
const PART_MAX_BYTES = 30 * MB;
const PART_MAX_FILES = 10;
/** What edge-runtime counts (V8 heap used + external) must stay under 200 MB for a 50-file batch. */
const PEAK_BUDGET_KB = 200 * 1024;
/** The whole process (Deno's own code and allocator included), a looser guard: the 256 MB cap. */
const RSS_BUDGET_KB = 256 * 1024;

let fn: EdgeFunction;
let baseUrl = "";
let teacher: TestUser;
let sessionId = "";
const figures: string[] = [];

const functionSettings = () =>
  stackFunctionSettings(["LLM_API_KEY"], { GRADING_LEASE_SECONDS: "20", RATE_LIMIT_SESSIONS_PER_HOUR: "1000" });

async function call(path: string, opts: { form?: FormData; method?: string } = {}): Promise<{ status: number; body: any }> {
  const res = await fetch(`${baseUrl}${path}`, {
    method: opts.method ?? (opts.form ? "POST" : "GET"),
    headers: { Authorization: `Bearer ${teacher.token}` },
    body: opts.form,
  });
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) };
  } catch {
    return { status: res.status, body: text };
  }
}

const hwm = () => readVmHwmKb(fn.child.pid)!;
const mb = (kb: number) => `${(kb / 1024).toFixed(1)} MB`;

beforeAll(async () => {
  teacher = await createMember();
  await testSql()`update public.subscriptions set plan_id = 'business', status = 'active' where user_id = ${teacher.user.id}`;
  const port = await freePort();
  fn = await startEdgeFunction({ port, env: functionSettings(), timeoutMs: 600_000 });
  baseUrl = `http://127.0.0.1:${port}/api`;
  const form = new FormData();
  form.append("promptFile", fileOf(await makeDocx(), "문제.docx"));
  const s = await call("/sessions", { form });
  expect(s.status, JSON.stringify(s.body)).toBe(201);
  sessionId = s.body.id;
}, 600_000);

afterAll(async () => {
  await fn?.stop();
  await closeTestSql();
  console.log(`[edge-batch-memory] ${figures.join("; ")}`);
});

/**
 * POSTs a multipart body of `files` × `fileBytes` (zeros, generated as it is written) with its
 * Content-Length declared, the way a browser sends FormData; resolves with the answer.
 */
function postLargeMultipart(path: string, files: number, fileBytes: number): Promise<{ status: number; body: any; sent: number }> {
  const boundary = "----edgeBatchMemory";
  const heads = Array.from({ length: files }, (_, i) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="학생${i}_2024${i}.txt"\r\nContent-Type: text/plain\r\n\r\n`,
    ),
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const sep = Buffer.from("\r\n");
  const total = heads.reduce((s, h) => s + h.length + fileBytes, 0) + sep.length * (files - 1) + tail.length;
  const chunk = Buffer.alloc(256 * 1024, 0x61);
  return new Promise((resolvePromise, reject) => {
    let sent = 0;
    const req = request(`${baseUrl}${path}`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${teacher.token}`,
        "Content-Type": `multipart/form-data; boundary=${boundary}`,
        "Content-Length": String(total),
      },
    });
    req.on("response", (res) => {
      const parts: Buffer[] = [];
      res.on("data", (d) => parts.push(d));
      res.on("end", () => {
        const text = Buffer.concat(parts).toString("utf8");
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // keep the text
        }
        resolvePromise({ status: res.statusCode ?? 0, body, sent });
      });
    });
    req.on("error", reject);
    async function* pieces() {
      for (let i = 0; i < files; i++) {
        if (i > 0) yield sep;
        yield heads[i];
        for (let left = fileBytes; left > 0; left -= chunk.length) yield left >= chunk.length ? chunk : chunk.subarray(0, left);
      }
      yield tail;
    }
    (async () => {
      for await (const piece of pieces()) {
        if (req.destroyed) return;
        sent += piece.length;
        if (!req.write(piece)) await new Promise((r) => req.once("drain", r));
      }
      req.end();
    })().catch(reject);
  });
}

describe("request bodies above the multipart cap (40 MiB)", () => {
  it("a single 41 MB multipart body gets the Korean 413 without being buffered", async () => {
    // Warm up the route (module loading, the database pool) so the figure is the body's alone.
    const small = new FormData();
    small.append("files", fileOf(utf8(strong), "학생_20240001.txt"));
    expect((await call(`/sessions/${sessionId}/batch-upload`, { form: small })).status).toBe(201);

    const before = hwm();
    const res = await postLargeMultipart(`/sessions/${sessionId}/batch-upload?append=1`, 5, Math.ceil((41 * MB) / 5));
    const after = hwm();
    figures.push(`41 MB body: ${res.status} after ${(res.sent / MB).toFixed(1)} MB sent, peak RSS ${mb(before)} → ${mb(after)}`);
    expect(res.status).toBe(413);
    expect(res.body.error).toBe("요청 본문이 너무 큽니다. 한 번에 보내는 파일 수를 줄여 여러 번에 나누어 보내 주세요.");
    // Buffering (or parsing) the body would raise the peak by at least its 41 MB.
    expect(after - before).toBeLessThan(16 * 1024);
    // Nothing was staged by it: the one small answer is all there is.
    const [row] = await testSql()`
      select count(*)::int as n from public.essay_submissions where session_id = ${sessionId} and not usage_charged`;
    expect(row.n).toBe(1);
  }, 300_000);
});

describe("a 50-file batch in parts", () => {
  it("queues all 50 answers with the function's peak RSS under 200 MB", async () => {
    const paragraphs = strong.split("\n").filter(Boolean);
    const english = Array.from(
      { length: 40 },
      (_, i) => `Line ${i + 1}: technology in education needs critical thinking, evidence and clear reasoning.`,
    );
    const files: File[] = [];
    for (let i = 0; i < 50; i++) {
      const who = `학생_2025${String(i + 1).padStart(4, "0")}`;
      if (i % 5 < 2) files.push(fileOf(makeDocxWithPhoto(paragraphs, 600 * 1024 + i * 997), `${who}.docx`));
      else if (i % 5 < 4) files.push(fileOf(makePdfWithImage(english, 600 * 1024 + i * 997), `${who}.pdf`, "application/pdf"));
      else files.push(fileOf(utf8(`${strong}\n`.repeat(6)), `${who}.txt`, "text/plain"));
    }
    const totalBytes = files.reduce((s, f) => s + f.size, 0);
    expect(totalBytes).toBeGreaterThan(20 * MB);

    // The SPA's split: consecutive parts of ≤ 10 files and ≤ 30 MB.
    const parts: File[][] = [];
    for (const f of files) {
      const last = parts[parts.length - 1];
      if (!last || last.length >= PART_MAX_FILES || last.reduce((s, x) => s + x.size, 0) + f.size > PART_MAX_BYTES) parts.push([f]);
      else last.push(f);
    }
    expect(parts).toHaveLength(5);
    const startPeak = hwm();
    const partPeaks: string[] = [];
    for (let i = 0; i < parts.length; i++) {
      const form = new FormData();
      for (const f of parts[i]) {
        form.append("files", f);
        form.append("studentNames", "");
        form.append("studentIds", "");
      }
      const res = await call(`/sessions/${sessionId}/batch-upload${i === 0 ? "" : "?append=1"}`, { form });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.count).toBe(parts[i].length);
      expect(res.body.stagedCount).toBe(parts.slice(0, i + 1).flat().length);
      partPeaks.push(mb(hwm()));
    }
    const start = await call(`/sessions/${sessionId}/start-batch`, { method: "POST" });
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    expect(start.body.count).toBe(50);
    const uploadPeak = hwm();
    const queued = await testSql()`
      select student_name, student_id, essay_filename from public.essay_submissions
       where session_id = ${sessionId} and usage_charged order by essay_filename`;
    expect(queued).toHaveLength(50);
    expect(queued.map((r) => r.essay_filename)).toEqual(files.map((f) => f.name).sort());
    expect(queued[0]).toMatchObject({ student_name: "학생", student_id: "20250001" });

    // Grading runs in this process's worker too (the offline analyzer); wait for the batch to end.
    const deadline = Date.now() + 240_000;
    for (;;) {
      const [row] = await testSql()`
        select count(*) filter (where status in ('completed', 'error'))::int as done
          from public.essay_submissions where session_id = ${sessionId} and usage_charged`;
      if (row.done === 50) break;
      if (Date.now() > deadline) throw new Error(`only ${row.done}/50 graded\n${fn.output()}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    const peak = fn.peakRssKb()!;
    const counted = fn.peakCountedKb()!;
    figures.push(
      `50-file batch (${(totalBytes / MB).toFixed(1)} MB in ${parts.length} parts): peak RSS ${mb(startPeak)} before, after each part ${partPeaks.join(" / ")}, ${mb(uploadPeak)} after start-batch, ${mb(peak)} after grading; peak V8 heap + external (what edge-runtime counts) ${mb(counted)}`,
    );
    expect(counted).toBeGreaterThan(0);
    expect(counted).toBeLessThan(PEAK_BUDGET_KB);
    expect(peak).toBeLessThan(RSS_BUDGET_KB);
  }, 600_000);
});
