// Batch files are checked when chosen: type, size and empty file, every problem at once (class-view).
// A short .txt is not refused here: the server holds every answer to one minimum and records a short
// one of a batch with its student (tests/integration/answer-intake-rules.test.ts).
import { describe, expect, it } from "vitest";
import { checkEssayFiles, decodeTextBytes, FILE_PROBLEM_TEXT } from "@/features/sessions/utils/essay-files";
import { ESSAY_EXTENSIONS, MAX_FILE_SIZE_LABEL, typesLabel } from "@shared/upload-rules.ts";

const RULES = {
  extensions: ESSAY_EXTENSIONS,
  typesLabel: typesLabel(ESSAY_EXTENSIONS),
  maxBytes: 1000,
  maxBytesLabel: MAX_FILE_SIZE_LABEL,
};
const LONG = "가".repeat(120);

function utf16le(text: string): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(2 + text.length * 2);
  out[0] = 0xff;
  out[1] = 0xfe;
  for (let i = 0; i < text.length; i++) {
    out[2 + i * 2] = text.charCodeAt(i) & 0xff;
    out[3 + i * 2] = text.charCodeAt(i) >> 8;
  }
  return out;
}

describe("checkEssayFiles", () => {
  it("lists every bad file at once and keeps the good ones", async () => {
    const files = [
      new File([LONG], "홍길동_20240101.txt"),
      new File(["x"], "메모.exe"),
      new File([new Uint8Array(2000)], "큰파일.pdf"),
      new File([], "빈파일.docx"),
      new File(["짧은 답안"], "김철수_20240102.txt"),
      new File(["   \n  "], "공백.txt"),
      new File([utf16le(LONG)], "essay-utf16.txt"),
    ];
    const { accepted, problems } = await checkEssayFiles(files, RULES);
    expect(accepted.map((f) => f.name)).toEqual(["홍길동_20240101.txt", "김철수_20240102.txt", "essay-utf16.txt"]);
    expect(problems).toEqual([
      { name: "메모.exe", message: FILE_PROBLEM_TEXT.wrongType(RULES.typesLabel) },
      { name: "큰파일.pdf", message: FILE_PROBLEM_TEXT.tooLarge(MAX_FILE_SIZE_LABEL) },
      { name: "빈파일.docx", message: FILE_PROBLEM_TEXT.empty },
      { name: "공백.txt", message: FILE_PROBLEM_TEXT.empty },
    ]);
  });

  it("decodes BOMs and CP949 like the server", () => {
    expect(decodeTextBytes(new Uint8Array([0xef, 0xbb, 0xbf, 0x61]))).toBe("a");
    expect(decodeTextBytes(utf16le("한글"))).toBe("한글");
    expect(decodeTextBytes(new Uint8Array([0xc7, 0xd1, 0xb1, 0xdb]))).toBe("한글");
  });
});
