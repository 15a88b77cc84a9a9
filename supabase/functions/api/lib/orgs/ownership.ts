// An account that owns an organisation with other members cannot be removed until the ownership is
// transferred (the database refuses the owner's membership row going first, too); an owner alone
// takes the organisation with them.
import { ORG_MESSAGES } from "../../../_shared/orgs.ts";
import { adminSql } from "../db.ts";
import { HttpError } from "../errors.ts";

/** 409 in Korean when `userId` owns an organisation that has other members. */
export async function assertNoOrgToTransfer(userId: string): Promise<void> {
  const [row] = await adminSql<{ others: number }[]>`
    select count(*)::int as others from public.org_members o
      join public.org_members m on m.org_id = o.org_id and m.user_id <> o.user_id
     where o.user_id = ${userId} and o.role = 'owner'`;
  if ((row?.others ?? 0) > 0) throw new HttpError(409, ORG_MESSAGES.accountOwnsOrg);
}
