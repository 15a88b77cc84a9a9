// The class results helpers: view in the URL, rows, search and status
// filter, sort comparators, and the summary's statistics (median, histogram bins, averages, flags);
// and the list item's category scores and flags (api/submissions/mappers.ts).
import { describe, expect, it } from "vitest";
import type { Submission } from "@shared/types.ts";
import {
  classSummary,
  compareStatuses,
  compareStudentIds,
  dashboardViewFromUrl,
  dashboardViewSearch,
  filterResultRows,
  histogramBins,
  median,
  resultCategories,
  resultRows,
  spread,
} from "@/features/sessions/utils/class-results";
import { submissionJson, type SubmissionRow } from "../../supabase/functions/api/submissions/mappers.ts";
import { gradedSubmission, submission } from "../mocks/api.ts";
import { expectOutputs } from "../helpers/cases.ts";

const cats = (a: number, b: number) => [
  { name: "논리 구조", score: a, maxScore: 40 },
  { name: "언어 표현", score: b, maxScore: 30 },
];

const done = (id: string, name: string, studentId: string, total: number, extra: Partial<NonNullable<Submission["result"]>> = {}) =>
  gradedSubmission(id, name, studentId, total, { maxScore: 70, grader: "ai", categoryScores: cats(total - 20, 20), flags: [], ...extra });

describe("dashboard view in the URL", () => {
  it("reads ?view= and falls back to the list", () => {
    expectOutputs(dashboardViewFromUrl, { table: ["table"], summary: ["summary"], list: ["list", "chart", null] });
  });

  it("keeps the other parameters and drops view for the list", () => {
    expect(dashboardViewSearch("?tab=dashboard", "table")).toBe("?tab=dashboard&view=table");
    expect(dashboardViewSearch("?tab=dashboard&view=table", "summary")).toBe("?tab=dashboard&view=summary");
    expect(dashboardViewSearch("?view=table", "list")).toBe("");
    expect(dashboardViewSearch("", "summary")).toBe("?view=summary");
  });
});

describe("results table rows", () => {
  const list = [
    done("a", "홍길동", "20240010", 60),
    done("b", "김철수", "20240002", 50, { flags: ["off_topic"] }),
    submission({ id: "c", studentName: "이영희", studentId: "20240003", status: "analyzing" }),
    submission({ id: "d", studentName: "", studentId: "", status: "error" }),
  ];

  it("has one column per rubric category with its maximum and scores only for completed answers", () => {
    expect(resultCategories(list)).toEqual([
      { name: "논리 구조", maxScore: 40 },
      { name: "언어 표현", maxScore: 30 },
    ]);
    const rows = resultRows(list);
    expect(rows[0]).toMatchObject({
      name: "홍길동",
      studentId: "20240010",
      total: 60,
      maxScore: 70,
      scores: { "논리 구조": 40, "언어 표현": 20 },
    });
    expect(rows[1].flags).toEqual(["off_topic"]);
    expect(rows[2]).toMatchObject({ status: "analyzing", total: null, scores: {} });
    expect(rows[3].name).toBe("익명 d");
  });

  it("searches by name or 수험번호 (spaces and case ignored) and filters by status", () => {
    const rows = resultRows(list);
    const ids = (r: { id: string }[]) => r.map((x) => x.id);
    expect(ids(filterResultRows(rows, "길동", "all"))).toEqual(["a"]);
    expect(ids(filterResultRows(rows, " 홍 길동 ", "all"))).toEqual(["a"]);
    expect(ids(filterResultRows(rows, "2024000", "all"))).toEqual(["b", "c"]);
    expect(ids(filterResultRows(rows, "", "completed"))).toEqual(["a", "b"]);
    expect(ids(filterResultRows(rows, "2024000", "completed"))).toEqual(["b"]);
    expect(ids(filterResultRows(rows, "없는학생", "all"))).toEqual([]);
    expect(ids(filterResultRows(rows, "", "all"))).toEqual(["a", "b", "c", "d"]);
  });

  it("sorts 수험번호 as read with empty ones last, and statuses completed first", () => {
    expect(["10", "", "2", "20240001", "1"].sort(compareStudentIds)).toEqual(["1", "2", "10", "20240001", ""]);
    expect((["error", "pending", "completed", "analyzing"] as const).slice().sort(compareStatuses)).toEqual([
      "completed",
      "analyzing",
      "pending",
      "error",
    ]);
  });
});

describe("statistics", () => {
  it("median of odd and even counts, none for empty", () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
    expect(median([])).toBeNull();
    expect(spread([50, 90, 70, 60])).toEqual({ min: 50, median: 65, max: 90, mean: 67.5, count: 4 });
    expect(spread([])).toBeNull();
  });

  it("histogram: equal bins over [0, max], a score on an edge goes up, the maximum in the last bin", () => {
    const bins = histogramBins([0, 9.9, 10, 55, 99, 100, 100], 100, 10);
    expect(bins).toHaveLength(10);
    expect(bins.map((b) => b.count)).toEqual([2, 1, 0, 0, 0, 1, 0, 0, 0, 3]);
    expect(bins[0]).toMatchObject({ from: 0, to: 10, label: "0~10" });
    expect(bins[9]).toMatchObject({ from: 90, to: 100, label: "90~100" });
    // Uneven widths (max 70 in 10 bins of 7) and out-of-range scores clamped.
    const seventy = histogramBins([-5, 7, 13.9, 14, 70, 80], 70, 10);
    expect(seventy.map((b) => b.count)).toEqual([1, 2, 1, 0, 0, 0, 0, 0, 0, 2]);
    expect(seventy.reduce((a, b) => a + b.count, 0)).toBe(6);
  });

  it("summary: totals, spread, averages per category against the maximum, flag counts", () => {
    const s = classSummary(
      [
        done("a", "가", "1", 60, { flags: ["off_topic", "too_short"] }),
        done("b", "나", "2", 50, { flags: ["manipulation"] }),
        done("c", "다", "3", 40, { flags: ["off_topic"] }),
        submission({ id: "d", status: "pending" }),
      ],
      7,
    );
    expect(s.completed).toBe(3);
    expect(s.scale).toEqual({ max: 70, unit: "점" });
    expect(s.spread).toMatchObject({ min: 40, median: 50, max: 60, mean: 50 });
    expect(s.histogram).toHaveLength(7);
    expect(s.histogram.map((b) => b.count)).toEqual([0, 0, 0, 0, 1, 1, 1]);
    expect(s.categories).toEqual([
      { name: "논리 구조", maxScore: 40, average: 30, count: 3 },
      { name: "언어 표현", maxScore: 30, average: 20, count: 3 },
    ]);
    expect(s.flags).toEqual([
      { flag: "off_topic", label: "주제 이탈", count: 2 },
      { flag: "too_short", label: "분량 부족", count: 1 },
      { flag: "manipulation", label: "조작 시도", count: 1 },
    ]);
    expect(s.flaggedAnswers).toBe(3);
  });

  it("summary: totals of different maxima become percentages", () => {
    const s = classSummary([
      done("a", "가", "1", 35),
      submission({ id: "b", status: "completed", result: { overallScore: 80, maxScore: 100 } }),
    ]);
    expect(s.scale).toEqual({ max: 100, unit: "%" });
    expect(s.totals).toEqual([50, 80]);
  });
});

describe("list item (api/submissions/mappers.ts)", () => {
  const row = (over: Partial<SubmissionRow>): SubmissionRow => ({
    id: "x",
    session_id: "s",
    user_id: "u",
    student_name: "홍길동",
    student_id: "1",
    essay_content: "답안",
    essay_file_path: null,
    essay_filename: null,
    essay_mime_type: null,
    progress: 100,
    progress_message: "",
    submitted_at: "2026-03-01T00:00:00Z",
    analysis_started_at: null,
    analysis_completed_at: null,
    status: "completed",
    overall_score: "61.5",
    max_score: "100",
    grader: "ai",
    category_scores: [
      { name: "논리 구조", score: 30.5, maxScore: 40, feedback: "긴 피드백" },
      { name: 3, score: "x" },
    ],
    flags: ["off_topic", "<script>", "too_short"],
    ...over,
  });

  it("carries the category scores (no feedback) and the known flags of a completed answer", () => {
    expect(submissionJson(row({})).result).toEqual({
      overallScore: 61.5,
      maxScore: 100,
      grader: "ai",
      categoryScores: [{ name: "논리 구조", score: 30.5, maxScore: 40 }],
      flags: ["off_topic", "too_short"],
      // A row written without a rubric snapshot reads its rubric from its own category maxima.
      rubric: [{ name: "논리 구조", maxScore: 40 }],
    });
    expect(submissionJson(row({ category_scores: null, flags: null })).result).toMatchObject({ categoryScores: [], flags: [] });
    expect(submissionJson(row({ status: "analyzing", overall_score: null })).result).toBeNull();
  });
});
