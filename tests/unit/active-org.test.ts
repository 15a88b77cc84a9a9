// The active organisation: kept in localStorage (`activeOrgId`, a UUID or nothing) and sent by the API client
// as X-Org-Id on every request; the personal space sends no header.
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ACTIVE_ORG_KEY, readActiveOrgId, writeActiveOrgId } from "@/lib/active-org";
import { createApiClient } from "@/lib/api-client";
import { server } from "../mocks/server.ts";

vi.mock("@/lib/supabase", () => ({ supabase: { auth: { getSession: async () => ({ data: { session: null } }) } } }));

const BASE = "http://api.test/api";
const ORG = "0b9f3c1e-7a2d-4c5e-9f10-1234567890ab";
const store = new Map<string, string>();

beforeEach(() => {
  store.clear();
  vi.stubGlobal("localStorage", {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the active organisation", () => {
  it("is a stored UUID; anything else is the personal space", () => {
    expect(readActiveOrgId()).toBeNull();
    writeActiveOrgId(ORG);
    expect(store.get(ACTIVE_ORG_KEY)).toBe(ORG);
    expect(readActiveOrgId()).toBe(ORG);
    store.set(ACTIVE_ORG_KEY, "'; drop table");
    expect(readActiveOrgId()).toBeNull();
    writeActiveOrgId(null);
    expect(store.has(ACTIVE_ORG_KEY)).toBe(false);
  });

  it("goes with every API request as X-Org-Id, and none in the personal space", async () => {
    const seen: (string | null)[] = [];
    server.use(
      http.get(`${BASE}/classes`, ({ request }) => {
        seen.push(request.headers.get("x-org-id"));
        return HttpResponse.json([]);
      }),
    );
    const api = createApiClient({ baseUrl: BASE, getAccessToken: async () => "t", getOrgId: readActiveOrgId });
    await api.get("/classes");
    writeActiveOrgId(ORG);
    await api.get("/classes");
    expect(seen).toEqual([null, ORG]);
  });
});
