import { formatSeoulDate } from "@shared/format.ts";

/** `2025. 1. 5.` */
export function formatKoreanDate(value: string | null | undefined): string | null {
  return formatSeoulDate(value, "date");
}

/** `2025년 1월 5일` */
export function formatKoreanLongDate(value: string | null | undefined): string | null {
  return formatSeoulDate(value, "longDate");
}

/** Seed and imported posts have no author; they are shown as written by the editorial team. */
export const BLOG_FALLBACK_AUTHOR = "AI 논술 첨삭 편집팀";

export function postAuthorName(authorName: string | null | undefined): string {
  return authorName?.trim() || BLOG_FALLBACK_AUTHOR;
}
