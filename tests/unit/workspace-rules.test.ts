import { describe, expect, it } from "vitest";
import { addEssayFiles, type EssayFileItem } from "@/features/sessions/utils/essay-files";
import { initialWorkspaceTab } from "@/features/sessions/utils/workspace-tabs";
import { dashboardBadgeCount, displayStudent, submissionStats } from "@/features/sessions/utils/submission-stats";
import { submissionsPollInterval } from "@/features/sessions/utils/submission-cache";
import { ESSAY_EXTENSIONS, formatKb } from "@shared/upload-rules.ts";
import type { Submission } from "@shared/types.ts";
import { expectOutputs } from "../helpers/cases.ts";

const f = (name: string) => new File(["x"], name);

describe("initial workspace tab (docs/product.md#workspace)", () => {
  it("is the dashboard under /sessions and /dashboard, otherwise setup", () => {
    expectOutputs(initialWorkspaceTab, { dashboard: ["/sessions/abc", "/sessions", "/dashboard"], setup: ["/"] });
  });
});

describe("adding essay files (docs/product.md#files)", () => {
  it("parses student names from file names", () => {
    const out = addEssayFiles([], [f("홍길동_20240101.txt")], 1, ESSAY_EXTENSIONS);
    expect(out.kind).toBe("added");
    if (out.kind === "added") expect(out.items[0]).toMatchObject({ studentName: "홍길동", studentId: "20240101" });
  });

  it("refuses other types", () => {
    const out = addEssayFiles([], [f("a.hwp")], 10, ESSAY_EXTENSIONS);
    expect(out).toEqual({ kind: "none", rejected: [expect.any(File)] });
  });

  it("asks for an upgrade when existing + new pass the plan's limit", () => {
    const first = addEssayFiles([], [f("a.txt")], 1, ESSAY_EXTENSIONS);
    const existing = first.kind === "added" ? first.items : [];
    expect(addEssayFiles(existing, [f("b.txt")], 1, ESSAY_EXTENSIONS).kind).toBe("upgrade");
  });

  it("keeps the first maxFiles of a first multi-file pick", () => {
    const out = addEssayFiles(
      [],
      Array.from({ length: 12 }, (_, i) => f(`${i}.txt`)),
      10,
      ESSAY_EXTENSIONS,
    );
    expect(out.kind).toBe("added");
    if (out.kind === "added") {
      expect(out.items).toHaveLength(10);
      expect(out.truncatedTo).toBe(10);
    }
  });

  it("adds to an existing list within the limit", () => {
    const existing: EssayFileItem[] = [{ key: "k", file: f("a.txt"), studentName: "", studentId: "" }];
    const out = addEssayFiles(existing, [f("b.pdf"), f("c.png")], 10, ESSAY_EXTENSIONS);
    expect(out.kind === "added" && out.items.map((i) => i.file.name)).toEqual(["a.txt", "b.pdf", "c.png"]);
  });
});

const sub = (status: Submission["status"], score: number | null = null, extra: Partial<Submission> = {}) =>
  ({ id: "00000000-0000-0000-0000-00000000abcd", status, score, studentName: "", studentId: "", ...extra }) as Submission;

describe("dashboard rules (docs/product.md#dashboard, #polling)", () => {
  it("counts completed, waiting (pending + analyzing), total and the rounded average", () => {
    const stats = submissionStats([sub("completed", 80), sub("completed", 85), sub("pending"), sub("analyzing"), sub("error")]);
    expect(stats).toEqual({ completed: 2, waiting: 2, failed: 1, total: 5, averageScore: 83, percent: 40 });
    expect(submissionStats([]).averageScore).toBeNull();
  });

  it("badge shows pending, or completed when nothing is pending", () => {
    expect(dashboardBadgeCount([sub("pending"), sub("completed", 1)])).toBe(1);
    expect(dashboardBadgeCount([sub("completed", 1), sub("completed", 2)])).toBe(2);
    expect(dashboardBadgeCount(undefined)).toBe(0);
  });

  it("shows the name, else the id, else 익명 + last 4 of the id", () => {
    expect(displayStudent(sub("pending", null, { studentName: "홍길동", studentId: "1" }))).toBe("홍길동");
    expect(displayStudent(sub("pending", null, { studentId: "2024" }))).toBe("2024");
    expect(displayStudent(sub("pending"))).toBe("익명 abcd");
  });

  it("polls every 2 s while empty, 1 s while analysing, else 5 s", () => {
    expect(submissionsPollInterval([])).toBe(2000);
    expect(submissionsPollInterval([sub("analyzing")])).toBe(1000);
    expect(submissionsPollInterval([sub("completed", 1)])).toBe(5000);
  });

  it("sizes in KB to one decimal", () => {
    expect(formatKb(1536)).toBe("1.5 KB");
    expect(formatKb(100)).toBe("0.1 KB");
  });
});
