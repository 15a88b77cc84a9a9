// zod schemas shared by the SPA forms and the API (docs/product.md#input-rules).
import { z } from "zod";
import { VALIDATION } from "./messages.ts";
import { PLAN_IDS } from "./plans.ts";
import { exceedsChars, MAX_ESSAY_CHARS, MIN_ESSAY_LENGTH, uploadMessages } from "./upload-rules.ts";

const objectError = { error: VALIDATION.invalidInput };

export const loginSchema = z.object(
  {
    username: z.string({ error: VALIDATION.loginUsernameRequired }).min(1, VALIDATION.loginUsernameRequired),
    password: z.string({ error: VALIDATION.loginPasswordRequired }).min(1, VALIDATION.loginPasswordRequired),
  },
  objectError,
);
export type LoginInput = z.infer<typeof loginSchema>;

export const usernameSchema = z
  .string({ error: VALIDATION.usernameMin })
  .min(3, VALIDATION.usernameMin)
  .max(50, VALIDATION.usernameMax)
  .regex(/^[A-Za-z0-9_]+$/, VALIDATION.usernamePattern);

export const emailSchema = z.email({ error: VALIDATION.emailInvalid });

export const passwordSchema = z.string({ error: VALIDATION.passwordMin }).min(6, VALIDATION.passwordMin).max(100, VALIDATION.passwordMax);

/** The POST /account/password body (비밀번호 변경): the current password, which the server checks, and the new one. */
export const changePasswordRequestSchema = z.object(
  {
    currentPassword: z.string({ error: VALIDATION.currentPasswordRequired }).min(1, VALIDATION.currentPasswordRequired).max(1000),
    newPassword: passwordSchema,
  },
  objectError,
);
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export const displayNameSchema = z.string({ error: VALIDATION.displayNameMax }).max(100, VALIDATION.displayNameMax);

/** The register form (SPA): confirmPassword must equal password, reported on confirmPassword. */
export const registerSchema = z
  .object(
    {
      username: usernameSchema,
      email: emailSchema,
      displayName: displayNameSchema.optional(),
      password: passwordSchema,
      confirmPassword: z.string({ error: VALIDATION.passwordMismatch }),
    },
    objectError,
  )
  .refine((v) => v.password === v.confirmPassword, {
    message: VALIDATION.passwordMismatch,
    path: ["confirmPassword"],
  });
export type RegisterFormInput = z.infer<typeof registerSchema>;

/** The POST /auth/register body: no confirmPassword; an empty displayName is dropped. */
export const registerRequestSchema = z.object(
  {
    username: usernameSchema,
    email: emailSchema,
    password: passwordSchema,
    displayName: displayNameSchema.nullish().transform((v) => (v === "" || v === null || v === undefined ? undefined : v)),
  },
  objectError,
);
export type RegisterRequest = z.input<typeof registerRequestSchema>;
export type RegisterRequestParsed = z.output<typeof registerRequestSchema>;

/** Builds the register payload from the form values (confirmPassword dropped, empty displayName omitted). */
export function toRegisterRequest(values: RegisterFormInput): RegisterRequest {
  const out: RegisterRequest = { username: values.username, email: values.email, password: values.password };
  if (values.displayName) out.displayName = values.displayName;
  return out;
}

export const planIdSchema = z.enum(PLAN_IDS, { error: VALIDATION.planNotFound });

export const planSelectionSchema = z.object({ planId: planIdSchema }, { error: VALIDATION.planNotFound });
export type PlanSelection = z.infer<typeof planSelectionSchema>;

/** A typed essay: the SPA's essay form and the JSON body of POST /sessions/{id}/submissions. */
export const essaySchema = z.object({
  essayContent: z
    .string({ error: uploadMessages.essayTooShort })
    .refine((v) => [...v.trim()].length >= MIN_ESSAY_LENGTH, uploadMessages.essayTooShort)
    .refine((v) => !exceedsChars(v.trim(), MAX_ESSAY_CHARS), uploadMessages.essayTooLong),
  studentName: z.string().max(50).optional(),
  studentId: z.string().max(50).optional(),
});
export type EssayInput = z.infer<typeof essaySchema>;
