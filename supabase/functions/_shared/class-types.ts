// JSON shapes of the classes (반) and students API (/api/classes*, /api/students*); imported through types.ts.

/** A class in the list (GET /api/classes). */
export interface ClassSummary {
  id: string;
  name: string;
  /** 학년, 과목, 학기: free text, null when not given. */
  grade: string | null;
  subject: string | null;
  term: string | null;
  createdAt: string;
  studentCount: number;
  /** Assignments (sessions) of the class. */
  sessionCount: number;
}

/** A student enrolled in a class (the roster). */
export interface RosterStudent {
  id: string;
  /** 수험번호: unique among the teacher's students. */
  examNumber: string;
  name: string;
  /** 번호 within this class (1–999), null when not given. */
  seatNumber: number | null;
  notes: string;
}

/** An assignment (session) of a class with its answers' progress. */
export interface ClassAssignment {
  id: string;
  title: string;
  createdAt: string;
  submissionCount: number;
  gradedCount: number;
  reviewedCount: number;
}

/** GET /api/classes/:id: the class, its roster (by seat number, then 수험번호) and its assignments (newest first). */
export interface ClassDetail extends ClassSummary {
  students: RosterStudent[];
  assignments: ClassAssignment[];
}

/** POST /api/classes, PATCH /api/classes/:id. */
export interface ClassInput {
  name: string;
  grade?: string | null;
  subject?: string | null;
  term?: string | null;
}

/** One row refused by a roster import (1-based row number of the sheet, header = row 1). */
export interface RosterImportRowError {
  row: number;
  reason: string;
}

/** 422 body of POST /api/classes/:id/students/import: nothing was imported. */
export interface RosterImportError {
  error: string;
  message: string;
  rows: RosterImportRowError[];
}

/** 200 body of a roster import. */
export interface RosterImportResult {
  message: string;
  /** New students created, existing students (same 수험번호) enrolled. */
  created: number;
  enrolled: number;
  students: RosterStudent[];
}

/** DELETE /api/students/:id?answers=…: what happens to the student's answers. */
export type StudentAnswersChoice = "keep" | "delete";

/** A member of an organisation as a class's teacher (담당 교사): GET/PUT /api/classes/:id/teachers. */
export interface ClassTeacher {
  userId: string;
  /** The display name, else the username. */
  name: string;
  role: "owner" | "manager" | "teacher";
}

/** A class's teachers; `members` (the organisation's, to choose from) only for its owner and managers. */
export interface ClassTeachers {
  /** True for an organisation's class (a personal class has no teachers to assign). */
  organisation: boolean;
  /** True when the class belongs to an organisation and the caller is its owner or a manager. */
  canAssign: boolean;
  teachers: ClassTeacher[];
  members: ClassTeacher[];
}
