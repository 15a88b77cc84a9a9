// A photo the server could only partly read comes back as 422 `needsConfirmation` with the text read:
// the essay tab puts that text in the review box (the browser OCR's), so nothing unconfirmed is graded.
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api-client";
import { transcriptionToConfirm } from "@/features/sessions/ocr/server-transcription";

describe("transcriptionToConfirm", () => {
  it("gives the text read for a 422 needsConfirmation answer", () => {
    const err = new ApiError("확인", 422, { error: "확인", needsConfirmation: true, transcription: "읽은 글" });
    expect(transcriptionToConfirm(err)).toBe("읽은 글");
  });

  it("gives null for any other failure", () => {
    expect(transcriptionToConfirm(new ApiError("x", 422, { error: "사진의 글씨를 알아볼 수 없습니다." }))).toBeNull();
    expect(transcriptionToConfirm(new ApiError("x", 400, { needsConfirmation: true, transcription: "t" }))).toBeNull();
    expect(transcriptionToConfirm(new Error("x"))).toBeNull();
  });
});
