import { TOAST } from "@shared/messages.ts";

interface SdkError {
  code?: string;
  message?: string;
  status?: number;
}

function asSdkError(error: unknown): SdkError {
  return typeof error === "object" && error !== null ? (error as SdkError) : {};
}

const CANCEL_CODES = new Set(["USER_CANCEL", "PAY_PROCESS_CANCELED"]);
const KEY_CODES = new Set(["INVALID_CLIENT_KEY", "UNAUTHORIZED_KEY", "INVALID_API_KEY", "NOT_SUPPORTED_API_INDIVIDUAL_KEY"]);

export function isUserCancel(error: unknown) {
  const code = asSdkError(error).code;
  return Boolean(code && CANCEL_CODES.has(code));
}

/** Widget load failure (docs/product.md#toasts); a 401 (invalid key) tells the user to contact the admin. */
export function widgetLoadErrorMessage(error: unknown) {
  const e = asSdkError(error);
  if (e.status === 401 || (e.code && KEY_CODES.has(e.code)) || /\b401\b/.test(e.message ?? "")) {
    return "결제 키가 유효하지 않습니다. 관리자에게 문의해 주세요.";
  }
  return TOAST.payment.widgetLoadFail;
}

export function requestErrorMessage(error: unknown) {
  const message = asSdkError(error).message;
  return message && message.trim() ? message : TOAST.payment.requestFailDefault;
}
