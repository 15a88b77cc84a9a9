export const SEOUL_TIME_ZONE = "Asia/Seoul";

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
  /** 2026년 */
  year: { year: "numeric" },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateFormat = keyof typeof FORMATS;

const formatters = new Map<DateFormat, Intl.DateTimeFormat>();

function formatter(format: DateFormat) {
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
  if (!d) return null;
  const part = formatter("year").formatToParts(d).find((p) => p.type === "year");
  return part ? Number(part.value) : null;
}
