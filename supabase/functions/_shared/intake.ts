// Intake (학생 제출 받기): the bounds, the Korean messages and the zod schemas of a submission link and
// of student codes, one source for the SPA and the API (/api/sessions/:id/intake, /api/classes/:id/student-codes,
// /api/intake/:token…). The database checks the same bounds (migration 20261122000360_intake.sql).
import { z } from "zod";
import type { SharedReport } from "./review.ts";

/** A student code's alphabet: digits and capitals without 0/O/1/I/L (easy to read off paper). */
export const STUDENT_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const STUDENT_CODE_LENGTH = 8;

export const INTAKE_LIMITS = {
  minDrafts: 1,
  maxDrafts: 10,
  defaultDrafts: 2,
  /** A deadline at most this many days ahead. */
  maxDeadlineDays: 366,
  /** Codes issued in one request. */
  maxCodesPerRequest: 500,
} as const;

export const INTAKE_RELEASES = ["immediate", "after_review"] as const;
export type IntakeRelease = (typeof INTAKE_RELEASES)[number];

export const INTAKE_MESSAGES = {
  sessionNotFound: "과제를 찾을 수 없습니다.",
  classNotFound: "반을 찾을 수 없습니다.",
  needsClass: "학생 제출을 받으려면 먼저 과제에 반을 지정해 주세요.",
  linkExists: "이 과제에는 이미 제출 링크가 있습니다. 기존 링크를 수정하거나 닫은 뒤 다시 만들어 주세요.",
  linkNotFound: "이 과제의 제출 링크가 없습니다.",
  draftNotFound: "제출본을 찾을 수 없습니다.",
  invalidBody: "입력 내용이 올바르지 않습니다.",
  deadlineInvalid: "마감 일시를 올바르게 입력해 주세요.",
  deadlinePast: "마감 일시는 지금 이후여야 합니다.",
  deadlineTooFar: `마감 일시는 ${INTAKE_LIMITS.maxDeadlineDays}일 이내로 정해 주세요.`,
  draftsInvalid: `제출 횟수는 ${INTAKE_LIMITS.minDrafts}회부터 ${INTAKE_LIMITS.maxDrafts}회까지 정할 수 있습니다.`,
  releaseInvalid: "결과 공개 방식을 선택해 주세요.",
  nothingToChange: "바꿀 내용이 없습니다.",
  studentsInvalid: "학생을 올바르게 선택해 주세요.",
  tooManyStudents: `한 번에 ${INTAKE_LIMITS.maxCodesPerRequest}명까지 코드를 발급할 수 있습니다.`,
  studentNotInClass: "이 반에 등록되지 않은 학생이 있습니다.",
} as const;

/** What a student reads (public intake pages). */
export const STUDENT_INTAKE_MESSAGES = {
  linkNotFound: "제출 링크를 찾을 수 없습니다. 선생님께 받은 주소를 확인해 주세요.",
  linkClosed: "선생님이 제출을 마감했습니다.",
  linkExpired: "제출 기한이 지났습니다.",
  codeRequired: "학생 코드를 입력해 주세요.",
  codeWrong: "학생 코드가 올바르지 않습니다. 선생님께 받은 코드를 확인해 주세요.",
  tooManyWrongCodes: "학생 코드를 너무 여러 번 틀렸습니다. 10분 뒤에 다시 시도해 주세요.",
  tooManyDrafts: "오늘은 이 과제에 더 제출할 수 없습니다. 내일 다시 시도해 주세요.",
  draftsUsedUp: (max: number) => `이 과제에는 ${max}번까지 제출할 수 있으며, 모두 제출했습니다.`,
  quotaExhausted:
    "지금은 선생님의 첨삭 이용량이 모두 사용되어 제출을 받을 수 없습니다. 작성한 글은 이 화면에 그대로 남아 있으니, 선생님께 알려 드린 뒤 다시 제출해 주세요.",
  submitted: (n: number) => `${n}번째 글이 제출되었습니다. 첨삭이 끝나면 이 화면에서 확인할 수 있습니다.`,
} as const;

const M = INTAKE_MESSAGES;

const deadline = z.iso.datetime({ offset: true, error: M.deadlineInvalid }).refine((v) => {
  const t = Date.parse(v);
  return Number.isFinite(t);
}, M.deadlineInvalid);
const maxDrafts = z
  .number({ error: M.draftsInvalid })
  .int({ error: M.draftsInvalid })
  .min(INTAKE_LIMITS.minDrafts, { error: M.draftsInvalid })
  .max(INTAKE_LIMITS.maxDrafts, { error: M.draftsInvalid });
const release = z.enum(INTAKE_RELEASES, { error: M.releaseInvalid });

/** POST /api/sessions/:id/intake: a deadline, how many drafts (default 2), the release (default after_review). */
export const intakeCreateSchema = z.strictObject(
  {
    deadline,
    maxDrafts: maxDrafts.default(INTAKE_LIMITS.defaultDrafts),
    release: release.default("after_review"),
  },
  { error: M.invalidBody },
);

/** PATCH /api/sessions/:id/intake: any of the three, at least one. */
export const intakePatchSchema = z
  .strictObject({ deadline: deadline.optional(), maxDrafts: maxDrafts.optional(), release: release.optional() }, { error: M.invalidBody })
  .refine((b) => b.deadline !== undefined || b.maxDrafts !== undefined || b.release !== undefined, M.nothingToChange);

/** POST /api/classes/:id/student-codes: nothing (codes for students without one), or chosen students to re-issue. */
export const studentCodesSchema = z
  .strictObject(
    {
      studentIds: z
        .array(z.guid({ error: M.studentsInvalid }), { error: M.studentsInvalid })
        .min(1, { error: M.studentsInvalid })
        .max(INTAKE_LIMITS.maxCodesPerRequest, { error: M.tooManyStudents })
        .optional(),
      reissue: z.boolean({ error: M.invalidBody }).optional(),
    },
    { error: M.invalidBody },
  )
  .default({});

/** POST /api/classes/:id/student-codes/revoke: the students whose current code stops working (no new one is issued). */
export const revokeCodesSchema = z.strictObject(
  {
    studentIds: z
      .array(z.guid({ error: M.studentsInvalid }), { error: M.studentsInvalid })
      .min(1, { error: M.studentsInvalid })
      .max(INTAKE_LIMITS.maxCodesPerRequest, { error: M.tooManyStudents }),
  },
  { error: M.invalidBody },
);

/**
 * A code as a student types it, normalised: spaces and dashes dropped, upper case; null when it cannot
 * be a code (wrong length or a character outside the alphabet).
 */
export function normalizeStudentCode(raw: string): string | null {
  const code = raw.replace(/[\s-]/g, "").toUpperCase();
  if (code.length !== STUDENT_CODE_LENGTH) return null;
  for (const ch of code) if (!STUDENT_CODE_ALPHABET.includes(ch)) return null;
  return code;
}

/** A code shown to people: two groups of four (`ABCD-EFGH`). */
export const formatStudentCode = (code: string): string => `${code.slice(0, 4)}-${code.slice(4)}`;

/** A submission link as its teacher sees it. */
export interface IntakeLink {
  id: string;
  sessionId: string;
  deadline: string;
  maxDrafts: number;
  release: IntakeRelease;
  closedAt: string | null;
  /** When a student's draft was last refused because the teacher's uses ran out (null: never). */
  quotaRefusedAt: string | null;
  open: boolean;
  createdAt: string;
}

/** The answer to POST /api/sessions/:id/intake: the link and its token, shown once. */
export interface CreatedIntakeLink extends IntakeLink {
  url: string;
  token: string;
}

/** One new code, shown once (POST /api/classes/:id/student-codes). */
export interface IssuedStudentCode {
  studentId: string;
  examNumber: string;
  name: string;
  seatNumber: number | null;
  code: string;
}

/** One of a student's own drafts (GET /api/intake/:token/drafts): its report once released. */
export interface StudentDraft {
  id: string;
  draftNumber: number;
  submittedAt: string;
  /** grading: being graded; awaitingReview: graded, waiting for the teacher's review; released; error. */
  state: "grading" | "awaitingReview" | "released" | "error";
  report: (Omit<SharedReport, "reviewed" | "expiresAt"> & { reviewed: boolean }) | null;
}

/** GET /api/classes/:id/drafts-summary: drafts per student and the average gain from draft 1 to draft 2. */
export interface ClassDraftsSummary {
  students: { studentId: string; drafts: number }[];
  /** How many (assignment, student) pairs have both drafts 1 and 2 graded. */
  revisedPairs: number;
  /** Mean of (draft 2 % − draft 1 %) over those pairs, in percentage points (one decimal); null when none. */
  averageImprovement: number | null;
}
