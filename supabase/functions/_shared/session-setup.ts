// Checking a session's setup before grading: the teacher's edited rubric and the
// work item's name. One zod schema for the SPA form and the API (PATCH /sessions/:id); the database
// checks the same bounds (private.rubric_is_valid, migration 20261122000300_grading.sql).
import { z } from "zod";
import type { RubricCategory } from "./grading.ts";

export const RUBRIC_LIMITS = {
  minCategories: 1,
  maxCategories: 10,
  nameChars: 40,
  descriptionChars: 200,
  /** Points of one category: a whole number from 1 to this. */
  maxPoints: 1000,
  /** The points of all categories together (the answer's 만점). */
  maxTotal: 1000,
  titleChars: 80,
} as const;

export const SETUP_MESSAGES = {
  invalidBody: "작업 설정 내용이 올바르지 않습니다.",
  nothingToChange: "바꿀 내용이 없습니다. 작업 이름, 채점 기준표 또는 파일을 보내 주세요.",
  tooFewCategories: "채점 항목을 하나 이상 넣어 주세요.",
  tooManyCategories: `채점 항목은 ${RUBRIC_LIMITS.maxCategories}개까지 만들 수 있습니다.`,
  nameRequired: "항목 이름을 입력해 주세요.",
  nameTooLong: `항목 이름은 ${RUBRIC_LIMITS.nameChars}자까지 입력할 수 있습니다.`,
  nameDuplicate: (name: string) => `'${name}' 항목이 두 번 있습니다. 항목 이름은 서로 달라야 합니다.`,
  descriptionTooLong: `항목 설명은 ${RUBRIC_LIMITS.descriptionChars}자까지 입력할 수 있습니다.`,
  pointsNotNumber: "배점은 숫자로 입력해 주세요.",
  pointsInteger: "배점은 1점 단위의 정수로 입력해 주세요.",
  pointsRange: `배점은 1점에서 ${RUBRIC_LIMITS.maxPoints}점 사이로 입력해 주세요.`,
  totalTooHigh: `배점 합계는 ${RUBRIC_LIMITS.maxTotal}점을 넘을 수 없습니다.`,
  titleRequired: "작업 이름을 입력해 주세요.",
  titleTooLong: `작업 이름은 ${RUBRIC_LIMITS.titleChars}자까지 입력할 수 있습니다.`,
  classNotFound: "반을 찾을 수 없습니다.",
} as const;

const M = SETUP_MESSAGES;

/** Trims, composes (NFC) and folds runs of whitespace: what is stored and compared. */
const cleanText = (s: string) => s.normalize("NFC").replace(/\s+/g, " ").trim();

export const rubricCategorySchema = z.object({
  name: z
    .string({ error: M.nameRequired })
    .max(RUBRIC_LIMITS.nameChars * 4, M.nameTooLong)
    .transform(cleanText)
    .pipe(z.string().min(1, M.nameRequired).max(RUBRIC_LIMITS.nameChars, M.nameTooLong)),
  maxScore: z.number({ error: M.pointsNotNumber }).int(M.pointsInteger).min(1, M.pointsRange).max(RUBRIC_LIMITS.maxPoints, M.pointsRange),
  description: z
    .string()
    .max(RUBRIC_LIMITS.descriptionChars * 4, M.descriptionTooLong)
    .transform(cleanText)
    .pipe(z.string().max(RUBRIC_LIMITS.descriptionChars, M.descriptionTooLong))
    .optional()
    .transform((d) => (d ? d : undefined)),
});

/** An edited rubric: 1–10 categories, distinct names, whole points, total ≤ 1000. */
export const rubricSchema = z
  .array(rubricCategorySchema, { error: M.invalidBody })
  .min(RUBRIC_LIMITS.minCategories, M.tooFewCategories)
  .max(RUBRIC_LIMITS.maxCategories, M.tooManyCategories)
  .superRefine((cats, ctx) => {
    const seen = new Set<string>();
    for (const [i, c] of cats.entries()) {
      const key = c.name.replace(/\s+/g, "");
      if (seen.has(key)) ctx.addIssue({ code: "custom", message: M.nameDuplicate(c.name), path: [i, "name"] });
      seen.add(key);
    }
    const total = cats.reduce((sum, c) => sum + c.maxScore, 0);
    if (total > RUBRIC_LIMITS.maxTotal) ctx.addIssue({ code: "custom", message: M.totalTooHigh, path: [] });
  });

export const sessionTitleSchema = z
  .string({ error: M.titleRequired })
  .max(RUBRIC_LIMITS.titleChars * 4, M.titleTooLong)
  .transform(cleanText)
  .pipe(z.string().min(1, M.titleRequired).max(RUBRIC_LIMITS.titleChars, M.titleTooLong));

/**
 * PATCH /sessions/:id as JSON: a new name, a new rubric, or `rubric: null` to go back to the rubric
 * read from the criteria text, and/or the class (`classId`, null for none). At least one of them.
 */
export const sessionSetupSchema = z
  .object(
    {
      title: sessionTitleSchema.optional(),
      rubric: rubricSchema.nullable().optional(),
      /** The class (반) of the assignment; null = none. */
      classId: z.guid({ error: M.classNotFound }).nullable().optional(),
    },
    { error: M.invalidBody },
  )
  .strict()
  .refine((b) => b.title !== undefined || b.rubric !== undefined || b.classId !== undefined, { message: M.nothingToChange });

export type SessionSetupInput = z.input<typeof sessionSetupSchema>;
export type SessionSetup = z.output<typeof sessionSetupSchema>;

/** The rubric total (the answer's 만점). */
export function rubricTotal(rubric: readonly RubricCategory[]): number {
  return rubric.reduce((sum, c) => sum + c.maxScore, 0);
}
