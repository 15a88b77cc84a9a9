// Every workspace screen has a URL: the tab in `?tab=`, a report's neighbours in list order, and the
// typed draft kept per session in sessionStorage (jsdom for sessionStorage).
import { afterEach, describe, expect, it } from "vitest";
import { adjacentReports, workspaceTabFromUrl, workspaceTabHref, type WorkspaceTab } from "@/features/sessions/utils/workspace-tabs";
import { clearEssayDraft, loadEssayDraft, saveEssayDraft } from "@/features/sessions/utils/essay-draft";
import { paths } from "@/config/paths";
import { expectOutputs } from "../helpers/cases.ts";

describe("workspace tab in the URL", () => {
  it("reads a valid ?tab= and falls back to the path's default", () => {
    const tabOf = ([path, tab]: [string, string | null]) => workspaceTabFromUrl(path, tab);
    expectOutputs(tabOf, {
      essay: [["/sessions/abc", "essay"]],
      dashboard: [
        ["/sessions/abc", null],
        ["/sessions/abc", "bogus"],
      ],
      setup: [
        ["/", "setup"],
        ["/", null],
      ],
    });
  });

  it("writes ?tab= only when it is not the path's default", () => {
    const hrefOf = ([path, tab]: [string, WorkspaceTab]) => workspaceTabHref(path, tab);
    expectOutputs(hrefOf, {
      "/sessions/abc": [["/sessions/abc", "dashboard"]],
      "/sessions/abc?tab=essay": [["/sessions/abc", "essay"]],
      "/": [["/", "setup"]],
      "/?tab=dashboard": [["/", "dashboard"]],
    });
  });

  it("spells a report's address under its session", () => {
    expect(paths.sessionReport.getHref("s-1", "sub 2")).toBe("/sessions/s-1/submissions/sub%202");
  });
});

describe("adjacentReports (이전 학생 / 다음 학생)", () => {
  const list = [
    { id: "a", status: "completed" },
    { id: "b", status: "analyzing" },
    { id: "c", status: "completed" },
    { id: "d", status: "error" },
    { id: "e", status: "completed" },
  ];

  it("steps over rows without a report, in the list's order", () => {
    expect(adjacentReports(list, "c")).toEqual({ prev: list[0], next: list[4] });
  });

  it("has no neighbour past either end, and none for an unknown id", () => {
    expect(adjacentReports(list, "a").prev).toBeNull();
    expect(adjacentReports(list, "e").next).toBeNull();
    expect(adjacentReports(list, "zzz")).toEqual({ prev: null, next: null });
    expect(adjacentReports(undefined, "a")).toEqual({ prev: null, next: null });
  });
});

describe("essay draft in sessionStorage", () => {
  afterEach(() => sessionStorage.clear());

  it("round-trips per session id and is cleared on submit", () => {
    saveEssayDraft("s1", { essayContent: "초안 답안", studentName: "홍길동", studentId: "" });
    expect(loadEssayDraft("s1")).toEqual({ essayContent: "초안 답안", studentName: "홍길동", studentId: "" });
    expect(loadEssayDraft("s2")).toBeNull();
    clearEssayDraft("s1");
    expect(loadEssayDraft("s1")).toBeNull();
  });

  it("removes an all-empty draft and ignores malformed storage", () => {
    saveEssayDraft("s1", { essayContent: "x" });
    saveEssayDraft("s1", { essayContent: "", studentName: "", studentId: "" });
    expect(sessionStorage.getItem("essay-draft:s1")).toBeNull();
    sessionStorage.setItem("essay-draft:s3", "{not json");
    expect(loadEssayDraft("s3")).toBeNull();
    sessionStorage.setItem("essay-draft:s4", JSON.stringify({ essayContent: 5, studentName: "김" }));
    expect(loadEssayDraft("s4")).toEqual({ essayContent: "", studentName: "김", studentId: "" });
  });
});
