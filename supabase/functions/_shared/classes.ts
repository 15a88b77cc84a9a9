// Classes (반) and students: the bounds, the Korean messages and the zod schemas of the class and
// student forms, one source for the SPA and the API (/api/classes*, /api/students*). The database
// checks the same bounds (migration 20261122000350_classes.sql).
import { z } from "zod";

export const CLASS_LIMITS = {
  nameChars: 50,
  gradeChars: 20,
  subjectChars: 30,
  termChars: 30,
  examNumberChars: 50,
  studentNameChars: 50,
  notesChars: 2000,
  maxSeat: 999,
  /** A roster file: at most this many bytes and student rows. */
  importBytes: 1024 * 1024,
  importRows: 500,
} as const;

const L = CLASS_LIMITS;

export const CLASS_MESSAGES = {
  classNotFound: "반을 찾을 수 없습니다.",
  untitledAssignment: "제목 없는 과제",
  studentNotFound: "학생을 찾을 수 없습니다.",
  notEnrolled: "이 반에 등록된 학생이 아닙니다.",
  invalidBody: "입력 내용이 올바르지 않습니다.",
  nothingToChange: "바꿀 내용이 없습니다.",
  nameRequired: "반 이름을 입력해 주세요.",
  nameTooLong: `반 이름은 ${L.nameChars}자까지 입력할 수 있습니다.`,
  gradeTooLong: `학년은 ${L.gradeChars}자까지 입력할 수 있습니다.`,
  subjectTooLong: `과목은 ${L.subjectChars}자까지 입력할 수 있습니다.`,
  termTooLong: `학기는 ${L.termChars}자까지 입력할 수 있습니다.`,
  examNumberRequired: "수험번호를 입력해 주세요.",
  examNumberTooLong: `수험번호는 ${L.examNumberChars}자까지 입력할 수 있습니다.`,
  studentNameRequired: "학생 이름을 입력해 주세요.",
  studentNameTooLong: `학생 이름은 ${L.studentNameChars}자까지 입력할 수 있습니다.`,
  notesTooLong: `메모는 ${L.notesChars.toLocaleString("ko-KR")}자까지 입력할 수 있습니다.`,
  seatInvalid: `번호는 1부터 ${L.maxSeat}까지의 정수로 입력해 주세요.`,
  seatTaken: (seat: number) => `이 반에 이미 ${seat}번 학생이 있습니다.`,
  examNumberTaken: (examNumber: string, name: string) =>
    `수험번호 ${examNumber}은(는) 이미 다른 이름(${name})으로 등록되어 있습니다. 이름을 확인해 주세요.`,
  classCreated: "반을 만들었습니다.",
  classDeleted: "반을 삭제했습니다. 과제와 답안은 그대로 남아 있습니다.",
  studentAdded: "학생을 추가했습니다.",
  studentRemoved: "학생을 이 반에서 뺐습니다.",
  studentDeletedKeep: "학생을 삭제했습니다. 답안은 이름 없이 남겨 두었습니다.",
  studentDeletedWithAnswers: (n: number) => `학생과 답안 ${n}개를 삭제했습니다.`,
  answersChoice: "답안 처리 방법(answers=keep 또는 delete)을 골라 주세요.",
  examNumberInUse: (examNumber: string) => `수험번호 ${examNumber}은(는) 이미 다른 학생이 쓰고 있습니다.`,
  teachersPersonalClass: "기관의 반에만 담당 교사를 정할 수 있습니다.",
  teachersNotAllowed: "담당 교사는 기관의 소유자나 관리자만 정할 수 있습니다.",
  teachersNotMembers: "기관 구성원만 담당 교사로 정할 수 있습니다.",
  teachersTooMany: "담당 교사는 50명까지 정할 수 있습니다.",
  teachersSaved: "담당 교사를 저장했습니다.",
  // Roster import
  importFileMissing: "명단 파일(CSV 또는 .xlsx)을 올려 주세요.",
  importFileType: "명단은 CSV(.csv) 또는 엑셀(.xlsx) 파일로 올려 주세요.",
  importTooLarge: `명단 파일은 ${L.importBytes / 1024 / 1024}MB까지 올릴 수 있습니다.`,
  importUnreadable: "명단 파일을 읽을 수 없습니다. 파일이 손상되지 않았는지 확인해 주세요.",
  importEmpty: "명단에 학생이 없습니다.",
  importTooManyRows: `명단은 한 번에 ${L.importRows}명까지 올릴 수 있습니다.`,
  importRejected: (n: number) => `명단의 ${n}개 행에 문제가 있어 아무 학생도 추가하지 않았습니다. 고친 뒤 다시 올려 주세요.`,
  importDone: (created: number, enrolled: number) => `학생 ${created + enrolled}명을 반에 추가했습니다.`,
  headerMissing: "첫 줄에 '수험번호'(또는 학번)와 '이름'(또는 성명) 열 제목이 있어야 합니다.",
  rowExamNumberMissing: "수험번호가 비어 있습니다.",
  rowNameMissing: "이름이 비어 있습니다.",
  rowDuplicateExamNumber: (examNumber: string, row: number) => `수험번호 ${examNumber}이(가) ${row}행에도 있습니다.`,
  rowDuplicateSeat: (seat: number, row: number) => `번호 ${seat}이(가) ${row}행에도 있습니다.`,
  // Linking answers
  linkNotEnrolled: "이 과제의 반에 등록된 학생만 고를 수 있습니다.",
  linkNoClass: "반이 정해진 과제의 답안만 학생과 연결할 수 있습니다.",
} as const;

const M = CLASS_MESSAGES;

/** Trims, composes (NFC) and folds runs of whitespace: what is stored and compared. */
export const cleanRosterText = (s: string) => s.normalize("NFC").replace(/\s+/g, " ").trim();

/** A required short text: cleaned, 1–max characters. */
const text = (max: number, required: string, tooLong: string) =>
  z
    .string({ error: required })
    .max(max * 4, tooLong)
    .transform(cleanRosterText)
    .pipe(z.string().min(1, required).max(max, tooLong));

/** An optional short text: cleaned; empty or null → null. */
const optionalText = (max: number, tooLong: string) =>
  z
    .string({ error: M.invalidBody })
    .max(max * 4, tooLong)
    .transform(cleanRosterText)
    .pipe(z.string().max(max, tooLong))
    .nullish()
    .transform((v) => (v ? v : null));

export const seatNumberSchema = z
  .number({ error: M.seatInvalid })
  .int(M.seatInvalid)
  .min(1, M.seatInvalid)
  .max(L.maxSeat, M.seatInvalid)
  .nullish()
  .transform((v) => v ?? null);

export const classInputSchema = z
  .object(
    {
      name: text(L.nameChars, M.nameRequired, M.nameTooLong),
      grade: optionalText(L.gradeChars, M.gradeTooLong),
      subject: optionalText(L.subjectChars, M.subjectTooLong),
      term: optionalText(L.termChars, M.termTooLong),
    },
    { error: M.invalidBody },
  )
  .strict();

export const classPatchSchema = z
  .object(
    {
      name: text(L.nameChars, M.nameRequired, M.nameTooLong).optional(),
      grade: optionalText(L.gradeChars, M.gradeTooLong).optional(),
      subject: optionalText(L.subjectChars, M.subjectTooLong).optional(),
      term: optionalText(L.termChars, M.termTooLong).optional(),
    },
    { error: M.invalidBody },
  )
  .strict()
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: M.nothingToChange });

export const examNumberSchema = text(L.examNumberChars, M.examNumberRequired, M.examNumberTooLong);
export const studentNameSchema = text(L.studentNameChars, M.studentNameRequired, M.studentNameTooLong);

/** POST /api/classes/:id/students: one student, enrolled (an existing 수험번호 is reused). */
export const studentInputSchema = z
  .object({ examNumber: examNumberSchema, name: studentNameSchema, seatNumber: seatNumberSchema }, { error: M.invalidBody })
  .strict();

/** PATCH /api/students/:id: name, 수험번호, notes; a seat number in one class (`classId`). */
export const studentPatchSchema = z
  .object(
    {
      examNumber: examNumberSchema.optional(),
      name: studentNameSchema.optional(),
      notes: z.string({ error: M.invalidBody }).max(L.notesChars, M.notesTooLong).optional(),
      classId: z.guid({ error: M.classNotFound }).optional(),
      seatNumber: seatNumberSchema.optional(),
    },
    { error: M.invalidBody },
  )
  .strict()
  .refine((b) => b.examNumber !== undefined || b.name !== undefined || b.notes !== undefined || b.seatNumber !== undefined, {
    message: M.nothingToChange,
  })
  .refine((b) => (b.seatNumber === undefined) === (b.classId === undefined), { message: M.invalidBody });

export type ClassInputBody = z.input<typeof classInputSchema>;
export type StudentInputBody = z.input<typeof studentInputSchema>;

/** PUT /api/classes/:id/teachers: the whole set of the class's teachers (members of its organisation). */
export const classTeachersSchema = z.object(
  {
    userIds: z
      .array(z.guid({ error: CLASS_MESSAGES.teachersNotMembers }), { error: CLASS_MESSAGES.invalidBody })
      .max(50, CLASS_MESSAGES.teachersTooMany),
  },
  { error: CLASS_MESSAGES.invalidBody },
);
