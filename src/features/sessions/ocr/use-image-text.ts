import { useCallback, useEffect, useRef, useState } from "react";
import type { OcrProgress } from "@/features/sessions/ocr/engine";

export type ImageTextState =
  { status: "reading"; message: string; percent: number } | { status: "done"; text: string } | { status: "error"; message: string };

export const OCR_MESSAGES = {
  failed: "이미지에서 글자를 읽지 못했습니다. 다시 시도하거나 내용을 직접 입력해 주세요.",
  noText: "이미지에서 글자를 찾지 못했습니다. 더 선명한 사진을 올리거나 내용을 직접 입력해 주세요.",
  stillReading: "이미지 글자 인식이 끝난 뒤 제출해 주세요.",
  emptyText: "인식된 글이 비어 있습니다. 내용을 입력하거나 이미지를 삭제해 주세요.",
  reviewTitle: "인식된 글 확인",
} as const;

let engineLoaded = false;

/** Loads the OCR engine only now (its own chunk, with tesseract.js). */
function loadEngine() {
  engineLoaded = true;
  return import("@/features/sessions/ocr/engine");
}

/**
 * Browser OCR for chosen images, keyed by the caller's item key: reading progress, then the
 * recognised text for the teacher to correct. Results for keys forgotten meanwhile are dropped.
 */
export function useImageText() {
  const [states, setStates] = useState<Record<string, ImageTextState>>({});
  const live = useRef(new Set<string>());

  const put = useCallback((key: string, state: ImageTextState) => {
    if (!live.current.has(key)) return;
    setStates((cur) => ({ ...cur, [key]: state }));
  }, []);

  const read = useCallback(
    (key: string, image: Blob) => {
      live.current.add(key);
      put(key, { status: "reading", message: "글자 인식을 준비하는 중입니다...", percent: 0 });
      loadEngine()
        .then((engine) => engine.recognizeImage(image, (p: OcrProgress) => put(key, { status: "reading", ...p })))
        .then(
          (text) => put(key, text.replace(/\s+/g, "") ? { status: "done", text } : { status: "error", message: OCR_MESSAGES.noText }),
          (err: unknown) => {
            console.error("browser OCR failed", err);
            put(key, { status: "error", message: OCR_MESSAGES.failed });
          },
        );
    },
    [put],
  );

  const setText = useCallback((key: string, text: string) => put(key, { status: "done", text }), [put]);

  const forget = useCallback((key: string) => {
    live.current.delete(key);
    setStates((cur) => {
      if (!(key in cur)) return cur;
      const next = { ...cur };
      delete next[key];
      return next;
    });
  }, []);

  const clear = useCallback(() => {
    live.current.clear();
    setStates({});
  }, []);

  // Leaving the page frees the engine's memory (only if it was ever loaded).
  useEffect(
    () => () => {
      live.current.clear();
      if (engineLoaded) void loadEngine().then((e) => e.releaseOcr());
    },
    [],
  );

  return { states, read, setText, forget, clear };
}

/** Problem that blocks submitting, for the states of the items about to be sent (null = fine). */
export function imageTextProblem(states: (ImageTextState | undefined)[]): string | null {
  if (states.some((s) => s?.status === "reading")) return OCR_MESSAGES.stillReading;
  const failed = states.find((s) => s?.status === "error");
  if (failed?.status === "error") return failed.message;
  if (states.some((s) => s?.status === "done" && !s.text.trim())) return OCR_MESSAGES.emptyText;
  return null;
}
