import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ocrImage } from "../../supabase/functions/api/grading/ocr.ts";
import { GradingError } from "../../supabase/functions/api/grading/llm.ts";

const fixture = (name: string) => new Uint8Array(readFileSync(join(import.meta.dirname, "../fixtures/images", name)));

describe("offline OCR (tesseract.js with the Korean traineddata from npm)", () => {
  it("reads Korean text from a scanned answer", async () => {
    const text = (await ocrImage(fixture("answer-scan.png"))).replace(/\s+/g, "");
    expect(text).toContain("스마트폰");
    expect(text).toContain("수업시간");
  }, 60_000);

  it("says so in Korean when an image holds no text", async () => {
    const { PNG } = await import("pngjs");
    const png = new PNG({ width: 120, height: 60 });
    png.data.fill(255);
    const err = await ocrImage(new Uint8Array(PNG.sync.write(png))).catch((e) => e);
    expect(err).toBeInstanceOf(GradingError);
    expect(err.message).toContain("글자를 찾지 못했습니다");
  }, 60_000);
});
