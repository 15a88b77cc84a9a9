// The caller's active organisation: the `X-Org-Id` header names it (absent: the personal space).
// Membership is read from the database on every request, so a removed member loses access at once.
import type { AuthUser } from "../types.ts";
import { HttpError } from "../errors.ts";
import { adminSql } from "../db.ts";
import { uuidParam } from "../params.ts";
import { ORG_MESSAGES, type OrgRole } from "../../../_shared/orgs.ts";

/** The organisation a request acts in, with the caller's role in it. */
export interface ActiveOrg {
  id: string;
  role: OrgRole;
}

const orgIdHeader = uuidParam(ORG_MESSAGES.notMember);

/**
 * The organisation named by `X-Org-Id`, or null for the personal space (header absent or empty).
 * A malformed id, or an organisation the caller is not a member of, answers 403 in Korean.
 */
export async function activeOrg(ctx: { req: Request; user: AuthUser }): Promise<ActiveOrg | null> {
  const raw = ctx.req.headers.get("x-org-id")?.trim() ?? "";
  if (!raw) return null;
  if (!orgIdHeader.safeParse(raw).success) throw new HttpError(403, ORG_MESSAGES.notMember);
  const rows = await adminSql<{ role: OrgRole }[]>`
    select role from public.org_members where org_id = ${raw.toLowerCase()} and user_id = ${ctx.user.id}`;
  if (!rows[0]) throw new HttpError(403, ORG_MESSAGES.notMember);
  return { id: raw.toLowerCase(), role: rows[0].role };
}
