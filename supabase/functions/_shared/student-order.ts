// The order of a class by student: 수험번호 compared as people read them (numbers by value, so
// "2" < "10"; Korean text by the Korean collation), answers without a 수험번호 last, then by name.
// One comparator for the results CSV and the SPA's results table.

const collator = new Intl.Collator("ko", { numeric: true, sensitivity: "base" });

export interface StudentKey {
  studentId?: string | null;
  studentName?: string | null;
}

/** Two 수험번호 in reading order; an empty one sorts after every filled one. */
export function compareStudentNumbers(a: string | null | undefined, b: string | null | undefined): number {
  const x = (a ?? "").trim();
  const y = (b ?? "").trim();
  if (!x || !y) return x ? -1 : y ? 1 : 0;
  return collator.compare(x, y);
}

/** 수험번호 first (empty last), then the name; 0 when both are equal (a stable sort keeps the input order). */
export function compareStudents(a: StudentKey, b: StudentKey): number {
  return compareStudentNumbers(a.studentId, b.studentId) || collator.compare((a.studentName ?? "").trim(), (b.studentName ?? "").trim());
}
