// The browser OCR engine: tesseract.js with the Korean traineddata, every file served from our own
// origin (vite.config.ts `ocrAssets`), nothing fetched from a CDN. This module is only ever
// loaded by a dynamic import (use-image-text.ts), so tesseract.js stays out of every other chunk.
import type { LoggerMessage, Worker } from "tesseract.js";
// The package's own browser ESM build: no CommonJS interop helpers leak into the shared runtime chunk.
import Tesseract from "tesseract.js/dist/tesseract.esm.min.js";

export interface OcrProgress {
  /** Korean, for the teacher. */
  message: string;
  /** 0–100 over the whole read (loading included). */
  percent: number;
}

/** tesseract.js status → Korean message and the share of the bar it fills. */
const STAGES: Record<string, { message: string; from: number; to: number }> = {
  "loading tesseract core": { message: "글자 인식 엔진을 불러오는 중입니다...", from: 0, to: 25 },
  "initializing tesseract": { message: "글자 인식 엔진을 준비하는 중입니다...", from: 25, to: 30 },
  "loading language traineddata": { message: "한국어 인식 데이터를 불러오는 중입니다...", from: 30, to: 60 },
  "initializing api": { message: "글자 인식 엔진을 준비하는 중입니다...", from: 60, to: 65 },
  "recognizing text": { message: "이미지에서 글자를 인식하는 중입니다...", from: 65, to: 100 },
};

const IDLE_MS = 60_000;
const OEM_LSTM_ONLY = 1;

let worker: Promise<Worker> | null = null;
let listener: ((p: OcrProgress) => void) | null = null;
let queue: Promise<unknown> = Promise.resolve();
let idleTimer: ReturnType<typeof setTimeout> | undefined;

function onLog(m: LoggerMessage) {
  const stage = STAGES[m.status];
  if (!stage || !listener) return;
  const share = Number.isFinite(m.progress) ? Math.min(Math.max(m.progress, 0), 1) : 0;
  listener({ message: stage.message, percent: Math.round(stage.from + (stage.to - stage.from) * share) });
}

function assetDir(): string {
  const dir: string = import.meta.env.VITE_OCR_ASSETS ?? "ocr/";
  return new URL(`${import.meta.env.BASE_URL}${dir}`, window.location.href).href;
}

function getWorker(): Promise<Worker> {
  if (!worker) {
    const dir = assetDir();
    worker = Tesseract.createWorker("kor", OEM_LSTM_ONLY, {
      workerPath: `${dir}worker.min.js`,
      workerBlobURL: false,
      corePath: dir,
      langPath: dir,
      gzip: true,
      // The traineddata is kept in IndexedDB under a versioned key, so it is fetched once.
      cachePath: dir,
      logger: onLog,
    }).then(async (w) => {
      // Korean: without this tesseract puts a space between syllables (학 교 에서).
      await w.setParameters({ preserve_interword_spaces: "1" });
      return w;
    });
    worker.catch(() => (worker = null));
  }
  return worker;
}

/** Ends the engine (frees its memory); the next read starts a new one. */
export function releaseOcr(): void {
  clearTimeout(idleTimer);
  const w = worker;
  worker = null;
  void w?.then((x) => x.terminate()).catch(() => {});
}

/** Reads the text of one image. Reads run one at a time on one engine. */
export function recognizeImage(image: Blob, onProgress: (p: OcrProgress) => void): Promise<string> {
  const run = queue.then(async () => {
    clearTimeout(idleTimer);
    listener = onProgress;
    try {
      onProgress({ message: "글자 인식 엔진을 불러오는 중입니다...", percent: 0 });
      const w = await getWorker();
      const { data } = await w.recognize(image);
      return data.text
        .replace(/[ \t]+\n/g, "\n")
        .replace(/\n{3,}/g, "\n\n")
        .trim();
    } finally {
      listener = null;
      idleTimer = setTimeout(releaseOcr, IDLE_MS);
    }
  });
  queue = run.catch(() => {});
  return run;
}
