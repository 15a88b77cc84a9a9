import { describe, expect, it } from "vitest";
import { baseName, isMultipleStudents, isValidStudent, parseStudentFilename } from "@shared/student-filename.ts";

/** Asserts what parseStudentFilename reads from each `[file name, name, 수험번호]` row. */
function expectParsed(...rows: Array<readonly [file: string, name: string, studentId: string]>): void {
  for (const [file, name, studentId] of rows) expect(parseStudentFilename(file), file).toEqual({ name, studentId });
}

describe("parseStudentFilename (docs/product.md#student-file-names)", () => {
  it("reads name then id with an underscore", () => {
    expectParsed(["홍길동_20240101.txt", "홍길동", "20240101"]);
  });

  it("reads name then id with a space or a hyphen", () => {
    expectParsed(["홍길동 20240101.docx", "홍길동", "20240101"], ["홍길동-20240101.pdf", "홍길동", "20240101"]);
  });

  it("reads id then name in either separator", () => {
    expectParsed(
      ["20240101_홍길동.txt", "홍길동", "20240101"],
      ["20240101 김철수.png", "김철수", "20240101"],
      ["123-이영.jpg", "이영", "123"],
    );
  });

  it("accepts 2 and 4 Hangul names and ids of 1 and 12 digits in the strict pattern", () => {
    expectParsed(["이영_1.txt", "이영", "1"], ["남궁민수_123456789012.txt", "남궁민수", "123456789012"]);
  });

  it("strips only the last extension", () => {
    expect(baseName("홍길동_2024.final.txt")).toBe("홍길동_2024.final");
    expect(baseName("폴더/홍길동_2024.txt")).toBe("홍길동_2024");
    expectParsed(["홍길동_20240101.backup.txt", "홍길동", "20240101"]);
  });

  it("NFC-normalises decomposed Hangul (macOS file names)", () => {
    const nfd = "홍길동_20240101.txt".normalize("NFD");
    expect(nfd).not.toBe("홍길동_20240101.txt");
    expect(parseStudentFilename(nfd)).toEqual({ name: "홍길동", studentId: "20240101" });
  });

  it("falls back to the first Hangul run and the first digit run", () => {
    expectParsed(
      ["논술답안(홍길동)2024.txt", "논술답안", "2024"],
      ["essay홍길동final7.txt", "홍길동", "7"],
      ["3반홍길동.txt", "반홍길동", "3"],
    );
  });

  it("returns empty parts when the name has no Hangul or no digits", () => {
    expectParsed(["essay.txt", "", ""], ["홍길동.txt", "홍길동", ""], ["20240101.txt", "", "20240101"]);
  });

  it("takes no 수험번호 from a name without Hangul unless the name is only the number (class-view)", () => {
    expectParsed(["essay-utf16.txt", "", ""], ["essay-utf8-bom.txt", "", ""], ["scan 2024-03.pdf", "", ""], ["12.txt", "", ""]);
  });

  it("does not cut a name out of a longer Hangul run or an id out of a longer digit run", () => {
    expectParsed(["김홍길동이_2024.txt", "김홍길동이", "2024"], ["홍길동_1234567890123.txt", "홍길동", "1234567890123"]);
  });

  it("finds the strict pattern inside a longer file name", () => {
    expectParsed(["1반_홍길동_20240101.txt", "홍길동", "20240101"]);
  });
});

describe("isValidStudent (validity bounds)", () => {
  it("needs a 2–4 Hangul name", () => {
    for (const name of ["이영", "남궁민수"]) expect(isValidStudent({ name, studentId: "123" }), name).toBe(true);
    for (const name of ["홍", "남궁민수님", "Kim"]) expect(isValidStudent({ name, studentId: "123" }), name).toBe(false);
  });

  it("needs a 3–12 digit id", () => {
    for (const studentId of ["123", "123456789012"]) expect(isValidStudent({ name: "홍길동", studentId }), studentId).toBe(true);
    for (const studentId of ["12", "1234567890123", ""]) expect(isValidStudent({ name: "홍길동", studentId }), studentId).toBe(false);
  });

  it("a parsed 1-digit id is not valid", () => {
    expect(isValidStudent(parseStudentFilename("이영_1.txt"))).toBe(false);
  });
});

describe("isMultipleStudents (multi-student rule)", () => {
  it("is false for one file even when valid", () => {
    expect(isMultipleStudents(["홍길동_20240101.txt"])).toBe(false);
  });

  it("is true for two or more files with at least two valid names", () => {
    expect(isMultipleStudents(["홍길동_20240101.txt", "김철수_20240102.txt"])).toBe(true);
    expect(isMultipleStudents(["홍길동_20240101.txt", "essay.txt", "20240103_이영희.pdf"])).toBe(true);
  });

  it("is false when fewer than two names are valid", () => {
    expect(isMultipleStudents(["홍길동_20240101.txt", "essay.txt"])).toBe(false);
    expect(isMultipleStudents(["답안1.txt", "답안2.txt", "답안3.txt"])).toBe(false);
    expect(isMultipleStudents([])).toBe(false);
  });
});
