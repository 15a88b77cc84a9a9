// Invitations to an organisation: owners and managers make one (a one-time link, mailed through the
// function's mail outbox when an address is given), see the pending ones and revoke them; anyone opens
// a link's preview; a signed-in member (never a guest) accepts it once. Tokens are 32 random bytes in
// base64url, stored as their SHA-256 (hex), so a link is shown only once. A full organisation refuses
// an invitation; the seat is counted again on acceptance with the organisation's row locked (trigger).
import { z } from "zod";
import {
  type CreatedInvitation,
  type InvitationPreview,
  type InvitationState,
  type InviteRole,
  inviteCreateSchema,
  ORG_LIMITS,
  ORG_MESSAGES as M,
  ORG_ROLE_LABELS,
} from "../../_shared/orgs.ts";
import { adminSql } from "../lib/db.ts";
import { HttpError } from "../lib/errors.ts";
import { iso, json } from "../lib/http.ts";
import { uuidParam } from "../lib/params.ts";
import { siteOrigin } from "../lib/site-origin.ts";
import { defineRoute, type Route } from "../lib/types.ts";
import { orgDbError, roleIn, seats, toInvitation } from "./queries.ts";

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

function base64url(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

const invitationUrl = (req: Request, token: string) => `${siteOrigin(req)}/invite/${token}`;

const orgParams = z.object({ id: uuidParam(M.orgNotFound) });
const revokeParams = z.object({ id: uuidParam(M.orgNotFound), invitationId: uuidParam(M.invitationNotFound) });
const tokenParams = z.object({ token: z.string().regex(TOKEN, { error: M.invitationNotFound }) });

interface InvitationRow {
  id: string;
  org_id: string;
  org_name: string;
  email: string | null;
  role: InviteRole;
  expires_at: Date;
  revoked_at: Date | null;
  accepted_at: Date | null;
}

function stateOf(r: InvitationRow): InvitationState {
  if (r.accepted_at) return "used";
  if (r.revoked_at) return "revoked";
  if (new Date(r.expires_at).getTime() <= Date.now()) return "expired";
  return "valid";
}

const GONE: Record<Exclude<InvitationState, "valid">, string> = {
  used: M.invitationUsed,
  revoked: M.invitationRevoked,
  expired: M.invitationExpired,
};

function mailBody(orgName: string, role: InviteRole, url: string, expiresAt: Date): { subject: string; body: string } {
  const until = new Intl.DateTimeFormat("ko-KR", { dateStyle: "long", timeZone: "Asia/Seoul" }).format(expiresAt);
  return {
    subject: `[AI 논술 첨삭] ${orgName}에서 ${ORG_ROLE_LABELS[role]}(으)로 초대했습니다`,
    body:
      `${orgName}에서 AI 논술 첨삭 서비스에 ${ORG_ROLE_LABELS[role]}(으)로 초대했습니다.\n\n` +
      `아래 링크를 열어 로그인하거나 회원가입한 뒤 참여하기를 눌러 주세요.\n${url}\n\n` +
      `이 링크는 ${until}까지 한 번만 사용할 수 있습니다. 초대받은 적이 없다면 이 메일을 무시해 주세요.`,
  };
}

async function findByToken(token: string): Promise<InvitationRow | undefined> {
  const hash = await sha256Hex(token);
  const [row] = await adminSql<InvitationRow[]>`
    select i.id, i.org_id, o.name as org_name, i.email, i.role, i.expires_at, i.revoked_at, i.accepted_at
      from public.org_invitations i join public.organisations o on o.id = i.org_id
     where i.token_hash = ${hash}`;
  return row;
}

export const routes: Route[] = [
  defineRoute({
    method: "POST",
    path: "/orgs/:id/invitations",
    auth: "user",
    params: orgParams,
    async handler(ctx) {
      const role = await roleIn(adminSql, ctx.params.id, ctx.user.id);
      if (role === "teacher") throw new HttpError(403, M.ownerOrManagerOnly);
      const body = await ctx.json(inviteCreateSchema);
      if (role === "manager" && body.role !== "teacher") throw new HttpError(403, M.managerInvitesTeachers);
      const token = base64url(crypto.getRandomValues(new Uint8Array(32)));
      const url = invitationUrl(ctx.req, token);
      const created = await adminSql.begin(async (sql) => {
        await roleIn(sql, ctx.params.id, ctx.user.id, true);
        const s = await seats(sql, ctx.params.id);
        if (s.used >= s.max) throw new HttpError(409, M.orgFull, { seats: { used: s.used, max: s.max } });
        const [row] = await sql<(InvitationRow & { created_at: Date })[]>`
          insert into public.org_invitations (org_id, email, role, token_hash, invited_by, expires_at)
          values (${ctx.params.id}, ${body.email}, ${body.role}, ${await sha256Hex(token)}, ${ctx.user.id},
                  now() + make_interval(days => ${ORG_LIMITS.invitationDays}))
          returning id, email, role, expires_at, created_at`;
        if (body.email) {
          const [org] = await sql<{ name: string }[]>`select name from public.organisations where id = ${ctx.params.id}`;
          const mail = mailBody(org.name, body.role, url, new Date(row.expires_at));
          await sql`
            insert into private.mail_outbox (to_address, subject, body)
            values (${body.email}, ${mail.subject}, ${mail.body})`;
        }
        return row;
      });
      const answer: CreatedInvitation = {
        ...toInvitation(created),
        token,
        url,
        mailed: !!body.email,
        message: body.email ? M.invitedByMail : M.invited,
      };
      return json(answer, 201);
    },
  }),
  defineRoute({
    method: "DELETE",
    path: "/orgs/:id/invitations/:invitationId",
    auth: "user",
    params: revokeParams,
    async handler(ctx) {
      const role = await roleIn(adminSql, ctx.params.id, ctx.user.id);
      if (role === "teacher") throw new HttpError(403, M.ownerOrManagerOnly);
      const [row] = await adminSql<{ open: boolean }[]>`
        select (accepted_at is null and revoked_at is null) as open from public.org_invitations
         where id = ${ctx.params.invitationId} and org_id = ${ctx.params.id}`;
      if (!row) throw new HttpError(404, M.invitationNotFound);
      const done = await adminSql`
        update public.org_invitations set revoked_at = now()
         where id = ${ctx.params.invitationId} and accepted_at is null and revoked_at is null`;
      if (!row.open || done.count === 0) throw new HttpError(409, M.invitationAlreadyClosed);
      return json({ message: M.revoked });
    },
  }),
  defineRoute({
    method: "GET",
    path: "/invitations/:token",
    auth: "public",
    params: tokenParams,
    async handler(ctx) {
      const row = await findByToken(ctx.params.token);
      if (!row) throw new HttpError(404, M.invitationNotFound);
      const state = stateOf(row);
      const preview: InvitationPreview = {
        orgName: row.org_name,
        role: row.role,
        state,
        valid: state === "valid",
        expiresAt: iso(row.expires_at)!,
      };
      return json(preview);
    },
  }),
  defineRoute({
    method: "POST",
    path: "/invitations/:token/accept",
    auth: "user",
    params: tokenParams,
    async handler(ctx) {
      if (ctx.user.isAnonymous) throw new HttpError(403, M.guestCannotJoin);
      const hash = await sha256Hex(ctx.params.token);
      const org = await adminSql
        .begin(async (sql) => {
          const [inv] = await sql<InvitationRow[]>`
            select i.id, i.org_id, o.name as org_name, i.email, i.role, i.expires_at, i.revoked_at, i.accepted_at
              from public.org_invitations i join public.organisations o on o.id = i.org_id
             where i.token_hash = ${hash}
               for update of i`;
          if (!inv) throw new HttpError(404, M.invitationNotFound);
          const state = stateOf(inv);
          if (state !== "valid") throw new HttpError(410, GONE[state]);
          const [me] = await sql<{ email: string | null; is_guest: boolean; org_id: string | null }[]>`
            select p.email, p.is_guest, m.org_id from public.profiles p
              left join public.org_members m on m.user_id = p.id
             where p.id = ${ctx.user.id}`;
          if (!me || me.is_guest) throw new HttpError(403, M.guestCannotJoin);
          if (inv.email && (me.email ?? "").toLowerCase() !== inv.email) throw new HttpError(403, M.invitationOtherEmail);
          if (me.org_id) throw new HttpError(409, M.alreadyInOrg);
          await sql`insert into public.org_members (org_id, user_id, role) values (${inv.org_id}, ${ctx.user.id}, ${inv.role})`;
          await sql`
            update public.org_invitations set accepted_at = now(), accepted_by = ${ctx.user.id} where id = ${inv.id}`;
          return { id: inv.org_id, name: inv.org_name, role: inv.role };
        })
        .catch(orgDbError);
      return json({ org, message: M.joined });
    },
  }),
];
