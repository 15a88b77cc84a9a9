// Won amounts and Asia/Seoul dates, written the same way by the SPA (`@shared/format.ts`) and the
// function: every date a user sees is a Seoul date whatever the machine's time zone.

export const SEOUL_TIME_ZONE = "Asia/Seoul";
/** Korea keeps UTC+9 all year (no daylight saving time). */
const SEOUL_OFFSET_MS = 9 * 3_600_000;
const DAY_MS = 86_400_000;

/** 29900 → "29,900원": every amount of money the user sees (screens, tables, toasts, API messages). */
export function formatWon(amount: number): string {
  return `${amount.toLocaleString("ko-KR")}원`;
}

export type DateInput = string | number | Date | null | undefined;

const FORMATS = {
  /** 2026. 3. 2. */
  date: { year: "numeric", month: "numeric", day: "numeric" },
  /** 2026년 3월 2일 */
  longDate: { dateStyle: "long" },
  /** 2026. 3. 2. 오전 10:00 */
  dateTime: { dateStyle: "medium", timeStyle: "short" },
  /** 2026년 3월 2일 오전 10:00 */
  longDateTime: { dateStyle: "long", timeStyle: "short" },
  /** 2026년 3월 2일 오전 09:05 (two-digit time, as in the TXT report) */
  longDateTimePadded: { year: "numeric", month: "long", day: "numeric", hour: "2-digit", minute: "2-digit" },
  /** 2026년 */
  year: { year: "numeric" },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateFormat = keyof typeof FORMATS;

const formatters = new Map<DateFormat, Intl.DateTimeFormat>();

function formatter(format: DateFormat): Intl.DateTimeFormat {
  let f = formatters.get(format);
  if (!f) {
    f = new Intl.DateTimeFormat("ko-KR", { ...FORMATS[format], timeZone: SEOUL_TIME_ZONE });
    formatters.set(format, f);
  }
  return f;
}

export function toValidDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** `value` in Seoul in one of the FORMATS; null for a missing or invalid value. */
export function formatSeoulDate(value: DateInput, format: DateFormat = "date"): string | null {
  const d = toValidDate(value);
  return d ? formatter(format).format(d) : null;
}

export function formatSeoulDateOr(value: DateInput, format: DateFormat, fallback: string): string {
  return formatSeoulDate(value, format) ?? fallback;
}

/** The calendar year in Seoul as a number (e.g. for a copyright line). */
export function seoulYear(value: DateInput = new Date()): number | null {
  const d = toValidDate(value);
  return d ? new Date(d.getTime() + SEOUL_OFFSET_MS).getUTCFullYear() : null;
}

/** `YYYY-MM-DD` of the Seoul day `value` falls on (now by default), moved by `addDays`; "" when invalid. */
export function seoulDate(value: DateInput = Date.now(), addDays = 0): string {
  const d = toValidDate(value);
  return d ? new Date(d.getTime() + SEOUL_OFFSET_MS + addDays * DAY_MS).toISOString().slice(0, 10) : "";
}

/** `YYYY-MM-DD HH:mm` in Seoul (CSV exports); "" when missing or invalid. */
export function seoulDateTimeStamp(value: DateInput): string {
  const d = toValidDate(value);
  return d ? new Date(d.getTime() + SEOUL_OFFSET_MS).toISOString().slice(0, 16).replace("T", " ") : "";
}

/** The instant the next Seoul day starts (ISO, UTC), e.g. when daily budgets start again. */
export function nextSeoulDayStart(now: DateInput = new Date()): string {
  const d = toValidDate(now) ?? new Date();
  const seoulMidnight = Math.floor((d.getTime() + SEOUL_OFFSET_MS) / DAY_MS) * DAY_MS;
  return new Date(seoulMidnight + DAY_MS - SEOUL_OFFSET_MS).toISOString();
}

/**
 * Points as a reader sees them: a whole number, or one decimal for a half point (rubrics and the review
 * panel count in half points). Any other fraction — an offline measurement such as 64.7 — is rounded to
 * a whole point, so 64.7 → "65", 32.5 → "32.5", 80.0000001 → "80".
 */
export function formatScore(n: number): string {
  if (!Number.isFinite(n)) return "0";
  const half = Math.round(n * 2) / 2;
  const shown = Math.abs(n - half) < 1e-6 ? half : Math.round(n);
  return Number.isInteger(shown) ? String(shown) : shown.toFixed(1);
}

/** `score` as a whole percent of `max` (0 when there is no maximum). */
export function scorePercent(score: number, max: number): number {
  return max > 0 ? Math.round((score / max) * 100) : 0;
}
