import { GradingError } from "./llm.ts";

/**
 * Offline OCR for photographed or scanned answers when no LLM is configured: tesseract.js with
 * the Korean traineddata shipped by the `@tesseract.js-data/kor` npm package (nothing is
 * downloaded at run time). Loaded lazily; one worker is reused and recognitions are serialised.
 */

type TesseractWorker = { recognize(image: Uint8Array): Promise<{ data: { text: string } }> };

let worker: Promise<TesseractWorker> | null = null;
let queue: Promise<unknown> = Promise.resolve();

async function createOcrWorker(): Promise<TesseractWorker> {
  const { createRequire } = await import("node:module");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  const require = createRequire(import.meta.url);
  const kor = require("@tesseract.js-data/kor") as { langPath: string; gzip: boolean };
  const tesseract = await import("tesseract.js");
  const create = (tesseract.createWorker ?? (tesseract as unknown as { default: typeof tesseract }).default.createWorker);
  return (await create("kor", 1, {
    langPath: kor.langPath,
    gzip: kor.gzip,
    cachePath: join(tmpdir(), "tesseract-cache"),
  })) as unknown as TesseractWorker;
}

export async function ocrImage(bytes: Uint8Array): Promise<string> {
  if (!worker) {
    worker = createOcrWorker();
    worker.catch(() => (worker = null));
  }
  const run = queue.then(async () => {
    let w: TesseractWorker;
    try {
      w = await worker!;
    } catch (err) {
      console.error("OCR unavailable", err);
      throw new GradingError("이미지 글자 인식(OCR)을 사용할 수 없습니다. 답안을 텍스트로 제출해 주세요.", false);
    }
    const { data } = await w.recognize(bytes);
    return data.text.replace(/[ \t]+\n/g, "\n").trim();
  });
  queue = run.catch(() => {});
  const text = await run;
  if (!text.replace(/\s+/g, "")) {
    throw new GradingError("이미지에서 글자를 찾지 못했습니다. 더 선명한 사진이나 텍스트 파일로 제출해 주세요.", false);
  }
  return text;
}
