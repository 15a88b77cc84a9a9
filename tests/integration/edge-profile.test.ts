// The edge profile (local/edge-profile/): the api function started as Supabase edge-runtime
// starts it — Deno 2.1.4, modules from deno.json only (DENO_NO_PACKAGE_JSON=1, no node_modules),
// without the globals edge-runtime lacks (DOMMatrix & co, Worker, localStorage...), without
// subprocesses / FFI, writing only under /tmp, a 256 MB heap — runs its own integration smoke
// against the test stack's database and Auth: sign-up, login, a session from a .docx and from a
// .pdf question, a typed and a file answer graded by its own worker (offline analyzer, then the
// fake LLM), the report, a payment confirmation against the fake Toss. Prints the function's
// peak RSS (VmHWM).
//
// The shared stack's own function instance keeps ticking its worker and could claim a job queued
// here; each graded answer therefore proves who graded it (offline result / this file's own fake
// LLM saw the call) and is submitted again when the other instance got it first.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { config } from "../../local/config.ts";
import { edgeDenoBinary, edgeEnv, edgeRunArgs, startEdgeFunction, type EdgeFunction } from "../../local/edge-profile/index.ts";
import { startFakeLlm, type FakeLlm } from "../fakes/llm.ts";
import { fileOf, makeDocx, makePdf, PDF_PAGES } from "../helpers/files.ts";
import { stackFunctionSettings } from "../helpers/function-settings.ts";
import { waitForEnd as waitForEndOf } from "../helpers/grading.ts";
import { freePort } from "../helpers/free-port.ts";
import { readStack } from "../helpers/stack.ts";
import { closeTestSql, testSql, uniqueUsername } from "../helpers/users.ts";

const root = resolve(import.meta.dirname, "../..");
const essays = join(root, "tests/fixtures/essays");
const strong = readFileSync(join(essays, "strong.txt"), "utf8");
const medium = readFileSync(join(essays, "medium.txt"), "utf8");
const EDGE_MODEL = "edge-profile-grader";

let fn: EdgeFunction | undefined;
let llm: FakeLlm;
let baseUrl = "";
const peaks: Record<string, number | null> = {};

/** The function's settings as the local stack gives them, with the test harness' generous limits. */
function functionSettings(extra: Record<string, string>): Record<string, string> {
  const stack = readStack();
  return stackFunctionSettings(["LLM_API_KEY"], {
    TOSS_API_BASE: stack.fakeTossUrl ?? "",
    TOSS_TIMEOUT_MS: "2000",
    GRADING_LEASE_SECONDS: "20",
    RATE_LIMIT_GUESTS_PER_HOUR: "1000",
    RATE_LIMIT_REGISTRATIONS_PER_HOUR: "1000",
    RATE_LIMIT_LOGINS_PER_15_MIN: "1000",
    RATE_LIMIT_SESSIONS_PER_HOUR: "1000",
    FREE_USES_PER_ADDRESS_PER_DAY: "100000",
    FREE_USES_PER_DEVICE_PER_DAY: "100000",
    ...extra,
  });
}

async function start(label: string, extra: Record<string, string>) {
  await stop();
  const port = await freePort();
  fn = await startEdgeFunction({ port, env: functionSettings(extra), timeoutMs: 600_000 });
  baseUrl = `http://127.0.0.1:${port}/api`;
  const plans = await call("/plans");
  expect(plans.status, fn.output()).toBe(200);
  expect(fn.output()).not.toContain("api function unavailable");
  peaks[label] = null;
  return label;
}

async function stop(label?: string) {
  if (!fn) return;
  const peak = fn.peakRssKb();
  await fn.stop();
  if (label) peaks[label] = peak;
  fn = undefined;
}

interface Call {
  token?: string;
  json?: unknown;
  form?: FormData;
  method?: string;
}

async function call(path: string, opts: Call = {}): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = {};
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  let body: BodyInit | undefined;
  if (opts.json !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(opts.json);
  } else if (opts.form) body = opts.form;
  const res = await fetch(`${baseUrl}${path}`, { method: opts.method ?? (body ? "POST" : "GET"), headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // keep the text
  }
  return { status: res.status, body: parsed };
}

const waitForEnd = (id: string) => waitForEndOf(id, 60_000, () => String(fn?.output()));

/**
 * Submits an answer to this instance and waits for its report; `ours` tells whether this
 * instance's worker graded it (else the shared stack's instance was first: submit again).
 */
async function gradedHere(
  submit: () => Promise<{ status: number; body: any }>,
  ours: (report: any, id: string) => Promise<boolean> | boolean,
) {
  for (let attempt = 1; ; attempt++) {
    const res = await submit();
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id: string = res.body.id ?? res.body.submission?.id;
    const row = await waitForEnd(id);
    expect(row.status, row.last_error ?? "").toBe("completed");
    const report = await call(`/submissions/${id}/report`, { token: member.token });
    expect(report.status).toBe(200);
    if (await ours(report.body, id)) return report.body;
    console.log(`[edge-profile] answer ${id} was graded by the shared stack's instance (attempt ${attempt}); submitting again`);
    if (attempt >= 4) throw new Error("the shared stack's worker graded every attempt; nothing was graded under the edge profile");
  }
}

let member: { token: string; id: string; username: string; password: string };
let docxSession = "";

beforeAll(async () => {
  llm = await startFakeLlm();
});

afterAll(async () => {
  await stop();
  await llm?.stop();
  await closeTestSql();
  const fmt = (kb: number | null) => (kb === null ? "n/a" : `${(kb / 1024).toFixed(1)} MB`);
  console.log(
    `[edge-profile] peak RSS (VmHWM) of the api function: ${Object.entries(peaks)
      .map(([k, v]) => `${k} ${fmt(v)}`)
      .join(", ")}`,
  );
});

describe("the edge profile itself", () => {
  it("runs Deno 2.1.4 from deno.json only, without the globals, subprocesses, FFI and writes edge-runtime refuses", () => {
    const args = edgeRunArgs(root);
    args[args.length - 1] = join(root, "local/edge-profile/probe.ts");
    // A folder outside /tmp, where the profile must refuse writes: /var/tmp, or the checkout's .cache
    // when the checkout itself is not under /tmp (a clone made with mktemp -d is).
    const base = existsSync("/var/tmp") ? "/var/tmp" : join(root, ".cache");
    mkdirSync(base, { recursive: true });
    const outside = mkdtempSync(join(base, "edge-probe-"));
    expect(outside.startsWith("/tmp/")).toBe(false);
    try {
      const res = spawnSync(edgeDenoBinary(root), args, {
        cwd: "/tmp",
        env: edgeEnv({ EDGE_PROBE_DIR: outside }),
        encoding: "utf8",
        timeout: 300_000,
      });
      expect(res.status, res.stderr).toBe(0);
      const probe = JSON.parse(res.stdout.trim().split("\n").pop()!);
      expect(probe.deno).toBe("2.1.4");
      expect(probe.packageJson).toBe("1");
      expect(probe.zod).toMatch(/^npm:zod@/);
      // every browser-only global the probe looks for is missing, but ImageData and EdgeRuntime (createImageBitmap is not pinned)
      const globals = Object.entries(probe.globals as Record<string, boolean>);
      expect(globals.length).toBeGreaterThanOrEqual(16);
      for (const [name, found] of globals) {
        if (!["ImageData", "EdgeRuntime", "createImageBitmap"].includes(name)) expect(found, name).toBe(false);
      }
      expect(probe.globals.ImageData).toBe(true);
      expect(probe.globals.EdgeRuntime).toBe(true);
      expect(probe.sharedArrayBufferIsArrayBuffer).toBe(true);
      expect(probe.hardwareConcurrency).toBe(1);
      expect(probe.denoRun).toBe("undefined");
      expect(probe.denoDlopen).toBe("undefined");
      expect(probe.commandRefused).toBeTruthy();
      expect(probe.childProcessRefused).toBeTruthy();
      expect(probe.writeOutsideTmpRefused).toBeTruthy();
      expect(probe.writeUnderTmpOk).toBe(true);
      // --max-old-space-size=256 (+ the young generation)
      expect(probe.heapLimitMb).toBeGreaterThanOrEqual(256);
      expect(probe.heapLimitMb).toBeLessThan(400);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  }, 600_000);
});

describe("the api function under the edge profile (offline grading)", () => {
  beforeAll(async () => {
    await start("offline", {});
  }, 600_000);
  afterAll(() => stop("offline"));

  it("signs up and logs in", async () => {
    const username = uniqueUsername("edge");
    const password = "password123";
    const reg = await call("/auth/register", { json: { username, email: `${username}@example.com`, password } });
    expect(reg.status, JSON.stringify(reg.body)).toBe(201);
    const login = await call("/auth/login", { json: { username, password } });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    expect(login.body.user.username).toBe(username);
    member = { token: login.body.session.access_token, id: login.body.user.id, username, password };
    const me = await call("/auth/me", { token: member.token });
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(member.id);
    expect(me.body.username).toBe(username);
  });

  it("starts a session from a .docx question and from a .pdf question", async () => {
    const docx = new FormData();
    docx.append("promptFile", fileOf(await makeDocx(), "문제.docx"));
    const a = await call("/sessions", { token: member.token, form: docx });
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    expect(a.body.promptContent).toContain("인공지능 시대의 교육");
    expect(a.body.promptContent).toContain("논리 구조 | 40점");
    docxSession = a.body.id;

    const pdf = new FormData();
    pdf.append("promptFile", fileOf(await makePdf(), "문제.pdf", "application/pdf"));
    const b = await call("/sessions", { token: member.token, form: pdf });
    expect(b.status, JSON.stringify(b.body)).toBe(201);
    for (const page of PDF_PAGES) expect(b.body.promptContent).toContain(page);
  });

  it("grades a typed answer with the offline analyzer in its own worker, and serves the report", async () => {
    const report = await gradedHere(
      () =>
        call(`/sessions/${docxSession}/submissions`, {
          token: member.token,
          json: { essayContent: strong, studentName: "홍길동", studentId: "20240101" },
        }),
      (r) => r.grader === "offline",
    );
    expect(report.grader).toBe("offline");
    expect(report.overallScore).toBeGreaterThan(0);
    expect(report.overallScore).toBeLessThanOrEqual(report.maxScore);
    expect(report.categories.length).toBeGreaterThan(0);
    expect(report.studentInfo).toEqual({ name: "홍길동", studentId: "20240101" });
  });

  it("grades a .docx answer with the offline analyzer in its own worker", async () => {
    const docx = await makeDocx(medium.split("\n").filter(Boolean), null);
    const report = await gradedHere(
      () => {
        const form = new FormData();
        form.append("essayFile", fileOf(docx, "김철수_20240102.docx"));
        form.append("studentName", "김철수");
        form.append("studentId", "20240102");
        return call(`/sessions/${docxSession}/submissions`, { token: member.token, form });
      },
      (r) => r.grader === "offline",
    );
    expect(report.studentInfo).toEqual({ name: "김철수", studentId: "20240102" });
    expect(report.overallScore).toBeGreaterThan(0);
  });

  it("confirms a payment with the fake Toss and activates the plan", async () => {
    const intent = await call("/payments/create-intent", { token: member.token, json: { planId: "educator" } });
    expect(intent.status, JSON.stringify(intent.body)).toBe(201);
    const paymentKey = `pk_ok_edge_${Date.now().toString(36)}`;
    const res = await call("/payments/toss-confirm", {
      token: member.token,
      json: { paymentKey, orderId: intent.body.intentId, amount: intent.body.amount },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ orderId: intent.body.intentId, totalAmount: 29900 });
    const seen = (await (await fetch(`${readStack().fakeTossUrl}/__requests`)).json()) as Array<{ path: string; body: any; headers: any }>;
    const confirms = seen.filter((r) => r.path === "/v1/payments/confirm" && r.body?.orderId === intent.body.intentId);
    expect(confirms).toHaveLength(1);
    expect(confirms[0].headers.authorization).toBe(`Basic ${Buffer.from(`${config.toss.secretKey}:`).toString("base64")}`);
    const [sub] = await testSql()`select plan_id, status from public.subscriptions where user_id = ${member.id}`;
    expect(sub).toMatchObject({ plan_id: "educator", status: "active" });
    const usage = await call("/usage/status", { token: member.token });
    expect(usage.body.plan.id).toBe("educator");
  });
});

describe("the api function under the edge profile (through the fake LLM)", () => {
  beforeAll(async () => {
    await start("llm", { LLM_BASE_URL: llm.url, LLM_API_KEY: "edge-key", LLM_MODEL: EDGE_MODEL, LLM_TIMEOUT_MS: "5000" });
  }, 600_000);
  afterAll(() => stop("llm"));

  it("grades a typed answer through the OpenAI client in its own worker", async () => {
    const report = await gradedHere(
      () =>
        call(`/sessions/${docxSession}/submissions`, {
          token: member.token,
          json: { essayContent: `${strong}\n[[llm:ok:edge]]`, studentName: "이영희", studentId: "20240103" },
        }),
      (r) => r.grader === "ai" && r.model === EDGE_MODEL,
    );
    expect(report.grader).toBe("ai");
    expect(llm.requests.some((r) => r.model === EDGE_MODEL)).toBe(true);
  });
});
