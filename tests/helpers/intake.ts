// Intake fixtures: a class of students with an assignment, its submission link and the students' codes,
// all made through the API.
import { createSession } from "./grading.ts";
import { createClass } from "./rosters.ts";
import { api, type TestUser } from "./users.ts";

export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

export interface IntakeClass {
  classId: string;
  sessionId: string;
  students: { id: string; examNumber: string; name: string }[];
}

/** 수험번호 are unique per teacher: each class of these fixtures takes the next ones. */
let nextExamNumber = 300_000;

/** A class of `names` (fresh 수험번호 each) and an assignment of that class. */
export async function classWithAssignment(user: TestUser, names: string[]): Promise<IntakeClass> {
  const base = nextExamNumber;
  nextExamNumber += names.length;
  const c = await createClass(user, `제출 반 ${Math.random().toString(36).slice(2, 6)}`);
  const students = [];
  for (const [i, name] of names.entries()) {
    const examNumber = String(base + i);
    const res = await api(`/classes/${c.id}/students`, { token: user.token, json: { examNumber, name, seatNumber: i + 1 } });
    if (res.status !== 201) throw new Error(`add student: ${res.status} ${JSON.stringify(res.body)}`);
    students.push({ id: (res.body.student?.id ?? res.body.id) as string, examNumber, name });
  }
  const sessionId = await createSession(user);
  const patched = await api(`/sessions/${sessionId}`, { token: user.token, method: "PATCH", json: { classId: c.id } });
  if (patched.status !== 200) throw new Error(`class of session: ${patched.status} ${JSON.stringify(patched.body)}`);
  return { classId: c.id, sessionId, students };
}

/** Opens the assignment's link; returns the API's answer body (url, token, …). */
export async function openIntake(user: TestUser, sessionId: string, body: Record<string, unknown> = {}): Promise<any> {
  const res = await api(`/sessions/${sessionId}/intake`, { token: user.token, json: { deadline: inDays(7), ...body } });
  if (res.status !== 201) throw new Error(`POST intake: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Issues codes to the class's students without one: studentId → code. */
export async function issueCodes(user: TestUser, classId: string): Promise<Record<string, string>> {
  const res = await api(`/classes/${classId}/student-codes`, { token: user.token, json: {} });
  if (res.status !== 201) throw new Error(`codes: ${res.status} ${JSON.stringify(res.body)}`);
  return Object.fromEntries(res.body.codes.map((c: any) => [c.studentId, c.code]));
}
