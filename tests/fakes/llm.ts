// A local OpenAI-compatible server for tests and benchmarks (POST /v1/chat/completions).
// Behaviour is chosen by a marker in the student's answer, e.g. `[[llm:429once:abc]]`:
//   ok (default)            valid grade: 80 % of each rubric category's points
//   429once:<key>           first call for <key> → 429, later calls ok
//   500once:<key>           first call → 500
//   malformed-once:<key>    first call → content that is not JSON, later ok
//   truncated-once:<key>    first call → finish_reason "length"
//   hang                    never answers (the client's timeout must end it); `hanging()` counts
//                           the hung requests whose connection is still open
//   hangfirst:<n>           the first n calls hang, later calls answer
//   outofrange              scores far outside [0, max]
//   slow:<ms>               answers after <ms>
//   score:<ratio>           every category gets ratio × max (e.g. score:1.0)
// FAKE_LLM_LATENCY_MS / the `latencyMs` option adds a fixed delay to every answer.
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedLlmRequest {
  marker: string;
  model: string;
  temperature: number | undefined;
  responseFormat: unknown;
  system: string;
  user: string;
  at: number;
}

export interface FakeLlm {
  url: string;
  requests: RecordedLlmRequest[];
  setLatency(ms: number): void;
  /** Requests held open by `hang` whose client has not given up yet. */
  hanging(): number;
  stop(): Promise<void>;
}

function rubricFromSystem(system: string): { name: string; max: number }[] {
  const out: { name: string; max: number }[] = [];
  for (const line of system.split("\n")) {
    const m = /^\d+\.\s+(.+?)\s+\((\d+(?:\.\d+)?)점\)/.exec(line.trim());
    if (m) out.push({ name: m[1], max: Number(m[2]) });
  }
  return out.length ? out : [{ name: "종합", max: 100 }];
}

function gradeJson(system: string, ratio: number, outOfRange: boolean): string {
  const rubric = rubricFromSystem(system);
  return JSON.stringify({
    categories: rubric.map((c, i) => ({
      name: c.name,
      score: outOfRange ? (i % 2 === 0 ? c.max * 10 : -7) : Math.round(c.max * ratio * 10) / 10,
      feedback: `${c.name} 항목은 주장과 근거의 연결이 대체로 자연스럽습니다.`,
    })),
    strengths: ["주장이 서론에서 분명하게 제시되었습니다.", "구체적인 사례를 근거로 들었습니다."],
    improvementAreas: ["반론에 대한 검토가 부족합니다.", "일부 문장이 지나치게 깁니다."],
    detailedFeedback: "전체적으로 논지가 일관되며 근거가 적절합니다. 다만 반론을 고려하면 설득력이 높아집니다.",
    suggestions: ["결론에서 주장을 한 문장으로 다시 요약하세요.", "통계 자료의 출처를 밝혀 주세요.", "긴 문장을 두 문장으로 나누세요."],
    onTopic: true,
    manipulationAttempt: false,
  });
}

export interface FakeLlmOptions {
  latencyMs?: number;
  /** Answer 400 to requests carrying `temperature`, as reasoning models do. */
  rejectTemperature?: boolean;
  /** Answer 400 to `response_format: json_schema`, as some OpenAI-compatible servers do. */
  rejectJsonSchema?: boolean;
}

export async function startFakeLlm(opts: FakeLlmOptions = {}): Promise<FakeLlm> {
  let latency = opts.latencyMs ?? Number(process.env.FAKE_LLM_LATENCY_MS ?? 0);
  const requests: RecordedLlmRequest[] = [];
  const seen = new Map<string, number>();
  const hanging = new Set<http.ServerResponse>();

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = req.url ?? "";
    if (req.method === "GET" && url.startsWith("/__requests")) {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(requests));
      return;
    }
    if (req.method !== "POST" || !url.endsWith("/chat/completions")) {
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: "not found" } }));
      return;
    }
    let body: {
      model: string;
      temperature?: number;
      response_format?: unknown;
      messages: { role: string; content: unknown }[];
    };
    try {
      body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    } catch {
      res.writeHead(400).end();
      return;
    }
    const system = String(body.messages.find((m) => m.role === "system")?.content ?? "");
    const userMsg = body.messages.find((m) => m.role === "user")?.content;
    const user = typeof userMsg === "string" ? userMsg : JSON.stringify(userMsg);
    const marker = /\[\[llm:([^\]]+)\]\]/.exec(user)?.[1] ?? "ok";
    requests.push({
      marker,
      model: body.model,
      temperature: body.temperature,
      responseFormat: body.response_format,
      system,
      user,
      at: Date.now(),
    });
    const reject = (param: string) => {
      res.writeHead(400, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: `Unsupported parameter: '${param}' is not supported with this model.`, type: "invalid_request_error", param } }));
    };
    if (opts.rejectTemperature && body.temperature !== undefined) return reject("temperature");
    const format = body.response_format as { type?: string } | undefined;
    if (opts.rejectJsonSchema && format?.type === "json_schema") return reject("response_format");
    const [kind, arg] = marker.split(":");
    const count = (seen.get(marker) ?? 0) + 1;
    seen.set(marker, count);

    if (kind === "hang" || (kind === "hangfirst" && count <= (Number(arg) || 1))) {
      hanging.add(res);
      res.on("close", () => hanging.delete(res));
      return;
    }
    let delay = latency;
    if (kind === "slow") delay += Number(arg) || 0;
    if (delay > 0) await new Promise((r) => setTimeout(r, delay));

    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(payload));
    };
    if (kind === "429once" && count === 1) return send(429, { error: { message: "rate limited", type: "rate_limit" } });
    if (kind === "500once" && count === 1) return send(500, { error: { message: "boom" } });

    const isImage = typeof userMsg !== "string";
    let content: string;
    let finish = "stop";
    if (isImage) {
      content = "스마트폰 사용 제한에 대한 학생 답안을 이미지에서 읽은 글입니다.";
    } else if (kind === "malformed-once" && count === 1) {
      content = "죄송합니다. JSON이 아닌 답변입니다 {";
    } else if (kind === "truncated-once" && count === 1) {
      content = '{"categories": [';
      finish = "length";
    } else {
      const ratio = kind === "score" ? Number(arg) : 0.8;
      content = gradeJson(system, Number.isFinite(ratio) ? ratio : 0.8, kind === "outofrange");
    }
    send(200, {
      id: `chatcmpl-${requests.length}`,
      object: "chat.completion",
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: finish }],
      usage: { prompt_tokens: 100, completion_tokens: 100, total_tokens: 200 },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    setLatency(ms) {
      latency = ms;
    },
    hanging() {
      return hanging.size;
    },
    async stop() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
