// The progress line while grading is retried says what happened: a refused
// connection is not "AI 응답이 지연되어", a timeout is a timeout. Real openai client, real sockets.
import { createServer, type Server, type Socket } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { llmClient, requestGrade, retryProgressMessage, withRetries, type LlmConfig } from "../../supabase/functions/api/grading/llm.ts";
import { systemPrompt } from "../../supabase/functions/api/grading/prompts.ts";
import { DEFAULT_RUBRIC } from "@shared/grading.ts";

const servers: Server[] = [];
const sockets: Socket[] = [];
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
});

/** A port nothing listens on (bound, read, closed). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

/** Accepts connections and never answers. */
async function silentPort(): Promise<number> {
  const server = createServer((socket) => sockets.push(socket));
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return (server.address() as { port: number }).port;
}

const cfg = (port: number): LlmConfig => ({
  baseURL: `http://127.0.0.1:${port}/v1`,
  apiKey: "k",
  model: "m",
  timeoutMs: 300,
  maxAttempts: 3,
  backoffMs: 5,
});

/** The progress lines the worker writes on each retry (it passes `attempt + 1` as the next attempt). */
async function retryLines(config: LlmConfig): Promise<string[]> {
  const lines: string[] = [];
  const system = systemPrompt(DEFAULT_RUBRIC, "문제");
  await expect(
    withRetries(
      config,
      () => requestGrade(DEFAULT_RUBRIC)(llmClient(config), config, system, "답안"),
      (attempt, reason) => {
        lines.push(retryProgressMessage(reason, attempt + 1, config.maxAttempts));
      },
    ),
  ).rejects.toThrow();
  return lines;
}

describe("retry progress message", () => {
  it("says the connection was refused, not that the answer was delayed", async () => {
    const lines = await retryLines(cfg(await closedPort()));
    expect(lines).toEqual([
      "AI 채점 서버에 연결할 수 없습니다. 다시 시도합니다 (2/3)...",
      "AI 채점 서버에 연결할 수 없습니다. 다시 시도합니다 (3/3)...",
    ]);
    for (const line of lines) expect(line).not.toMatch(/지연/);
  });

  it("says the time ran out when the server does not answer", async () => {
    const lines = await retryLines(cfg(await silentPort()));
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line).toMatch(/^AI 채점 서버의 응답 시간이 초과되었습니다\. 다시 시도합니다 \([23]\/3\)\.\.\.$/);
  });
});
