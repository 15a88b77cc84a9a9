const SEOUL = "Asia/Seoul";

function valid(value: string | null | undefined): Date | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** `2025. 1. 5.` */
export function formatKoreanDate(value: string | null | undefined): string | null {
  const d = valid(value);
  return d ? d.toLocaleDateString("ko-KR", { timeZone: SEOUL }) : null;
}

/** `2025년 1월 5일` */
export function formatKoreanLongDate(value: string | null | undefined): string | null {
  const d = valid(value);
  return d ? d.toLocaleDateString("ko-KR", { timeZone: SEOUL, year: "numeric", month: "long", day: "numeric" }) : null;
}
