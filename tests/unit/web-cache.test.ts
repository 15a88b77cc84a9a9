// local/web.ts's build cache: two `npm start`s of one checkout with different ports or VITE_* settings
// serve different builds, and neither may delete the build the other is serving.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { markBuildInUse, processAlive, pruneWebBuilds, serveWebBuild } from "../../local/web.ts";
import { freePorts } from "../helpers/free-port.ts";

const cache = mkdtempSync(join(tmpdir(), "web-cache-"));
const children: ChildProcess[] = [];

/** A build folder last used `ageMinutes` ago. */
function build(key: string, ageMinutes: number) {
  const dir = join(cache, key);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "index.html"), `<!doctype html><title>${key}</title>`);
  const at = new Date(Date.now() - ageMinutes * 60_000);
  utimesSync(dir, at, at);
}

/** Another live process (as a second `npm start` would be). */
function otherProcess(): number {
  const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
  children.push(child);
  return child.pid!;
}

async function goneProcess(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  await new Promise((r) => child.once("exit", r));
  return child.pid!;
}

afterAll(() => {
  for (const c of children) c.kill();
  rmSync(cache, { recursive: true, force: true });
});

// Child processes are spawned and probed: on a busy machine that takes longer than the 5 s default.
describe("pruning the SPA build cache", { timeout: 60_000 }, () => {
  it("keeps the three most recently used builds and every build a live process serves", async () => {
    // Two servers of this checkout started long ago on builds that have since become old.
    build("served-by-me", 60);
    build("served-by-other", 50);
    build("abandoned", 40);
    build("dead-servers", 45);
    for (const key of ["new-1", "new-2", "new-3"]) build(key, 1);
    const releaseMine = markBuildInUse(cache, "served-by-me");
    markBuildInUse(cache, "served-by-other", otherProcess());
    markBuildInUse(cache, "dead-servers", await goneProcess());
    mkdirSync(join(cache, `.tmp-half-${await goneProcess()}`));

    const pruned = pruneWebBuilds(cache, 3);

    expect(pruned.sort()).toEqual(["abandoned", "dead-servers"]);
    expect(
      readdirSync(cache)
        .filter((n) => !n.startsWith("."))
        .sort(),
    ).toEqual(["new-1", "new-2", "new-3", "served-by-me", "served-by-other"]);
    expect(readdirSync(cache).some((n) => n.startsWith(".tmp-"))).toBe(false); // half a build of a process that is gone
    expect(readdirSync(join(cache, ".in-use")).some((n) => n.startsWith("dead-servers."))).toBe(false);

    // Both servers keep answering from their builds.
    const [port] = await freePorts(1);
    const server = await serveWebBuild({ dir: join(cache, "served-by-other"), port, supabaseUrl: "http://127.0.0.1:1" });
    try {
      const res = await fetch(`http://127.0.0.1:${port}/`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("served-by-other");
    } finally {
      await server.close();
    }

    // Once released, an old build goes at the next pruning.
    releaseMine();
    expect(pruneWebBuilds(cache, 3)).toEqual(["served-by-me"]);
    expect(existsSync(join(cache, "served-by-me"))).toBe(false);
    expect(existsSync(join(cache, "served-by-other"))).toBe(true);
  });

  it("tells live processes from gone ones", async () => {
    expect(processAlive(process.pid)).toBe(true);
    expect(processAlive(otherProcess())).toBe(true);
    expect(processAlive(await goneProcess())).toBe(false);
  });
});
