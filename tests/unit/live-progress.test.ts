import { describe, expect, it } from "vitest";
import {
  applySubmissionChange,
  mergeFetchedSubmissions,
  submissionFromRecord,
  submissionsPollInterval,
  type SubmissionListItem,
  type SubmissionRecord,
} from "@/features/sessions/utils/submission-cache";

const SESSION = "11111111-1111-4111-8111-111111111111";

function record(overrides: Partial<SubmissionRecord> = {}): SubmissionRecord {
  return {
    id: "aaaaaaaa-0000-4000-8000-000000000001",
    session_id: SESSION,
    user_id: "u1",
    student_name: "김민수",
    student_id: "20240001",
    status: "pending",
    progress: 0,
    progress_message: "대기 중입니다",
    submitted_at: "2026-03-01T01:00:00.000Z",
    analysis_started_at: null,
    analysis_completed_at: null,
    essay_filename: "김민수_20240001.txt",
    essay_file_path: null,
    essay_preview: "스마트폰 사용은 청소년의 학습에 영향을 준다.",
    usage_charged: true,
    ...overrides,
  };
}

function item(overrides: Partial<SubmissionListItem> = {}): SubmissionListItem {
  return { ...submissionFromRecord(record()), ...overrides };
}

describe("submissionsPollInterval (docs/product.md#polling)", () => {
  it("polls every 2 s while the list is empty or not loaded", () => {
    expect(submissionsPollInterval([], false)).toBe(2000);
    expect(submissionsPollInterval(undefined, false)).toBe(2000);
  });

  it("polls every 1 s while any submission is analyzing", () => {
    expect(submissionsPollInterval([{ status: "completed" }, { status: "analyzing" }, { status: "pending" }], false)).toBe(1000);
  });

  it("polls every 5 s otherwise", () => {
    expect(submissionsPollInterval([{ status: "pending" }, { status: "completed" }, { status: "error" }], false)).toBe(5000);
  });

  it("does not poll while the realtime channel is subscribed", () => {
    expect(submissionsPollInterval([], true)).toBe(false);
    expect(submissionsPollInterval([{ status: "analyzing" }], true)).toBe(false);
  });
});

describe("applySubmissionChange (broadcast → query cache)", () => {
  it("patches status, progress and message of a row from an UPDATE", () => {
    const list = [item(), item({ id: "other", studentName: "이영희" })];
    const { items, refetch } = applySubmissionChange(
      list,
      {
        operation: "UPDATE",
        table: "essay_submissions",
        record: record({ status: "analyzing", progress: 42, progress_message: "근거의 타당성을 검토하고 있습니다..." }),
        old_record: { id: record().id, status: "pending", progress: 0 },
      },
      SESSION,
    );
    expect(refetch).toBe(false);
    expect(items![0]).toMatchObject({ status: "analyzing", progress: 42, progressMessage: "근거의 타당성을 검토하고 있습니다..." });
    expect(items![1]).toBe(list[1]);
    expect(list[0].status).toBe("pending");
  });

  it("asks for a refetch when a row becomes completed, and shows it as analyzing until the score arrives", () => {
    // Changed: 완료 is shown together with the score, never before it.
    const list = [item({ status: "analyzing", progress: 95 })];
    const { items, refetch } = applySubmissionChange(list, {
      operation: "UPDATE",
      record: record({ status: "completed", progress: 100, progress_message: "분석이 완료되었습니다" }),
    });
    expect(refetch).toBe(true);
    expect(items![0]).toMatchObject({ status: "analyzing", progress: 100, score: null });
    // The same broadcast again still asks for the score.
    expect(applySubmissionChange(items, { operation: "UPDATE", record: record({ status: "completed", progress: 100 }) }).refetch).toBe(
      true,
    );
  });

  it("keeps the score of a completed row that already has its result", () => {
    const list = [item({ status: "completed", progress: 100, score: 80, result: { overallScore: 80, maxScore: 100 } })];
    const change = applySubmissionChange(list, {
      operation: "UPDATE",
      record: record({ status: "completed", progress: 100, student_name: "김민준" }),
    });
    expect(change.refetch).toBe(false);
    expect(change.items![0]).toMatchObject({ studentName: "김민준", score: 80, result: { overallScore: 80, maxScore: 100 } });
  });

  it("clears the score when a completed row is graded again", () => {
    const list = [item({ status: "completed", progress: 100, score: 80, result: { overallScore: 80, maxScore: 100 } })];
    const { items } = applySubmissionChange(list, { operation: "UPDATE", record: record({ status: "analyzing", progress: 10 }) });
    expect(items![0]).toMatchObject({ status: "analyzing", score: null, result: null });
  });

  it("adds an inserted row in the API's order (newest first) with its 100-character preview", () => {
    const older = item({ id: "old", submittedAt: "2026-03-01T00:00:00.000Z" });
    const preview = "가".repeat(100);
    const { items } = applySubmissionChange([older], {
      operation: "INSERT",
      record: record({ id: "new", submitted_at: "2026-03-01T02:00:00.000Z", essay_preview: preview }),
      old_record: null,
    });
    expect(items!.map((i) => i.id)).toEqual(["new", "old"]);
    expect(items![0]).toMatchObject({ essay: preview, studentName: "김민수", studentId: "20240001", progressMessage: "대기 중입니다" });
  });

  it("adds a row it has not seen from an UPDATE (a started batch answer)", () => {
    const { items } = applySubmissionChange([], { operation: "UPDATE", record: record({ id: "x", usage_charged: true }) });
    expect(items!.map((i) => i.id)).toEqual(["x"]);
  });

  it("ignores staged batch answers (pending, not yet charged), as the list API hides them", () => {
    const list: SubmissionListItem[] = [];
    const change = applySubmissionChange(list, { operation: "INSERT", record: record({ usage_charged: false }) });
    expect(change.items).toBe(list);
    expect(change.refetch).toBe(false);
  });

  it("lists a sample answer (pending, no use held, is_sample), as the list API does", () => {
    const { items } = applySubmissionChange([], {
      operation: "INSERT",
      record: record({ id: "s", usage_charged: false, is_sample: true }),
    });
    expect(items!.map((i) => i.id)).toEqual(["s"]);
  });

  it("removes a deleted row", () => {
    const list = [item(), item({ id: "keep" })];
    const { items } = applySubmissionChange(list, {
      operation: "DELETE",
      record: null,
      old_record: { id: record().id, session_id: SESSION },
    });
    expect(items!.map((i) => i.id)).toEqual(["keep"]);
  });

  it("ignores rows of another session, other tables and lists not loaded yet", () => {
    const list = [item()];
    expect(applySubmissionChange(list, { operation: "UPDATE", record: record({ session_id: "other", progress: 50 }) }, SESSION).items).toBe(
      list,
    );
    expect(applySubmissionChange(list, { operation: "UPDATE", table: "analysis_results", record: record({ progress: 50 }) }).items).toBe(
      list,
    );
    expect(applySubmissionChange(undefined, { operation: "UPDATE", record: record({ progress: 50 }) }).items).toBeUndefined();
  });

  it("returns the same list when a broadcast changes nothing visible", () => {
    const list = [item()];
    expect(applySubmissionChange(list, { operation: "UPDATE", record: record() }).items).toBe(list);
  });
});

describe("mergeFetchedSubmissions (a list fetch never moves a row back)", () => {
  const started = "2026-03-01T01:00:05.000Z";
  const broadcastStarted = "2026-03-01T01:00:05.123456+00:00";

  it("keeps a row the completion broadcast finished when an older fetch lands after it", () => {
    // The cache has seen the completion (held at 100 % until the score arrives) …
    const completed = applySubmissionChange(
      [item({ status: "analyzing", progress: 45, analysisStartedAt: started })],
      {
        operation: "UPDATE",
        record: record({
          status: "completed",
          progress: 100,
          analysis_started_at: broadcastStarted,
          analysis_completed_at: "2026-03-01T01:00:09Z",
        }),
      },
      SESSION,
    ).items!;
    expect(completed[0]).toMatchObject({ status: "analyzing", progress: 100 });
    // … then a fetch that started before it answers "analyzing 45".
    const stale = [item({ status: "analyzing", progress: 45, analysisStartedAt: started, essay: "새 미리보기" })];
    const merged = mergeFetchedSubmissions(completed, stale);
    expect(merged[0]).toMatchObject({ status: "analyzing", progress: 100, essay: "새 미리보기" });
    // The next fetch brings the score: it wins.
    const scored = item({
      status: "completed",
      progress: 100,
      analysisStartedAt: started,
      score: 80,
      result: { overallScore: 80, maxScore: 100 },
    });
    expect(mergeFetchedSubmissions(merged, [scored])[0]).toBe(scored);
  });

  it("never lowers progress or status within a run, and takes any forward step", () => {
    const cached = [item({ status: "analyzing", progress: 60, analysisStartedAt: started })];
    expect(mergeFetchedSubmissions(cached, [item({ status: "analyzing", progress: 30, analysisStartedAt: started })])[0].progress).toBe(60);
    expect(mergeFetchedSubmissions(cached, [item({ status: "pending", progress: 0, analysisStartedAt: null })])[0].status).toBe(
      "analyzing",
    );
    const ahead = [item({ status: "analyzing", progress: 80, analysisStartedAt: started })];
    expect(mergeFetchedSubmissions(cached, ahead)).toBe(ahead);
    const failed = [item({ status: "error", progress: 60, analysisStartedAt: started })];
    expect(mergeFetchedSubmissions(cached, failed)).toBe(failed);
  });

  it("treats a re-grade or a retry as a new run that starts again at 0 %", () => {
    const done = [
      item({
        status: "completed",
        progress: 100,
        analysisStartedAt: started,
        analysisCompletedAt: "2026-03-01T01:00:09Z",
        result: { overallScore: 80, maxScore: 100 },
      }),
    ];
    const queued = [
      item({ status: "pending", progress: 0, analysisStartedAt: null, analysisCompletedAt: "2026-03-01T01:00:09Z", regrading: true }),
    ];
    expect(mergeFetchedSubmissions(done, queued)).toBe(queued);
    const rerun = [item({ status: "analyzing", progress: 5, analysisStartedAt: "2026-03-01T02:00:00.000Z", regrading: true })];
    expect(mergeFetchedSubmissions(done, rerun)).toBe(rerun);
    // While the re-grade is queued, a fetch from before it does not bring the old run back.
    expect(mergeFetchedSubmissions(queued, done)[0].status).toBe("pending");

    const failed = [item({ status: "error", progress: 40, analysisStartedAt: started })];
    const retried = [item({ status: "pending", progress: 0, analysisStartedAt: null })];
    expect(mergeFetchedSubmissions(failed, retried)).toBe(retried);
  });

  it("lets the fetch decide which rows exist", () => {
    const cached = [item({ id: "a" }), item({ id: "b" })];
    const fetched = [item({ id: "b" }), item({ id: "c" })];
    expect(mergeFetchedSubmissions(cached, fetched).map((row) => row.id)).toEqual(["b", "c"]);
  });
});

describe("applySubmissionChange never moves a row back within a run", () => {
  it("ignores a late progress broadcast after the completion one", () => {
    const started = "2026-03-01T01:00:05.000Z";
    const held = applySubmissionChange(
      [item({ status: "analyzing", progress: 45, analysisStartedAt: started })],
      { operation: "UPDATE", record: record({ status: "completed", progress: 100, analysis_started_at: started }) },
      SESSION,
    ).items!;
    const late = applySubmissionChange(
      held,
      { operation: "UPDATE", record: record({ status: "analyzing", progress: 45, analysis_started_at: started }) },
      SESSION,
    );
    expect(late.items).toBe(held);
    expect(late.items![0]).toMatchObject({ status: "analyzing", progress: 100 });
  });
});

describe("submissionFromRecord: the roster link of a class's answer", () => {
  it("keeps the broadcast roster_student_id (its name comes with the next fetch)", () => {
    const linked = submissionFromRecord(record({ roster_student_id: "bbbbbbbb-0000-4000-8000-000000000002" }));
    expect(linked.rosterStudentId).toBe("bbbbbbbb-0000-4000-8000-000000000002");
    expect(linked.rosterStudentName).toBeNull();
    expect(submissionFromRecord(record()).rosterStudentId).toBeNull();
  });
});
