// Helpers of grading tests: what the fake LLM was sent, and waiting for an answer to be graded.
import type postgres from "postgres";
import { readStack } from "./stack.ts";
import { testSql } from "./users.ts";

/** One request as the fake LLM recorded it (tests/fakes/llm.ts). */
export interface LlmRequest {
  marker: string;
  system: string;
  user: string;
}

/** The requests the fake LLM (the shared stack's, or the one at `llmUrl`) received for `marker`. */
export async function llmRequests(marker: string, llmUrl = readStack().fakeLlmUrl!): Promise<LlmRequest[]> {
  const res = await fetch(`${llmUrl.replace(/\/v1$/, "")}/__requests`);
  return ((await res.json()) as LlmRequest[]).filter((r) => r.marker === marker);
}

/** Polls the submission until it is completed or errored (its row), or throws after `timeoutMs`. */
export async function waitForGraded(id: string, timeoutMs = 45_000, sql: postgres.Sql = testSql()) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await sql`select status, progress from public.essay_submissions where id = ${id}`;
    if (row && (row.status === "completed" || row.status === "error")) return row;
    if (Date.now() > end) throw new Error(`submission ${id} still ${row?.status}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
