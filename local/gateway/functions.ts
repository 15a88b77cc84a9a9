// Runs supabase/functions/api under Deno (as `supabase functions serve` would) and proxies /functions/v1/* to it.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, watch, type FSWatcher } from "node:fs";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { freePort } from "../free-port.ts";

export interface FunctionsOptions {
  rootDir: string;
  env: Record<string, string>;
  watch?: boolean;
  log(line: string): void;
}

const UNAVAILABLE = { error: "함수를 불러올 수 없습니다 (function unavailable)", code: "function_unavailable" };
const HOP_BY_HOP = ["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade", "te", "trailer"];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.get({ host: "127.0.0.1", port, path: "/api/__ping", timeout: 2000 }, (res) => {
      res.resume();
      resolve(true);
    });
    req.on("error", () => resolve(false));
    req.on("timeout", () => req.destroy());
  });
}

export class FunctionsRuntime {
  port = 0;
  private child?: ChildProcess;
  private readyWait?: Promise<boolean>;
  private nextReady?: (ok: boolean) => void;
  private stopping = false;
  private restarts = 0;
  private watcher?: FSWatcher;
  private reloadTimer?: NodeJS.Timeout;

  private children = new Set<ChildProcess>();
  private reloadChain = Promise.resolve();
  private killOnExit = () => this.children.forEach((c) => c.kill("SIGKILL"));

  constructor(private opts: FunctionsOptions) {}

  async start() {
    this.port = await freePort();
    process.on("exit", this.killOnExit);
    this.spawn();
    if (this.opts.watch) this.watchSources();
    if (!(await this.readyWait)) {
      this.opts.log("functions: the api function did not answer in time; requests will get 503 until it does");
    }
  }

  private async waitReady(child: ChildProcess, timeoutMs = 60_000) {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline && child.exitCode === null && !child.killed) {
      if (await ping(this.port)) return true;
      await sleep(100);
    }
    return false;
  }

  private spawn() {
    const { rootDir, env, log } = this.opts;
    const denoJson = join(rootDir, "supabase/functions/api/deno.json");
    const args = ["run", "-A", "--node-modules-dir=manual"];
    if (existsSync(denoJson)) args.push("--config", denoJson);
    args.push(join(rootDir, "local/functions-entry.ts"));
    const passthrough = ["HOME", "PATH", "TMPDIR", "DENO_DIR", "LANG", "TZ"];
    const childEnv: Record<string, string> = { DENO_NO_UPDATE_CHECK: "1", NO_COLOR: "1", PORT: String(this.port), ...env };
    for (const k of passthrough) if (process.env[k] && !(k in childEnv)) childEnv[k] = process.env[k]!;
    const started = Date.now();
    this.child?.kill("SIGKILL");
    const child = spawn(join(rootDir, "node_modules/.bin/deno"), args, { cwd: rootDir, env: childEnv, stdio: ["ignore", "pipe", "pipe"] });
    this.child = child;
    this.children.add(child);
    const ready = this.waitReady(child);
    const waiting = this.nextReady;
    this.nextReady = undefined;
    if (waiting) void ready.then(waiting);
    this.readyWait = ready;
    for (const stream of [child.stdout!, child.stderr!]) {
      createInterface({ input: stream }).on("line", (line) => log(`[fn] ${line}`));
    }
    child.on("error", (err) => log(`functions: failed to start deno: ${err.message}`));
    child.on("exit", (code, signal) => {
      this.children.delete(child);
      if (this.child !== child) return;
      this.child = undefined;
      if (this.stopping) return;
      this.holdRequests();
      if (Date.now() - started > 30_000) this.restarts = 0;
      const delay = Math.min(500 * 2 ** this.restarts++, 5000);
      log(`functions: deno exited (${signal ?? code}); restarting in ${delay} ms`);
      setTimeout(() => !this.stopping && !this.child && this.spawn(), delay).unref();
    });
  }

  private async awaitReady() {
    if (!this.readyWait) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.readyWait, new Promise((resolve) => (timer = setTimeout(resolve, 20_000)))]);
    clearTimeout(timer);
  }

  private holdRequests() {
    if (!this.nextReady) this.readyWait = new Promise((resolve) => (this.nextReady = resolve));
  }

  private watchSources() {
    const dir = join(this.opts.rootDir, "supabase/functions");
    try {
      this.watcher = watch(dir, { recursive: true }, () => {
        clearTimeout(this.reloadTimer);
        this.reloadTimer = setTimeout(() => {
          this.reloadChain = this.reloadChain.then(() => this.reload());
        }, 400);
      });
    } catch (err) {
      this.opts.log(`functions: cannot watch ${dir}: ${(err as Error).message}`);
    }
  }

  private async reload() {
    if (this.stopping) return;
    this.opts.log("functions: source changed, reloading the api function");
    const old = this.child;
    this.child = undefined;
    this.holdRequests();
    if (old) await stopChild(old);
    if (!this.stopping) this.spawn();
  }

  async handle(req: IncomingMessage, res: ServerResponse, path: string) {
    const url = new URL(req.url ?? "/", "http://localhost");
    const name = path.split("/")[1] ?? "";
    if (name !== "api") {
      sendJson(res, 404, { error: "Function not found", code: "function_not_found" });
      req.resume();
      return;
    }
    const headers = { ...req.headers };
    for (const h of HOP_BY_HOP) delete headers[h];
    // As the hosted gateway does: the caller's address is appended to X-Forwarded-For.
    const peer = req.socket.remoteAddress?.replace(/^::ffff:/, "") ?? "unknown";
    const forwarded = req.headers["x-forwarded-for"];
    headers["x-forwarded-for"] = forwarded ? `${forwarded}, ${peer}` : peer;
    const bodyless = !req.headers["transfer-encoding"] && !Number(req.headers["content-length"] ?? 0);
    const attempt = async (retries: number) => {
      await this.awaitReady();
      const upstream = http.request({ host: "127.0.0.1", port: this.port, method: req.method, path: path + url.search, headers }, (up) => {
        const out = { ...up.headers };
        for (const h of HOP_BY_HOP) if (h !== "transfer-encoding") delete out[h];
        res.writeHead(up.statusCode ?? 502, out);
        up.pipe(res);
        up.on("error", () => res.destroy());
      });
      upstream.on("error", () => {
        if (res.headersSent) return void res.destroy();
        if (bodyless && retries > 0 && !this.stopping) return void sleep(300).then(() => attempt(retries - 1));
        sendJson(res, 503, UNAVAILABLE, { "Access-Control-Allow-Origin": "*" });
      });
      res.on("close", () => {
        if (!res.writableFinished) upstream.destroy();
      });
      if (bodyless) upstream.end();
      else req.pipe(upstream);
    };
    await attempt(3);
  }

  async stop() {
    this.stopping = true;
    this.nextReady?.(false);
    clearTimeout(this.reloadTimer);
    this.watcher?.close();
    this.child = undefined;
    await this.reloadChain;
    await Promise.all([...this.children].map(stopChild));
    process.off("exit", this.killOnExit);
  }
}

function stopChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 3000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "Content-Type": "application/json", ...headers }).end(JSON.stringify(body));
}
