// A route lives in the folder of its first path segment (`/api/<prefix>/…` in
// supabase/functions/api/<prefix>/), except the routes listed in the function README's table
// "Routes served outside their prefix's folder". The table is built from the registered routes
// (routes.ts `allRoutes`, each traced to the module that declares it) and checked both ways: every
// route outside its prefix's folder is listed with that folder, and every listed route exists there.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Route } from "../../supabase/functions/api/lib/types.ts";

const apiDir = join(import.meta.dirname, "../../supabase/functions/api");

/** `METHOD /path` → the folder of the module that declares it, from routes.ts's imports. */
async function registeredRoutes(): Promise<Map<string, string>> {
  const source = readFileSync(join(apiDir, "routes.ts"), "utf8");
  const modules = [...source.matchAll(/import \{ (\w+)(?: as \w+)? \} from "\.\/([\w-]+)\/([\w-]+\.ts)";/g)];
  const { allRoutes } = await import("../../supabase/functions/api/routes.ts");
  const folderOf = new Map<Route, string>();
  for (const [, name, folder, file] of modules) {
    const mod = (await import(join(apiDir, folder, file))) as Record<string, Route[]>;
    for (const route of mod[name]) folderOf.set(route, folder);
  }
  const table = new Map<string, string>();
  for (const route of allRoutes) {
    const folder = folderOf.get(route);
    expect(folder, `${route.method} ${route.path} is registered through an import routes.ts's pattern does not see`).toBeDefined();
    table.set(`${route.method} ${route.path}`, folder!);
  }
  return table;
}

/** The README's exceptions: `METHOD /path` → folder. */
function listedExceptions(): Map<string, string> {
  const readme = readFileSync(join(apiDir, "README.md"), "utf8");
  const start = readme.indexOf("## Routes served outside their prefix's folder");
  expect(start, "the README has the section").toBeGreaterThan(-1);
  const section = readme.slice(start).split(/\n## /)[0];
  const listed = new Map<string, string>();
  for (const line of section.split("\n").filter((l) => l.startsWith("| `"))) {
    const [routesCell, folderCell] = line.split("|").slice(1, 3);
    const folder = /`([\w-]+)\/`/.exec(folderCell)?.[1];
    for (const [, method, path] of routesCell.matchAll(/`(GET|POST|PUT|PATCH|DELETE) (\/[^`]*)`/g))
      listed.set(`${method} ${path}`, folder ?? "?");
  }
  return listed;
}

const prefixOf = (key: string) => key.split(" ")[1].split("/")[1];

describe("API route table", () => {
  it("serves each route from its prefix's folder or from the folder the README lists", { timeout: 60_000 }, async () => {
    const routes = await registeredRoutes();
    const listed = listedExceptions();
    const unlisted = [...routes]
      .filter(([key, folder]) => folder !== prefixOf(key) && listed.get(key) !== folder)
      .map(([key, folder]) => `${key} in ${folder}/`);
    expect(unlisted).toEqual([]);
    const stale = [...listed]
      .filter(([key, folder]) => routes.get(key) !== folder || folder === prefixOf(key))
      .map(([key, folder]) => `${key} listed in ${folder}/ (served from ${routes.get(key) ?? "nowhere"})`);
    expect(stale).toEqual([]);
    expect(routes.size).toBeGreaterThan(50);
  });
});
