import type { FieldErrors } from "react-hook-form";
import { ApiError } from "@/lib/api-client";
import type { NotifyOptions } from "@/lib/notify";
import type { EssayInput } from "@shared/schemas.ts";
import { uploadMessages } from "@shared/upload-rules.ts";
import { BatchStepError } from "@/features/sessions/api/submit-batch";
import { SESSION_MESSAGES as M } from "@/features/sessions/messages";
import type { UsageInfo, UsageLimitData } from "@/features/sessions/utils/usage-limit";

/** The sessions-domain fields of an API error body (docs/product.md#usage-exceeded-data, batch refusal). */
export interface SessionErrorFlags {
  usageExceeded?: true;
  usageInfo?: unknown;
  upgradeOptions?: unknown[];
  daysRemaining?: number;
  batchNotAllowed?: true;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The ApiError inside `error` (a batch step wraps it), or null. */
export function apiErrorOf(error: unknown): ApiError | null {
  if (error instanceof BatchStepError) return error.apiError;
  return error instanceof ApiError ? error : null;
}

export function sessionErrorFlags(error: unknown): SessionErrorFlags {
  const data = apiErrorOf(error)?.data;
  if (!isRecord(data)) return {};
  const flags: SessionErrorFlags = {};
  if (data.usageExceeded) {
    flags.usageExceeded = true;
    flags.usageInfo = data.usageInfo;
    if (Array.isArray(data.upgradeOptions)) flags.upgradeOptions = data.upgradeOptions;
    if (typeof data.daysRemaining === "number") flags.daysRemaining = data.daysRemaining;
  }
  if (data.batchNotAllowed) flags.batchNotAllowed = true;
  return flags;
}

/** What a failed request shows: a toast, the usage-limit dialog, or both. */
export interface FailureOutcome {
  toast: NotifyOptions | null;
  showUsageLimit: boolean;
}

const message = (error: unknown) => (error instanceof Error && error.message) || "";

export function createSessionFailure(error: unknown): FailureOutcome {
  if (sessionErrorFlags(error).usageExceeded) {
    return { toast: { title: M.session.usageExceededTitle, description: M.session.usageExceeded }, showUsageLimit: true };
  }
  if (apiErrorOf(error)?.requiresCaptcha) {
    return { toast: { title: M.session.captchaTitle, description: M.session.captcha }, showUsageLimit: false };
  }
  return {
    toast: { title: M.session.createFailTitle, description: message(error) || M.session.createFailDefault },
    showUsageLimit: false,
  };
}

/** A single answer (`batch` false) or a batch: usage limit → dialog, batch refusal → its title, else the step's default. */
export function submitFailure(error: unknown, batch: boolean): FailureOutcome {
  const flags = sessionErrorFlags(error);
  if (flags.usageExceeded) return { toast: null, showUsageLimit: true };
  const apiError = apiErrorOf(error);
  if (flags.batchNotAllowed) {
    return { toast: { title: M.batch.notAllowedTitle, description: apiError?.message, variant: "destructive" }, showUsageLimit: false };
  }
  if (batch) {
    const fallback = error instanceof BatchStepError && error.step === "start" ? M.batch.startFailDefault : M.batch.uploadFailDefault;
    const part = error instanceof BatchStepError && error.step === "upload" ? error.part : undefined;
    const reason = apiError?.message || fallback;
    return {
      toast: {
        title: M.batch.failTitle,
        description: part && part.parts > 1 ? M.batch.partFailed(part.part, part.parts, reason) : reason,
        variant: "destructive",
      },
      showUsageLimit: false,
    };
  }
  return {
    toast: { title: M.essay.failTitle, description: message(error) || M.essay.failDefault, variant: "destructive" },
    showUsageLimit: false,
  };
}

export function retryFailure(error: unknown): FailureOutcome {
  if (sessionErrorFlags(error).usageExceeded) return { toast: null, showUsageLimit: true };
  return {
    toast: {
      title: M.dashboard.retryFailureTitle,
      description: message(error) || M.dashboard.retryFailureDescription,
      variant: "destructive",
    },
    showUsageLimit: false,
  };
}

/** The toast for a typed essay the schema refused: too long, else too short (or the field's message). */
export function invalidEssayToast(errors: FieldErrors<EssayInput>): NotifyOptions {
  const problem = errors.essayContent?.message ?? errors.studentName?.message ?? errors.studentId?.message;
  const title = problem === uploadMessages.essayTooLong ? M.essay.tooLongTitle : M.essay.tooShortTitle;
  return { title, description: problem ?? uploadMessages.essayTooShort, variant: "destructive" };
}

/** Reads the usage-exceeded data of a failed request (docs/product.md#usage-exceeded-data). */
export function usageLimitDataFrom(error: unknown): UsageLimitData {
  const flags = sessionErrorFlags(error);
  const info = isRecord(flags.usageInfo) ? flags.usageInfo : null;
  const usageInfo: UsageInfo | null = info
    ? {
        current: Number(info.current ?? 0),
        limit: Number(info.limit ?? 0),
        planName: String(info.planName ?? ""),
        planId: typeof info.planId === "string" ? info.planId : undefined,
        resetDate: typeof info.resetDate === "string" ? info.resetDate : null,
        isGuest: Boolean(info.isGuest),
      }
    : null;
  const upgradeOptions = (flags.upgradeOptions ?? []).filter(isRecord).map((o) => ({
    id: String(o.id),
    name: String(o.name ?? o.id),
    maxEssaysPerMonth: Number(o.maxEssaysPerMonth ?? 0),
    features: Array.isArray(o.features) ? o.features.map(String) : [],
    price: Number(o.price ?? 0),
  }));
  const body = apiErrorOf(error)?.data;
  const data = isRecord(body) ? body : {};
  const freeLimitReached = data.freeLimitReached === "address" || data.freeLimitReached === "device" ? data.freeLimitReached : null;
  const serverMessage = typeof data.error === "string" && data.error.trim() ? data.error : null;
  return {
    usageInfo,
    upgradeOptions,
    daysRemaining: flags.daysRemaining ?? null,
    message: serverMessage,
    freeLimitReached,
  };
}
