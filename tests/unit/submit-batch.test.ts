// The browser sends a big batch in parts under the server's multipart cap (MAX_FORM_BYTES, 40 MiB):
// the first part replaces an unstarted batch, later parts append, then start-batch; a failed part
// stops before start-batch and says which part failed.
import { http, HttpResponse } from "msw";
import { describe, expect, it, vi } from "vitest";
import type { StartBatchResponse } from "@/features/sessions/api/submit-batch";
import { API, apiError } from "../mocks/api.ts";
import { server } from "../mocks/server.ts";

vi.stubEnv("VITE_API_URL", API);
vi.mock("@/lib/supabase", () => ({ supabase: { auth: { getSession: async () => ({ data: { session: null } }) } } }));
vi.mock("@/lib/usage", () => ({ usageKeys: { all: ["usage"] } }));

const { BATCH_PART_MAX_BYTES, BATCH_PART_MAX_FILES, batchProgressLabel, BatchStepError, splitBatch, submitBatch } =
  await import("@/features/sessions/api/submit-batch");

interface SeenRequest {
  /** Path and query after the API base, e.g. `/sessions/s/batch-upload?append=1`. */
  path: string;
  form: FormData | null;
}

/**
 * The batch routes: each upload part answers `upload(n)` (n = 1, 2, … over the test), start-batch
 * answers `start`; every request is recorded with its form.
 */
function batchRoutes(start: StartBatchResponse, upload: (n: number) => Response = () => HttpResponse.json({ count: 1 })) {
  const seen: SeenRequest[] = [];
  const record = async (request: Request, form: boolean) => {
    const url = new URL(request.url);
    seen.push({ path: `${url.pathname.slice(new URL(API).pathname.length)}${url.search}`, form: form ? await request.formData() : null });
  };
  let uploads = 0;
  server.use(
    http.post(`${API}/sessions/:id/batch-upload`, async ({ request }) => {
      await record(request, true);
      return upload(++uploads);
    }),
    http.post(`${API}/sessions/:id/start-batch`, async ({ request }) => {
      await record(request, false);
      return HttpResponse.json(start);
    }),
  );
  return seen;
}

const MB = 1024 * 1024;
const sized = (size: number, i = 0) => ({ file: { size }, i });

function fileOfSize(bytes: number, name: string): File {
  return new File([new Uint8Array(bytes)], name, { type: "text/plain" });
}

describe("splitBatch", () => {
  it("keeps at most 10 files and 30 MB per part, in order", () => {
    expect(BATCH_PART_MAX_BYTES).toBe(30 * MB);
    expect(BATCH_PART_MAX_FILES).toBe(10);
    const fifty = Array.from({ length: 50 }, (_, i) => sized(600 * 1024, i));
    const parts = splitBatch(fifty);
    expect(parts.map((p) => p.length)).toEqual([10, 10, 10, 10, 10]);
    expect(parts.flat().map((x) => x.i)).toEqual(fifty.map((x) => x.i));

    // 50 files of 8 MB: 3 per part (24 MB), never 4 (32 MB).
    const big = splitBatch(Array.from({ length: 50 }, (_, i) => sized(8 * MB, i)));
    expect(big.every((p) => p.length <= 3)).toBe(true);
    expect(big).toHaveLength(17);
    for (const p of big) expect(p.reduce((s, x) => s + x.file.size, 0)).toBeLessThanOrEqual(30 * MB);
  });

  it("fills a part exactly to the byte limit, starts a new one past it, and gives an oversized file its own part", () => {
    expect(splitBatch([sized(10 * MB), sized(10 * MB), sized(10 * MB), sized(1)]).map((p) => p.length)).toEqual([3, 1]);
    expect(splitBatch([sized(1), sized(31 * MB), sized(1)]).map((p) => p.length)).toEqual([1, 1, 1]);
    expect(splitBatch([])).toEqual([]);
    expect(splitBatch([sized(1), sized(1), sized(1)], 100, 2).map((p) => p.length)).toEqual([2, 1]);
  });
});

describe("submitBatch", () => {
  const items = (n: number, bytes = 1000) =>
    Array.from({ length: n }, (_, i) => ({ file: fileOfSize(bytes, `학생${i}_2024${i}.txt`), studentName: ` 이름${i} `, studentId: "" }));

  it("sends 25 files as 3 parts (append after the first), then starts the batch, reporting progress", async () => {
    const seen = batchRoutes({ message: "ok", count: 25, submissionIds: [] });
    const progress: string[] = [];
    const res = await submitBatch({ sessionId: "s 1", items: items(25), onProgress: (p) => progress.push(batchProgressLabel(p)) });
    expect(res.count).toBe(25);
    expect(seen.map((r) => r.path)).toEqual([
      "/sessions/s%201/batch-upload",
      "/sessions/s%201/batch-upload?append=1",
      "/sessions/s%201/batch-upload?append=1",
      "/sessions/s%201/start-batch",
    ]);
    const forms = seen.slice(0, 3).map((r) => r.form!);
    expect(forms.map((f) => f.getAll("files").length)).toEqual([10, 10, 5]);
    expect(forms.flatMap((f) => f.getAll("files").map((x) => (x as File).name))).toEqual(items(25).map((x) => x.file.name));
    expect(forms[0].getAll("studentNames")[0]).toBe("이름0");
    expect(forms[2].getAll("studentNames")).toHaveLength(5);
    expect(progress).toEqual(["답안 업로드 중 (1/3)", "답안 업로드 중 (2/3)", "답안 업로드 중 (3/3)", "첨삭 시작 중..."]);
  });

  it("a small batch is still one plain upload and one start", async () => {
    const seen = batchRoutes({ message: "ok", count: 5, submissionIds: [] });
    await submitBatch({ sessionId: "s", items: items(5) });
    expect(seen.map((r) => r.path)).toEqual(["/sessions/s/batch-upload", "/sessions/s/start-batch"]);
  });

  it("stops at a failed part: no later part, no start-batch, and the error names the part", async () => {
    const seen = batchRoutes({ message: "ok", count: 0, submissionIds: [] }, (n) =>
      n === 2 ? apiError(413, "저장 공간 한도에 도달했습니다.") : HttpResponse.json({ count: 10 }),
    );
    const err = await submitBatch({ sessionId: "s", items: items(30) }).catch((e) => e);
    expect(err).toBeInstanceOf(BatchStepError);
    expect(err.step).toBe("upload");
    expect(err.part).toEqual({ part: 2, parts: 3 });
    expect(err.apiError?.status).toBe(413);
    expect(err.apiError?.message).toBe("저장 공간 한도에 도달했습니다.");
    expect(seen.map((r) => r.path)).toEqual(["/sessions/s/batch-upload", "/sessions/s/batch-upload?append=1"]);
  });
});
