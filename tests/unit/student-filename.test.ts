import { describe, expect, it } from "vitest";
import {
  baseName,
  isMultipleStudents,
  isValidStudent,
  parseStudentFilename,
} from "@shared/student-filename.ts";

describe("parseStudentFilename (docs/product.md#student-file-names)", () => {
  it("reads name then id with an underscore", () => {
    expect(parseStudentFilename("홍길동_20240101.txt")).toEqual({ name: "홍길동", studentId: "20240101" });
  });

  it("reads name then id with a space or a hyphen", () => {
    expect(parseStudentFilename("홍길동 20240101.docx")).toEqual({ name: "홍길동", studentId: "20240101" });
    expect(parseStudentFilename("홍길동-20240101.pdf")).toEqual({ name: "홍길동", studentId: "20240101" });
  });

  it("reads id then name in either separator", () => {
    expect(parseStudentFilename("20240101_홍길동.txt")).toEqual({ name: "홍길동", studentId: "20240101" });
    expect(parseStudentFilename("20240101 김철수.png")).toEqual({ name: "김철수", studentId: "20240101" });
    expect(parseStudentFilename("123-이영.jpg")).toEqual({ name: "이영", studentId: "123" });
  });

  it("accepts 2 and 4 Hangul names and ids of 1 and 12 digits in the strict pattern", () => {
    expect(parseStudentFilename("이영_1.txt")).toEqual({ name: "이영", studentId: "1" });
    expect(parseStudentFilename("남궁민수_123456789012.txt")).toEqual({ name: "남궁민수", studentId: "123456789012" });
  });

  it("strips only the last extension", () => {
    expect(baseName("홍길동_2024.final.txt")).toBe("홍길동_2024.final");
    expect(baseName("폴더/홍길동_2024.txt")).toBe("홍길동_2024");
    expect(parseStudentFilename("홍길동_20240101.backup.txt")).toEqual({ name: "홍길동", studentId: "20240101" });
  });

  it("NFC-normalises decomposed Hangul (macOS file names)", () => {
    const nfd = "홍길동_20240101.txt".normalize("NFD");
    expect(nfd).not.toBe("홍길동_20240101.txt");
    expect(parseStudentFilename(nfd)).toEqual({ name: "홍길동", studentId: "20240101" });
  });

  it("falls back to the first Hangul run and the first digit run", () => {
    expect(parseStudentFilename("논술답안(홍길동)2024.txt")).toEqual({ name: "논술답안", studentId: "2024" });
    expect(parseStudentFilename("essay홍길동final7.txt")).toEqual({ name: "홍길동", studentId: "7" });
    expect(parseStudentFilename("3반홍길동.txt")).toEqual({ name: "반홍길동", studentId: "3" });
  });

  it("returns empty parts when the name has no Hangul or no digits", () => {
    expect(parseStudentFilename("essay.txt")).toEqual({ name: "", studentId: "" });
    expect(parseStudentFilename("홍길동.txt")).toEqual({ name: "홍길동", studentId: "" });
    expect(parseStudentFilename("20240101.txt")).toEqual({ name: "", studentId: "20240101" });
  });

  it("takes no 수험번호 from a name without Hangul unless the name is only the number (class-view)", () => {
    expect(parseStudentFilename("essay-utf16.txt")).toEqual({ name: "", studentId: "" });
    expect(parseStudentFilename("essay-utf8-bom.txt")).toEqual({ name: "", studentId: "" });
    expect(parseStudentFilename("scan 2024-03.pdf")).toEqual({ name: "", studentId: "" });
    expect(parseStudentFilename("12.txt")).toEqual({ name: "", studentId: "" });
  });

  it("does not cut a name out of a longer Hangul run or an id out of a longer digit run", () => {
    expect(parseStudentFilename("김홍길동이_2024.txt")).toEqual({ name: "김홍길동이", studentId: "2024" });
    expect(parseStudentFilename("홍길동_1234567890123.txt")).toEqual({ name: "홍길동", studentId: "1234567890123" });
  });

  it("finds the strict pattern inside a longer file name", () => {
    expect(parseStudentFilename("1반_홍길동_20240101.txt")).toEqual({ name: "홍길동", studentId: "20240101" });
  });
});

describe("isValidStudent (validity bounds)", () => {
  it("needs a 2–4 Hangul name", () => {
    expect(isValidStudent({ name: "홍", studentId: "123" })).toBe(false);
    expect(isValidStudent({ name: "이영", studentId: "123" })).toBe(true);
    expect(isValidStudent({ name: "남궁민수", studentId: "123" })).toBe(true);
    expect(isValidStudent({ name: "남궁민수님", studentId: "123" })).toBe(false);
    expect(isValidStudent({ name: "Kim", studentId: "123" })).toBe(false);
  });

  it("needs a 3–12 digit id", () => {
    expect(isValidStudent({ name: "홍길동", studentId: "12" })).toBe(false);
    expect(isValidStudent({ name: "홍길동", studentId: "123" })).toBe(true);
    expect(isValidStudent({ name: "홍길동", studentId: "123456789012" })).toBe(true);
    expect(isValidStudent({ name: "홍길동", studentId: "1234567890123" })).toBe(false);
    expect(isValidStudent({ name: "홍길동", studentId: "" })).toBe(false);
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
