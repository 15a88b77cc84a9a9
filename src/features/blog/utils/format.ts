import { formatSeoulDate } from "@/lib/format-date";

/** `2025. 1. 5.` */
export function formatKoreanDate(value: string | null | undefined): string | null {
  return formatSeoulDate(value, "date");
}

/** `2025년 1월 5일` */
export function formatKoreanLongDate(value: string | null | undefined): string | null {
  return formatSeoulDate(value, "longDate");
}
