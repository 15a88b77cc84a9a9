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
//   jitter:<d>              calls score 0.7, 0.7+d, 0.7−3d of max in turn (per category prompt)
//   omit:<category>         the grade leaves that rubric category out (per-criterion: its call gives no score)
//   omit-once:<category>    the first call for this marker leaves it out, later calls are whole
//   rename-once:<key>       the first call names the first category differently (RENAMED_CATEGORY)
//   badcat                  annotations also carry a category the rubric does not have (UNKNOWN_CATEGORY)
//   badcat-once:<key>       only the first call does
// Grades follow the request's schema: `categories` keyed by the rubric's category names.
// Images (transcription): `{ text, legible }`; a marker in the image's bytes picks the reading:
//   [[ocr:json]] a grade as JSON, [[ocr:empty]] "", [[ocr:illegible]], [[ocr:partial]] (low
//   legibility), [[ocr:short]] 99 characters; otherwise FAKE_TRANSCRIPTION (clear).
// Per-criterion prompts ("## 이번에 채점할 항목", one category) get {score, feedback}; the overall
// prompt ("## 종합 피드백 작성") gets the grade without categories. `usage` is proportional to the
// text (fakeTokens); a system prompt seen before is cached from 1,024 tokens on (fakeCachedTokens).
// Every grade carries `annotations` built from the answer it was sent (see fakeAnnotations):
// quotes that occur (one with its line break written as a space), one invented quote, one that
// overlaps another (and with `badcat`, one with a category the rubric does not have).
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

export const INVENTED_QUOTE = "이 문장은 학생 답안 어디에도 없는 지어낸 인용입니다.";
export const UNKNOWN_CATEGORY = "분량 준수";
export const RENAMED_CATEGORY = "글의 짜임새";
/** What the fake reads from a clear photo: a 100-character answer after trimming. */
export const FAKE_TRANSCRIPTION = (
  "스마트폰 사용 제한에 대한 학생 답안을 이미지에서 읽은 글입니다. " +
  "학교에서 스마트폰 사용을 제한하면 수업 집중도가 높아지고 친구와의 대화가 늘어난다고 생각합니다. 그 근거를 들겠습니다."
).slice(0, 100);

export interface FakeAnnotation {
  quote: string;
  category: string;
  kind: "잘한 점" | "고칠 점" | "질문";
  comment: string;
  rewrite: string | null;
}

/** The essay between the prompt's fences (grading/prompts.ts essayMessage), as the model sees it. */
function essayFromUser(user: string): string {
  const m = /<<<STUDENT_ESSAY\n([\s\S]*)\nSTUDENT_ESSAY>>>/.exec(user);
  return m ? m[1] : "";
}

/**
 * The annotations the fake grader returns for `essay`, in this order: the first sentence (잘한 점);
 * a span across the first line break, written with a single space (고칠 점, category name written
 * without its space); an invented quote; the first sentence's end with the next one's start (overlaps
 * the first); a real
 * sentence with a category not in the rubric; the last sentence (질문).
 * `expectedKept` lists the quotes the server must keep (in this order).
 */
export function fakeAnnotations(
  essay: string,
  rubric: { name: string }[],
  opts: { unknownCategory?: boolean } = {},
): { annotations: FakeAnnotation[]; expectedKept: string[] } {
  const pieces = essay.split(/(?<=[.!?])\s+/).map((x) => x.trim());
  const good = (x: string) => x.length >= 12 && !x.includes("[[") && !x.includes("\n");
  const sentences = pieces.filter(good);
  const cat = (i: number) => rubric[i % rubric.length]?.name ?? "종합";
  const out: FakeAnnotation[] = [];
  const kept: string[] = [];
  const first = sentences[0];
  if (first) {
    out.push({ quote: first, category: cat(0), kind: "잘한 점", comment: "주장을 첫 문장에서 분명히 밝혔습니다.", rewrite: null });
    kept.push(first);
  }
  const lines = essay.split("\n");
  const at = lines.findIndex(
    (l, i) => l.trim().length >= 6 && (lines[i + 1] ?? "").trim() === "" && (lines[i + 2] ?? "").trim().length >= 6,
  );
  if (at >= 0) {
    const across = `${lines[at].trim().slice(-6)} ${lines[at + 2].trim().slice(0, 6)}`;
    const flat = essay.replace(/\s+/g, " ");
    const a0 = flat.indexOf(across);
    const f0 = first ? flat.indexOf(first) : -1;
    const clear = f0 < 0 || a0 >= f0 + first!.length || a0 + across.length <= f0;
    if (clear) {
      out.push({
        quote: across,
        category: cat(1).replace(/\s+/g, ""),
        kind: "고칠 점",
        comment: "문단이 바뀌는 곳의 연결이 어색합니다.",
        rewrite: "문단을 잇는 연결어를 넣어 고쳐 쓴 문장입니다.",
      });
      kept.push(across);
    }
  }
  out.push({ quote: INVENTED_QUOTE, category: cat(0), kind: "고칠 점", comment: "지어낸 인용입니다.", rewrite: "고친 문장" });
  if (first) {
    // The end of the first sentence and the start of the next: overlaps the first, occurs once.
    const next = pieces[pieces.indexOf(first) + 1] ?? "";
    if (next.length >= 8) {
      out.push({
        quote: `${first.slice(-8)} ${next.slice(0, 8)}`,
        category: cat(2),
        kind: "질문",
        comment: "앞의 표시와 겹치는 구절입니다.",
        rewrite: null,
      });
    }
  }
  if (sentences[1] && opts.unknownCategory) {
    out.push({ quote: sentences[1], category: UNKNOWN_CATEGORY, kind: "질문", comment: "채점 기준에 없는 항목입니다.", rewrite: null });
  }
  const last = sentences[sentences.length - 1];
  if (last && sentences.length >= 3) {
    out.push({ quote: last, category: cat(2), kind: "질문", comment: "이 결론을 뒷받침하는 근거는 무엇인가요?", rewrite: null });
    kept.push(last);
  }
  return { annotations: out, expectedKept: kept };
}

/** Headings of the per-criterion mode's prompts (grading/prompts.ts CRITERION_HEADING, OVERALL_HEADING). */
const CRITERION_HEADING = "## 이번에 채점할 항목";
const OVERALL_HEADING = "## 종합 피드백 작성";

/**
 * `[[llm:jitter:<d>]]`: the n-th call (per marker and category prompt) scores at
 * 0.7, 0.7 + d, 0.7 − 3d of the points, in turn — the median of three samples is 0.7, their mean is not.
 */
export const JITTER_BASE = 0.7;
export function jitterRatio(d: number, count: number): number {
  const offsets = [0, d, -3 * d];
  return Math.min(1, Math.max(0, JITTER_BASE + offsets[(count - 1) % 3]));
}

/** Tokens the fake bills for a text: about one per 1.5 characters (Korean text on GPT-4o's tokenizer). */
export function fakeTokens(text: string): number {
  return Math.ceil(text.length / 1.5);
}

/** Cached tokens of a repeated system prompt: none below 1,024 tokens, else in steps of 128 (OpenAI's rule). */
export function fakeCachedTokens(system: string): number {
  const t = fakeTokens(system);
  return t >= 1024 ? Math.floor(t / 128) * 128 : 0;
}

interface GradeShape {
  ratio: number;
  outOfRange: boolean;
  /** A rubric category left out. */
  omit?: string;
  /** The first category written under another name. */
  rename?: boolean;
  /** Annotations include one with a category not in the rubric. */
  unknownCategory?: boolean;
}

function gradeJson(system: string, shape: GradeShape, essay = ""): string {
  const { ratio, outOfRange } = shape;
  const rubric = rubricFromSystem(system);
  const score = (max: number, i: number) => (outOfRange ? (i % 2 === 0 ? max * 10 : -7) : Math.round(max * ratio * 10) / 10);
  if (system.includes(CRITERION_HEADING)) {
    const c = rubric[0];
    const feedback = `${c.name} 항목은 주장과 근거의 연결이 대체로 자연스럽습니다.`;
    return JSON.stringify(c.name === shape.omit ? { feedback } : { score: score(c.max, 0), feedback });
  }
  const overall = system.includes(OVERALL_HEADING);
  const names = overall
    ? (/category: 다음 항목 이름 가운데 하나를 그대로 쓰세요: (.+)/.exec(system)?.[1] ?? "종합").split(", ").map((name) => ({ name }))
    : rubric;
  return JSON.stringify({
    ...(overall
      ? {}
      : {
          categories: Object.fromEntries(
            rubric.flatMap((c, i) =>
              c.name === shape.omit
                ? []
                : [
                    [
                      shape.rename && i === 0 ? RENAMED_CATEGORY : c.name,
                      { score: score(c.max, i), feedback: `${c.name} 항목은 주장과 근거의 연결이 대체로 자연스럽습니다.` },
                    ],
                  ],
            ),
          ),
        }),
    strengths: ["주장이 서론에서 분명하게 제시되었습니다.", "구체적인 사례를 근거로 들었습니다."],
    improvementAreas: ["반론에 대한 검토가 부족합니다.", "일부 문장이 지나치게 깁니다."],
    detailedFeedback: "전체적으로 논지가 일관되며 근거가 적절합니다. 다만 반론을 고려하면 설득력이 높아집니다.",
    suggestions: ["결론에서 주장을 한 문장으로 다시 요약하세요.", "통계 자료의 출처를 밝혀 주세요.", "긴 문장을 두 문장으로 나누세요."],
    onTopic: true,
    manipulationAttempt: false,
    annotations: fakeAnnotations(essay, names, { unknownCategory: shape.unknownCategory }).annotations,
  });
}

/** The bytes of the image in a vision request (its data URL), as latin1 text to look for markers in. */
function imageBytes(userMsg: unknown): string {
  const parts = Array.isArray(userMsg) ? (userMsg as { type?: string; image_url?: { url?: string } }[]) : [];
  const url = parts.find((p) => p.type === "image_url")?.image_url?.url ?? "";
  const b64 = url.slice(url.indexOf(",") + 1);
  return Buffer.from(b64, "base64").toString("latin1");
}

/** The transcription the fake returns for an image (see the markers above). */
function transcriptionFor(bytes: string): { text: string; legible: "clear" | "partial" | "illegible" } {
  const ocr = /\[\[ocr:(\w+)\]\]/.exec(bytes)?.[1];
  if (ocr === "json") return { text: '{"overallScore":72,"categories":[{"name":"논리 구조","score":30}]}', legible: "clear" };
  if (ocr === "empty") return { text: "", legible: "clear" };
  if (ocr === "illegible") return { text: "흐릿한 글", legible: "illegible" };
  if (ocr === "partial") return { text: FAKE_TRANSCRIPTION, legible: "partial" };
  if (ocr === "short") return { text: FAKE_TRANSCRIPTION.slice(0, 99), legible: "clear" };
  return { text: FAKE_TRANSCRIPTION, legible: "clear" };
}

export interface FakeLlmOptions {
  latencyMs?: number;
  /** Answer 400 to requests carrying `temperature`, as reasoning models do. */
  rejectTemperature?: boolean;
  /** Answer 400 to `response_format: json_schema`, as some OpenAI-compatible servers do. */
  rejectJsonSchema?: boolean;
  /** Answer 400 to a schema with numeric bounds, as Anthropic's structured outputs do. */
  rejectNumericBounds?: boolean;
}

export async function startFakeLlm(opts: FakeLlmOptions = {}): Promise<FakeLlm> {
  let latency = opts.latencyMs ?? Number(process.env.FAKE_LLM_LATENCY_MS ?? 0);
  const requests: RecordedLlmRequest[] = [];
  const seen = new Map<string, number>();
  const hanging = new Set<http.ServerResponse>();
  // Prompt caching as OpenAI does it: a system prompt seen before is served from the cache (see fakeCachedTokens).
  const cachedSystems = new Set<string>();
  const usageFor = (system: string, user: string, content: string) => {
    const prompt = fakeTokens(system) + fakeTokens(user);
    const cached = cachedSystems.has(system) ? fakeCachedTokens(system) : 0;
    cachedSystems.add(system);
    const completion = fakeTokens(content);
    return {
      prompt_tokens: prompt,
      completion_tokens: completion,
      total_tokens: prompt + completion,
      prompt_tokens_details: { cached_tokens: cached },
    };
  };

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
      res.end(
        JSON.stringify({
          error: { message: `Unsupported parameter: '${param}' is not supported with this model.`, type: "invalid_request_error", param },
        }),
      );
    };
    if (opts.rejectTemperature && body.temperature !== undefined) return reject("temperature");
    const format = body.response_format as { type?: string } | undefined;
    if (opts.rejectJsonSchema && format?.type === "json_schema") return reject("response_format");
    if (opts.rejectNumericBounds && format?.type === "json_schema" && /"(minimum|maximum)"/.test(JSON.stringify(format))) {
      res.writeHead(400, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          error: { message: "output_format.schema: For 'number' type, property 'minimum' is not supported", type: "invalid_request_error" },
        }),
      );
      return;
    }
    const [kind, arg] = marker.split(":");
    // Jitter counts per category prompt too, so each category of a per-criterion grading sees its own turn.
    const key = kind === "jitter" ? `${marker}|${system.split(CRITERION_HEADING)[1] ?? ""}` : marker;
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);

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
      content = JSON.stringify(transcriptionFor(imageBytes(userMsg)));
    } else if (kind === "malformed-once" && count === 1) {
      content = "죄송합니다. JSON이 아닌 답변입니다 {";
    } else if (kind === "truncated-once" && count === 1) {
      content = '{"categories": [';
      finish = "length";
    } else {
      const ratio = kind === "score" ? Number(arg) : kind === "jitter" ? jitterRatio(Number(arg) || 0, count) : 0.8;
      const shape: GradeShape = {
        ratio: Number.isFinite(ratio) ? ratio : 0.8,
        outOfRange: kind === "outofrange",
        omit: kind === "omit" || (kind === "omit-once" && count === 1) ? arg : undefined,
        rename: kind === "rename-once" && count === 1,
        unknownCategory: kind === "badcat" || (kind === "badcat-once" && count === 1),
      };
      content = gradeJson(system, shape, essayFromUser(user));
    }
    send(200, {
      id: `chatcmpl-${requests.length}`,
      object: "chat.completion",
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: finish }],
      usage: usageFor(system, user, content),
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
