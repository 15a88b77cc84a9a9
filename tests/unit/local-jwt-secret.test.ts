// The local stack signs with a random secret per data folder unless JWT_SECRET says otherwise.
import { mkdtemp, rm, stat, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DEMO_JWT_SECRET, resolveJwtSecret } from "../../local/config.ts";

const dirs: string[] = [];
async function freshDir() {
  const d = await mkdtemp(join(tmpdir(), "jwt-secret-"));
  dirs.push(d);
  return d;
}

afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

describe("local JWT secret", () => {
  it("generates a different random secret for each fresh data folder, stored with mode 600", async () => {
    const [a, b] = [await freshDir(), await freshDir()];
    const sa = resolveJwtSecret(a, undefined);
    const sb = resolveJwtSecret(b, undefined);
    expect(sa.source).toBe("file");
    expect(sa.secret).not.toBe(sb.secret);
    expect(sa.secret).not.toBe(DEMO_JWT_SECRET);
    expect(sa.secret.length).toBeGreaterThanOrEqual(32);
    expect((await readFile(join(a, "jwt-secret"), "utf8")).trim()).toBe(sa.secret);
    expect((await stat(join(a, "jwt-secret"))).mode & 0o777).toBe(0o600);
  });

  it("keeps the secret across restarts on the same data folder", async () => {
    const d = await freshDir();
    expect(resolveJwtSecret(d, undefined).secret).toBe(resolveJwtSecret(d, "").secret);
  });

  it("uses the demo secret only when asked for with JWT_SECRET=demo", async () => {
    const d = await freshDir();
    expect(resolveJwtSecret(d, "demo")).toEqual({ secret: DEMO_JWT_SECRET, source: "demo" });
    const pasted = resolveJwtSecret(d, DEMO_JWT_SECRET);
    expect(pasted.secret).not.toBe(DEMO_JWT_SECRET);
    expect(pasted.source).toBe("file");
    expect(pasted.warning).toMatch(/JWT_SECRET=demo/);
  });

  it("uses an explicit JWT_SECRET of 32+ characters and refuses a short one", async () => {
    const d = await freshDir();
    const own = "x".repeat(16) + "y".repeat(24);
    expect(resolveJwtSecret(d, own)).toEqual({ secret: own, source: "env" });
    expect(() => resolveJwtSecret(d, "short")).toThrow(/32/);
  });
});
