// Path matching for the route table: `:param` segments, static segments beat params.
import type { Method, Route } from "./types.ts";

export interface Match {
  route: Route;
  params: Record<string, string>;
}

export type Resolution = { kind: "found"; match: Match } | { kind: "method"; allow: Method[] } | { kind: "none" };

interface Compiled {
  route: Route;
  segments: string[];
}

/** `/functions/v1/api/x` and `/api/x` → `/x`; the rest of the path is kept as is. */
export function apiPath(pathname: string): string {
  const parts = pathname.split("/").filter((p) => p !== "");
  const i = parts.indexOf("api");
  const rest = i >= 0 ? parts.slice(i + 1) : parts;
  return "/" + rest.join("/");
}

function split(path: string): string[] {
  return path.split("/").filter((p) => p !== "");
}

export class Router {
  private compiled: Compiled[];

  constructor(routes: Route[]) {
    this.compiled = routes.map((route) => ({ route, segments: split(route.path) }));
  }

  resolve(method: string, path: string): Resolution {
    let segs: string[];
    try {
      segs = split(path).map((s) => decodeURIComponent(s));
    } catch {
      return { kind: "none" };
    }
    const candidates: { c: Compiled; score: number[]; params: Record<string, string> }[] = [];
    for (const c of this.compiled) {
      if (c.segments.length !== segs.length) continue;
      const params: Record<string, string> = {};
      const score: number[] = [];
      let ok = true;
      for (let i = 0; i < segs.length; i++) {
        const pat = c.segments[i];
        if (pat.startsWith(":")) {
          params[pat.slice(1)] = segs[i];
          score.push(0);
        } else if (pat === segs[i]) {
          score.push(1);
        } else {
          ok = false;
          break;
        }
      }
      if (ok) candidates.push({ c, score, params });
    }
    if (candidates.length === 0) return { kind: "none" };

    const m = method.toUpperCase() === "HEAD" ? "GET" : method.toUpperCase();
    const same = candidates.filter((x) => x.c.route.method === m);
    if (same.length === 0) {
      const allow = [...new Set(candidates.map((x) => x.c.route.method))];
      return { kind: "method", allow };
    }
    // Static beats param, left to right; on a tie the first declared wins.
    let best = same[0];
    for (const x of same.slice(1)) {
      for (let i = 0; i < x.score.length; i++) {
        if (x.score[i] !== best.score[i]) {
          if (x.score[i] > best.score[i]) best = x;
          break;
        }
      }
    }
    return { kind: "found", match: { route: best.c.route, params: best.params } };
  }
}
