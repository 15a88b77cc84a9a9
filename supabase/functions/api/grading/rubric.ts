import { DEFAULT_RUBRIC, type RubricCategory } from "../../_shared/grading.ts";
import { rubricSchema } from "../../_shared/session-setup.ts";

const POINTS = /(\d{1,3}(?:\.\d+)?)\s*(?:점|points?|pts?)/i;
const BULLET = /^\s*(?:[-*•·▪◦]|\(?\d{1,2}[.)]|[①-⑳]|[가-하][.)]|[IVX]+\.)\s*/;

/**
 * Reads grading categories and their points from a teacher's criteria text.
 * Lines such as "1. 논리 구조 (30점)", "- 창의성: 20점", "근거의 타당성 — 30 points".
 * Falls back to the default three categories when fewer than two categories are found.
 */
export function parseRubric(criteria: string | null | undefined): RubricCategory[] {
  if (!criteria || !criteria.trim()) return DEFAULT_RUBRIC;
  const found: RubricCategory[] = [];
  const seen = new Set<string>();
  for (const raw of criteria.normalize("NFC").split(/\r?\n/)) {
    const body = raw.trim().replace(BULLET, "");
    if (!body || body.length > 160) continue;
    const m = POINTS.exec(body);
    if (!m) continue;
    const points = Number(m[1]);
    if (!(points > 0 && points <= 1000)) continue;
    const after = body
      .slice(m.index + m[0].length)
      .replace(/^[\s:：\-–—)）\]]+/u, "")
      .trim();
    let name = body
      .slice(0, m.index)
      .replace(/[\s:：\-–—(（[]+$/u, "")
      .trim();
    if (!name) name = after.split(/[,.;(]/)[0].trim();
    if (!name || name.length > 40 || /^(총점|합계|총|만점|total)$/i.test(name) || seen.has(name)) continue;
    seen.add(name);
    found.push({ name, maxScore: points, description: after && after !== name ? after : undefined });
    if (found.length >= 12) break;
  }
  return found.length >= 2 ? found : DEFAULT_RUBRIC;
}

/**
 * The rubric a session's answers are graded with: the teacher's edited rubric
 * (analysis_sessions.rubric, checked in SQL and again here) when there is one, else the one read
 * from the criteria text.
 */
export function sessionRubric(stored: unknown, criteria: string | null | undefined): RubricCategory[] {
  if (stored != null) {
    const parsed = rubricSchema.safeParse(stored);
    if (parsed.success)
      return parsed.data.map((c) => ({ name: c.name, maxScore: c.maxScore, ...(c.description ? { description: c.description } : {}) }));
  }
  return parseRubric(criteria);
}
