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

/** The Toss script could not be loaded (offline, blocked by an extension or network): say so. */
export const WIDGET_UNREACHABLE =
  "결제 위젯을 불러오지 못했습니다. 인터넷 연결을 확인하고, 광고 차단 프로그램이나 회사·학교 방화벽이 토스페이먼츠(js.tosspayments.com)를 막고 있지 않은지 확인한 뒤 다시 시도해 주세요.";

/** Toss's codes for a payment the buyer cancelled (the SDK's rejection, or the fail URL's `code`). */
export function isCancelCode(code: string | null | undefined) {
  return Boolean(code && CANCEL_CODES.has(code));
}

export function isUserCancel(error: unknown) {
  return isCancelCode(asSdkError(error).code);
}

/** Widget load failure (docs/product.md#toasts); a 401 (invalid key) tells the user to contact the admin. */
export function widgetLoadErrorMessage(error: unknown) {
  const e = asSdkError(error);
  if (e.status === 401 || (e.code && KEY_CODES.has(e.code)) || /\b401\b/.test(e.message ?? "")) {
    return "결제 키가 유효하지 않습니다. 관리자에게 문의해 주세요.";
  }
  return WIDGET_UNREACHABLE;
}

export function requestErrorMessage(error: unknown) {
  const message = asSdkError(error).message;
  return message && message.trim() ? message : TOAST.payment.requestFailDefault;
}
