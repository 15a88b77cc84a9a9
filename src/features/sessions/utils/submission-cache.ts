import type { Submission, SubmissionStatus } from "@shared/types.ts";

/** The submission row as the DB trigger broadcasts it (snake_case, no essay_content). */
export interface SubmissionRecord {
  id: string;
  session_id: string;
  user_id?: string;
  student_name?: string | null;
  /** The linked student of a class's assignment (the name comes with the next fetch). */
  roster_student_id?: string | null;
  student_id?: string | null;
  status?: SubmissionStatus;
  progress?: number;
  progress_message?: string | null;
  submitted_at?: string;
  analysis_started_at?: string | null;
  analysis_completed_at?: string | null;
  essay_filename?: string | null;
  essay_file_path?: string | null;
  essay_preview?: string | null;
  usage_charged?: boolean;
  is_sample?: boolean;
}

export interface SubmissionChangePayload {
  operation?: "INSERT" | "UPDATE" | "DELETE" | string;
  table?: string;
  record?: SubmissionRecord | null;
  old_record?: Partial<SubmissionRecord> | null;
}

export type SubmissionListItem = Submission;

export interface CacheChange {
  /** The next list, or the same reference when nothing changed. */
  items: SubmissionListItem[] | undefined;
  /** The list should be fetched again (a row we cannot build from the broadcast alone). */
  refetch: boolean;
}

export const POLL_EMPTY_MS = 2000;
export const POLL_ANALYZING_MS = 1000;
export const POLL_IDLE_MS = 5000;

/** Polling (docs/product.md#polling) while the channel is not subscribed: 2 s empty, 1 s while any is analyzing, else 5 s. */
export function submissionsPollInterval(items: readonly { status: string }[] | null | undefined, isLive = false): number | false {
  if (isLive) return false;
  if (!items || items.length === 0) return POLL_EMPTY_MS;
  if (items.some((item) => item.status === "analyzing")) return POLL_ANALYZING_MS;
  return POLL_IDLE_MS;
}

/** Staged batch answers (uploaded, not started) are hidden from the list, as the API does; sample answers are queued. */
function isStaged(record: SubmissionRecord): boolean {
  return record.status === "pending" && record.usage_charged === false && record.is_sample !== true;
}

/** What the list says while a completed row's score is on its way (the row stays 분석중 until then). */
export const SCORE_LOADING_MESSAGE = "채점 결과를 불러오는 중입니다...";

/**
 * The broadcast says "completed" before the list has the score (it comes with the next fetch).
 * Such a row keeps showing as analyzing at 100 % so that 완료 always appears together with its
 * score (and the average never shows "-" for a finished answer).
 */
function holdUntilScored(item: SubmissionListItem): SubmissionListItem {
  if (item.status !== "completed" || item.result != null) return item;
  return { ...item, status: "analyzing", progress: 100, progressMessage: SCORE_LOADING_MESSAGE };
}

/** A list item built from a broadcast row; score and result come with the next fetch. */
export function submissionFromRecord(record: SubmissionRecord): SubmissionListItem {
  const submittedAt = record.submitted_at ?? new Date().toISOString();
  return holdUntilScored({
    id: record.id,
    sessionId: record.session_id,
    userId: record.user_id ?? "",
    studentName: record.student_name ?? "",
    studentId: record.student_id ?? "",
    essayContent: null,
    essayFilePath: record.essay_file_path ?? null,
    essayFilename: record.essay_filename ?? null,
    status: record.status ?? "pending",
    progress: record.progress ?? 0,
    progressMessage: record.progress_message ?? "",
    submittedAt,
    analysisStartedAt: record.analysis_started_at ?? null,
    analysisCompletedAt: record.analysis_completed_at ?? null,
    score: null,
    submitTime: submittedAt,
    essay: [...(record.essay_preview ?? "")].slice(0, 100).join(""),
    result: null,
    rosterStudentId: record.roster_student_id ?? null,
    rosterStudentName: null,
  });
}

function patchItem(item: SubmissionListItem, record: SubmissionRecord): SubmissionListItem {
  const next: SubmissionListItem = { ...item };
  if (record.status !== undefined) next.status = record.status;
  if (record.progress !== undefined) next.progress = record.progress;
  if (record.progress_message !== undefined) next.progressMessage = record.progress_message ?? "";
  if (record.student_name !== undefined) next.studentName = record.student_name ?? "";
  if (record.student_id !== undefined) next.studentId = record.student_id ?? "";
  if (record.analysis_started_at !== undefined) next.analysisStartedAt = record.analysis_started_at;
  if (record.analysis_completed_at !== undefined) next.analysisCompletedAt = record.analysis_completed_at;
  if (record.submitted_at !== undefined) {
    next.submittedAt = record.submitted_at;
    next.submitTime = record.submitted_at;
  }
  if (next.status !== "completed") {
    next.score = null;
    next.result = null;
  } else {
    next.regrading = false;
  }
  return holdUntilScored(next);
}

function sameItem(a: SubmissionListItem, b: SubmissionListItem): boolean {
  return (
    a.status === b.status &&
    a.progress === b.progress &&
    a.progressMessage === b.progressMessage &&
    a.studentName === b.studentName &&
    a.studentId === b.studentId &&
    a.analysisStartedAt === b.analysisStartedAt &&
    a.analysisCompletedAt === b.analysisCompletedAt &&
    a.submittedAt === b.submittedAt &&
    a.result === b.result
  );
}

/** The API's order: newest first, then id. */
function byListOrder(a: SubmissionListItem, b: SubmissionListItem): number {
  const ta = Date.parse(a.submittedAt);
  const tb = Date.parse(b.submittedAt);
  if (ta !== tb) return tb - ta;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * Applies one `essay_submissions` broadcast to the cached list of a session.
 * INSERT adds the row, UPDATE patches status/progress/message (and adds a row it has not seen),
 * DELETE removes it; a row that becomes completed asks for a refetch to get its score.
 */
export function applySubmissionChange(
  items: SubmissionListItem[] | undefined,
  payload: SubmissionChangePayload | null | undefined,
  sessionId?: string,
): CacheChange {
  if (!items || !payload) return { items, refetch: false };
  if (payload.table && payload.table !== "essay_submissions") return { items, refetch: false };
  const record = payload.record ?? null;
  const op = (payload.operation ?? (record ? "UPDATE" : "DELETE")).toUpperCase();

  if (op === "DELETE" || !record) {
    const id = payload.old_record?.id;
    if (!id || !items.some((item) => item.id === id)) return { items, refetch: false };
    return { items: items.filter((item) => item.id !== id), refetch: false };
  }
  if (sessionId && record.session_id && record.session_id !== sessionId) return { items, refetch: false };

  const index = items.findIndex((item) => item.id === record.id);
  if (isStaged(record)) {
    if (index < 0) return { items, refetch: false };
    return { items: items.filter((item) => item.id !== record.id), refetch: false };
  }
  if (index < 0) {
    const added = submissionFromRecord(record);
    return { items: [...items, added].sort(byListOrder), refetch: record.status === "completed" };
  }

  const current = items[index];
  const next = patchItem(current, record);
  // A broadcast that arrives after a later one of the same run (writes racing each other) changes nothing.
  if (isBehind(current, next)) return { items, refetch: false };
  const becameCompleted = record.status === "completed" && (current.status !== "completed" || current.result == null);
  if (sameItem(current, next)) return { items, refetch: becameCompleted };
  const list = items.slice();
  list[index] = next;
  const reordered = next.submittedAt !== current.submittedAt ? list.sort(byListOrder) : list;
  return { items: reordered, refetch: becameCompleted };
}

/** Status order within one grading run: a row never moves left. */
const STATUS_RANK: Record<SubmissionStatus, number> = { pending: 0, analyzing: 1, completed: 2, error: 2 };

/** Two run starts this close are the same run (the broadcast and the API format the time differently). */
const SAME_RUN_MS = 1000;

function startedMs(item: SubmissionListItem): number | null {
  const t = item.analysisStartedAt ? Date.parse(item.analysisStartedAt) : NaN;
  return Number.isNaN(t) ? null : t;
}

/**
 * True when `fetched` shows an older state of the row than `cached` — a list fetch that started
 * before a broadcast the cache already applied. A grading run is identified by its start time
 * (`analysisStartedAt`: set when a worker first claims the answer, kept across re-claims, cleared
 * when a retry or re-grade queues it again). Within a run the status only moves forward
 * (pending < analyzing < completed/error) and progress never drops; a later run always wins.
 */
export function isBehind(cached: SubmissionListItem, fetched: SubmissionListItem): boolean {
  const c = startedMs(cached);
  const f = startedMs(fetched);
  if (c !== null && f !== null && Math.abs(c - f) >= SAME_RUN_MS) return f < c;
  if (c !== null && f === null) {
    // Not claimed yet: a new run (retry / re-grade) only once the cached run has ended.
    return cached.status !== "completed" && cached.status !== "error";
  }
  if (c === null && f !== null) {
    // The cached row is queued; the fetched one is claimed (forward) unless it is the finished
    // run the re-grade replaced (a re-grade keeps the old completion time while queued).
    const finished = fetched.status === "completed" || fetched.status === "error";
    return finished && cached.analysisCompletedAt != null && fetched.analysisCompletedAt === cached.analysisCompletedAt;
  }
  // Neither has a start time: a finished row going back can only be a new run (a finished run was claimed).
  if (c === null && f === null && (cached.status === "completed" || cached.status === "error")) return false;
  const rc = STATUS_RANK[cached.status] ?? 0;
  const rf = STATUS_RANK[fetched.status] ?? 0;
  if (rf !== rc) return rf < rc;
  return fetched.progress < cached.progress;
}

/**
 * Merges a fetched list into the cached one: the fetch decides which rows exist and their order,
 * but a row the fetch shows behind the cache (see `isBehind`) keeps the cached grading state.
 * Returns the fetched list itself when nothing is kept.
 */
export function mergeFetchedSubmissions(
  cached: readonly SubmissionListItem[] | undefined,
  fetched: SubmissionListItem[],
): SubmissionListItem[] {
  if (!cached || cached.length === 0) return fetched;
  const byId = new Map(cached.map((item) => [item.id, item]));
  let kept = false;
  const merged = fetched.map((row) => {
    const known = byId.get(row.id);
    if (!known || !isBehind(known, row)) return row;
    kept = true;
    return {
      ...row,
      status: known.status,
      progress: known.progress,
      progressMessage: known.progressMessage,
      analysisStartedAt: known.analysisStartedAt,
      analysisCompletedAt: known.analysisCompletedAt,
      score: known.score,
      result: known.result,
      regrading: known.regrading,
    };
  });
  return kept ? merged : fetched;
}
