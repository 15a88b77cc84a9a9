// The caller's rubrics as the library lists them, read as the caller (RLS decides what is visible).
import type { TransactionSql } from "postgres";
import type { LibraryRubric } from "../../_shared/library.ts";
import type { RubricCategory } from "../../_shared/grading.ts";
import { iso } from "../lib/http.ts";
import type { ActiveOrg } from "../lib/orgs/active.ts";

export interface RubricRow {
  id: string;
  user_id: string | null;
  org_id: string | null;
  name: string;
  description: string;
  criteria: RubricCategory[];
  updated_at: Date | string;
}

/** May `userId` in `org` change this row: its author for a personal one, else owner, manager or author. */
export function canEditRubric(r: Pick<RubricRow, "user_id" | "org_id">, userId: string, org: ActiveOrg | null): boolean {
  if (!r.org_id) return r.user_id === userId;
  return r.user_id === userId || (org?.id === r.org_id && (org.role === "owner" || org.role === "manager"));
}

export const RUBRIC_COLUMNS = ["id", "user_id", "org_id", "name", "description", "criteria", "updated_at"] as const;

export function rubricJson(r: RubricRow, userId: string, org: ActiveOrg | null): LibraryRubric {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    criteria: r.criteria,
    builtIn: false,
    shared: r.org_id !== null,
    mine: r.user_id === userId,
    canEdit: canEditRubric(r, userId, org),
    updatedAt: iso(r.updated_at),
  };
}

/** My personal rubrics, then the active organisation's (none in the personal space); newest first; or the one `id`. */
export async function selectRubrics(sql: TransactionSql, userId: string, org: ActiveOrg | null, id?: string): Promise<LibraryRubric[]> {
  const rows = await sql<RubricRow[]>`
    select ${sql(RUBRIC_COLUMNS)}
      from public.rubrics
     where ((org_id is null and user_id = ${userId}) or org_id = ${org?.id ?? null})
       and (${id ?? null}::uuid is null or id = ${id ?? null})
     order by org_id is not null, updated_at desc, id`;
  return rows.map((r) => rubricJson(r, userId, org));
}

/** The row as the caller sees it (any space they belong to), or undefined. */
export async function visibleRubric(sql: TransactionSql, id: string): Promise<RubricRow | undefined> {
  const [row] = await sql<RubricRow[]>`
    select ${sql(RUBRIC_COLUMNS)} from public.rubrics where id = ${id}`;
  return row;
}
