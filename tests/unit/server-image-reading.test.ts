// The function never runs OCR itself (edge-runtime: no Worker, 256 MB, 20 MB bundle): with an
// LLM key the vision model reads images; without one an image is refused at upload (422, Korean)
// and the browser reads it instead (src/features/sessions/ocr).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ESSAY_EXTENSIONS, SETUP_EXTENSIONS, uploadMessages } from "@shared/upload-rules.ts";
import type { Ctx } from "../../supabase/functions/api/lib/types.ts";
import { loadWithEnv } from "../helpers/function-env.ts";

/** The function's modules this file uses, loaded with `LLM_API_KEY` ("" = none) and no Supabase project. */
const load = (llmApiKey: string) =>
  loadWithEnv({ LLM_API_KEY: llmApiKey, SUPABASE_URL: "" }, async () => ({
    ...(await import("../../supabase/functions/api/files/index.ts")),
    ...(await import("../../supabase/functions/api/lib/errors.ts")),
    ...(await import("../../supabase/functions/api/grading/llm.ts")),
    ...(await import("../../supabase/functions/api/grading/image-reading.ts")),
    configRoutes: (await import("../../supabase/functions/api/config/routes.ts")).routes,
  }));
type Fn = Awaited<ReturnType<typeof load>>;
let keyless: Fn;
let keyed: Fn;
beforeAll(async () => {
  keyless = await load("");
  keyed = await load("test-key");
});

const root = join(import.meta.dirname, "../..");
const functionDir = join(root, "supabase/functions/api");
const png = readFileSync(join(import.meta.dirname, "../fixtures/images/answer-scan.png"));
const pngFile = (name = "김철수_20240102.png") => new File([png], name, { type: "image/png" });

const KOREAN_422 = "이 서버에는 이미지 글자 인식 기능이 없습니다. 화면에서 인식된 글을 확인한 뒤 제출해 주세요.";

async function refusal(run: () => unknown, fn = keyless): Promise<InstanceType<Fn["HttpError"]>> {
  const err = await Promise.resolve()
    .then(run)
    .then(
      () => null,
      (e: unknown) => e,
    );
  expect(err).toBeInstanceOf(fn.HttpError);
  return err as InstanceType<Fn["HttpError"]>;
}

describe("an image upload without an LLM key", () => {
  it("is refused with a Korean 422 before anything is read (answer, batch item, question, criteria)", async () => {
    const { checkFileMeta, readUpload } = keyless;
    expect(uploadMessages.imageOcrUnavailable).toBe(KOREAN_422);
    for (const name of ["답안.png", "답안.JPG", "답안.jpeg", "답안.webp"]) {
      const err = await refusal(() => checkFileMeta(new File([png], name), { extensions: ESSAY_EXTENSIONS }));
      expect(err.status).toBe(422);
      expect(err.message).toContain(KOREAN_422);
    }
    const single = await refusal(() => readUpload(pngFile(), { extensions: ESSAY_EXTENSIONS }));
    expect(single.status).toBe(422);
    expect(single.message).toContain(KOREAN_422);
    const question = await refusal(() => readUpload(pngFile("문제.png"), { extensions: SETUP_EXTENSIONS, label: "논술 문제" }));
    expect(question.status).toBe(422);
    expect(question.message).toContain("논술 문제");
    expect(question.message).toContain(KOREAN_422);
  });

  it("an empty LLM_API_KEY counts as none", async () => {
    const blank = await load("  ");
    expect((await refusal(() => blank.readUpload(pngFile()), blank)).status).toBe(422);
  });

  it("text files are still read as before", async () => {
    const read = await keyless.readUpload(new File(["스마트폰 사용에 대한 답안입니다."], "답안.txt"));
    expect(read.isImage).toBe(false);
    expect(read.text).toContain("스마트폰");
  });
});

describe("an image upload with an LLM key", () => {
  it("is kept as the original for the vision model", async () => {
    const read = await keyed.readUpload(pngFile());
    expect(read.isImage).toBe(true);
    expect(read.mimeType).toBe("image/png");
    expect(read.text).toBe("");
  });
});

describe("the grading worker without an LLM key", () => {
  it("ends an image job with the Korean reason, without downloading it or loading any OCR", async () => {
    // No SUPABASE_URL here: touching storage would throw "Missing environment variable", not a GradingError.
    const { readImage, GradingError } = keyless;
    const err = await readImage("u/s/essay-x.png", { ownerId: "u" }, "image/png", null).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GradingError);
    expect((err as InstanceType<typeof GradingError>).message).toContain("이미지 글자 인식 기능이 없습니다");
    expect((err as InstanceType<typeof GradingError>).retryable).toBe(false);
  });
});

describe("the function bundle", () => {
  const sources = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const p = join(dir, name);
      return statSync(p).isDirectory() ? sources(p) : /\.(ts|json)$/.test(name) ? [p] : [];
    });

  it("has no OCR engine: no tesseract import map entry, module or import", () => {
    const denoJson = JSON.parse(readFileSync(join(functionDir, "deno.json"), "utf8")) as { imports: Record<string, string> };
    const entries = Object.entries(denoJson.imports).filter(([k, v]) => /tesseract/i.test(k + v));
    expect(entries).toEqual([]);
    expect(existsSync(join(functionDir, "grading/ocr.ts"))).toBe(false);
    const offenders = [...sources(functionDir), ...sources(join(root, "supabase/functions/_shared"))].filter((p) =>
      /tesseract/i.test(readFileSync(p, "utf8")),
    );
    expect(offenders).toEqual([]);
  });
});

describe("GET /config", () => {
  const route = (fn = keyless) => {
    const r = fn.configRoutes.find((x) => x.method === "GET" && x.path === "/config");
    expect(r).toBeDefined();
    return r!;
  };
  const call = async (fn: Fn) => {
    const res = await route(fn).handler({} as Ctx);
    expect(res.status).toBe(200);
    return (await res.json()) as { serverOcr: boolean };
  };

  it("is public (tests/integration/server-config.test.ts calls it through the function)", () => {
    expect(route().auth).toBe("public");
  });

  it("tells the SPA whether the server reads images", async () => {
    expect(await call(keyless)).toEqual({ serverOcr: false });
    expect(await call(keyed)).toEqual({ serverOcr: true });
  });
});
