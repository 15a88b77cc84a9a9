// Roster files: CSV cells (quotes, tabs) and the header names teachers use (classes/roster-*.ts).
import { describe, expect, it } from "vitest";
import { parseCsv } from "../../supabase/functions/api/classes/roster-file.ts";
import { parseRoster } from "../../supabase/functions/api/classes/roster-rows.ts";
import { HttpError } from "../../supabase/functions/api/lib/errors.ts";

describe("parseCsv", () => {
  it("reads quoted cells with commas, doubled quotes and line breaks, CRLF or LF", () => {
    expect(parseCsv('수험번호,이름,비고\r\n1,"김, 민수","말 ""따옴표"""\n2,이서연,"두\n줄"\n')).toEqual([
      ["수험번호", "이름", "비고"],
      ["1", "김, 민수", '말 "따옴표"'],
      ["2", "이서연", "두\n줄"],
    ]);
  });

  it("takes tabs when the header has tabs and no comma (a sheet pasted as text)", () => {
    expect(parseCsv("학번\t성명\n1\t김민수")).toEqual([
      ["학번", "성명"],
      ["1", "김민수"],
    ]);
  });
});

describe("parseRoster", () => {
  it("recognises Korean and English header names in any order and skips empty rows", () => {
    expect(parseRoster([["출석 번호", "성 명", "학번"], [], [3, "김민수", 20240101], ["", "", ""], ["", "이서연", "20240102"]])).toEqual([
      { row: 3, examNumber: "20240101", name: "김민수", seatNumber: 3 },
      { row: 5, examNumber: "20240102", name: "이서연", seatNumber: null },
    ]);
    expect(
      parseRoster([
        ["Student ID", "Name"],
        ["7", "Kim"],
      ]),
    ).toEqual([{ row: 2, examNumber: "7", name: "Kim", seatNumber: null }]);
  });

  it("refuses a sheet without the two required columns with a 422 naming the header row", () => {
    const err = (() => {
      try {
        parseRoster([
          ["번호", "이름"],
          ["1", "김민수"],
        ]);
      } catch (e) {
        return e;
      }
    })() as HttpError;
    expect(err).toBeInstanceOf(HttpError);
    expect(err.status).toBe(422);
    expect(err.extra.rows).toEqual([{ row: 1, reason: "첫 줄에 '수험번호'(또는 학번)와 '이름'(또는 성명) 열 제목이 있어야 합니다." }]);
  });
});
