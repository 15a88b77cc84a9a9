// @vitest-environment jsdom
// The terms name the paid plans as the plans data does (개인, 교육자, 기업 — not 기관), and the footer's
// copyright line is not in English.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { cleanup, render } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";
import { Footer } from "@/components/layout/footer";
import { TermsPage } from "@/features/legal/components/terms-page";

afterEach(cleanup);

/** The names of the paid plans in the seed of subscription_plans, cheapest first. */
function paidPlanNames(): string[] {
  const sql = readFileSync(resolve(import.meta.dirname, "../../supabase/migrations/20261122000200_plans-subscriptions-usage.sql"), "utf8");
  const seed = sql.slice(sql.indexOf("insert into public.subscription_plans"));
  const rows = [...seed.matchAll(/\('(\w+)', '([^']+)', '[^']*', (\d+),/g)].map((m) => ({ name: m[2], price: Number(m[3]) }));
  return rows
    .filter((r) => r.price > 0)
    .sort((a, b) => a.price - b.price)
    .map((r) => r.name);
}

describe("plan names and the footer", () => {
  it("the terms list the paid plans by their names in the plans data", () => {
    const names = paidPlanNames();
    expect(names).toEqual(["개인", "교육자", "기업"]);
    render(
      <MemoryRouter>
        <TermsPage />
      </MemoryRouter>,
    );
    const text = document.body.textContent ?? "";
    expect(text).toContain(`${names.join(", ")} 플랜`);
    expect(text).not.toContain("기관 플랜");
  });

  it("the footer's copyright line is Korean only", () => {
    render(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    );
    const text = document.body.textContent ?? "";
    expect(text).toMatch(/© \d{4} /);
    expect(text).not.toMatch(/All rights reserved/i);
  });
});
