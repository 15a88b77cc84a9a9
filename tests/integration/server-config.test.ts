// GET /api/config through the real function: public (no token), and on this stack (which has an
// LLM key, the fake provider) it says the server reads images with the vision model.
import { describe, expect, it } from "vitest";
import { api } from "../helpers/users.ts";

describe("GET /api/config", () => {
  it("answers without a token and reports server-side image reading", async () => {
    const res = await api("/config");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ serverOcr: true });
  });
});
