import { useEffect, useState } from "react";
import { env } from "@/config/env";
import type { Plan } from "@shared/types.ts";

/** What the landing's price section shows: loading, the active plans cheapest first, or nothing to show. */
export type LandingPlans = { status: "loading" } | { status: "ready"; plans: Plan[] } | { status: "error" };

/**
 * GET /plans — the same public list the plans page reads. A plain fetch: the landing's chunk carries no
 * API client or query library (its JavaScript budget, bench/web-weight.ts).
 */
export function useLandingPlans(): LandingPlans {
  const [state, setState] = useState<LandingPlans>({ status: "loading" });
  useEffect(() => {
    const abort = new AbortController();
    fetch(`${env.API_URL}/plans`, { signal: abort.signal, headers: { Accept: "application/json" } })
      .then((res) => (res.ok ? (res.json() as Promise<Plan[] | { plans?: Plan[] }>) : Promise.reject(new Error(String(res.status)))))
      .then((data) => {
        const list = Array.isArray(data) ? data : (data?.plans ?? []);
        const plans = list.filter((p) => p.isActive !== 0).sort((a, b) => a.price - b.price);
        setState(plans.length ? { status: "ready", plans } : { status: "error" });
      })
      .catch(() => {
        if (!abort.signal.aborted) setState({ status: "error" });
      });
    return () => abort.abort();
  }, []);
  return state;
}
