// Organisations (기관): roles, the Korean messages, the zod schemas and the JSON shapes of /api/orgs and
// /api/invitations, one source for the SPA and the API. The database checks the same bounds
// (migration 20261122000330_organisations.sql).
import { z } from "zod";

export const ORG_ROLES = ["owner", "manager", "teacher"] as const;
export type OrgRole = (typeof ORG_ROLES)[number];
/** Roles an invitation can carry (the owner is whoever creates the organisation, or receives it by transfer). */
export const INVITE_ROLES = ["manager", "teacher"] as const;
export type InviteRole = (typeof INVITE_ROLES)[number];

export const ORG_ROLE_LABELS: Record<OrgRole, string> = { owner: "소유자", manager: "관리자", teacher: "교사" };

export const ORG_LIMITS = {
  nameMax: 50,
  /** An invitation link opens for this many days. */
  invitationDays: 7,
  capMax: 100_000,
} as const;

export const ORG_MESSAGES = {
  orgNotFound: "기관을 찾을 수 없습니다.",
  /** X-Org-Id names an organisation the caller is not a member of (or is malformed). */
  notMember: "이 기관의 구성원이 아닙니다. 기관을 다시 선택해 주세요.",
  memberNotFound: "구성원을 찾을 수 없습니다.",
  invitationNotFound: "초대를 찾을 수 없습니다.",
  nameRequired: "기관 이름을 입력해 주세요.",
  nameTooLong: `기관 이름은 ${ORG_LIMITS.nameMax}자 이하로 입력해 주세요.`,
  guestCannotCreate: "게스트는 기관을 만들 수 없습니다. 회원가입 후 이용해 주세요.",
  guestCannotJoin: "게스트는 기관에 참여할 수 없습니다. 회원가입 후 이용해 주세요.",
  alreadyInOrg: "이미 기관에 소속되어 있습니다. 한 사람은 하나의 기관에만 참여할 수 있습니다.",
  orgFull: "좌석이 모두 찼습니다. 구성원을 내보내거나 좌석이 더 많은 플랜으로 바꾼 뒤 다시 초대해 주세요.",
  ownerOrManagerOnly: "기관의 소유자나 관리자만 할 수 있습니다.",
  ownerOnly: "기관의 소유자만 할 수 있습니다.",
  managerInvitesTeachers: "관리자는 교사만 초대할 수 있습니다. 관리자 초대는 소유자가 합니다.",
  roleInvalid: "역할을 선택해 주세요.",
  emailInvalid: "올바른 이메일 주소를 입력해 주세요.",
  capInvalid: `월 채점 한도는 0부터 ${ORG_LIMITS.capMax.toLocaleString("ko-KR")}까지의 정수로 입력해 주세요.`,
  nothingToChange: "바꿀 내용을 보내 주세요.",
  ownerMustTransfer: "기관의 소유자는 먼저 다른 구성원에게 소유권을 넘긴 뒤 나갈 수 있습니다.",
  ownerRoleViaTransfer: "소유자의 역할은 다른 구성원에게 소유권을 넘겨서만 바꿀 수 있습니다.",
  managerRemovesTeachers: "관리자는 교사만 내보낼 수 있습니다.",
  managerCapsTeachers: "관리자는 교사와 자신의 월 채점 한도만 정할 수 있습니다.",
  invitationExpired: "초대 링크의 유효 기간이 지났습니다. 기관에 새 초대를 요청해 주세요.",
  invitationRevoked: "취소된 초대입니다. 기관에 새 초대를 요청해 주세요.",
  invitationUsed: "이미 사용된 초대 링크입니다. 기관에 새 초대를 요청해 주세요.",
  invitationOtherEmail: "이 초대는 다른 이메일 주소로 보낸 초대입니다. 초대받은 이메일의 계정으로 로그인해 주세요.",
  invitationAlreadyClosed: "이미 수락되었거나 취소된 초대입니다.",
  accountOwnsOrg: "다른 구성원이 있는 기관의 소유자는 탈퇴 전에 소유권을 넘겨야 합니다. 기관 페이지에서 소유권을 넘겨 주세요.",
  created: "기관을 만들었습니다.",
  invited: "초대 링크를 만들었습니다.",
  invitedByMail: "초대 메일을 보냈습니다. 링크를 직접 전달할 수도 있습니다.",
  revoked: "초대를 취소했습니다.",
  joined: "기관에 참여했습니다.",
  updated: "구성원 정보를 바꿨습니다.",
  transferred: "소유권을 넘겼습니다. 이제 관리자입니다.",
  removed: "구성원을 내보냈습니다.",
  left: "기관에서 나왔습니다.",
} as const;

const M = ORG_MESSAGES;

export const orgCreateSchema = z.object({
  name: z
    .string({ error: M.nameRequired })
    .trim()
    .min(1, M.nameRequired)
    .max(ORG_LIMITS.nameMax, M.nameTooLong)
    .transform((s) => s.normalize("NFC")),
});

export const inviteCreateSchema = z.object({
  email: z
    .union([z.literal(""), z.null(), z.email({ error: M.emailInvalid }).max(320, M.emailInvalid)], { error: M.emailInvalid })
    .optional()
    .transform((e) => (e ? e.trim().toLowerCase() : null)),
  role: z.enum(INVITE_ROLES, { error: M.roleInvalid }),
});

export const memberPatchSchema = z
  .object({
    role: z.enum(ORG_ROLES, { error: M.roleInvalid }).optional(),
    monthlyCap: z
      .number({ error: M.capInvalid })
      .int(M.capInvalid)
      .min(0, M.capInvalid)
      .max(ORG_LIMITS.capMax, M.capInvalid)
      .nullable()
      .optional(),
  })
  .refine((b) => b.role !== undefined || b.monthlyCap !== undefined, { error: M.nothingToChange });

/** The caller's organisation, for the header's switch. */
export interface OrgSummary {
  id: string;
  name: string;
  role: OrgRole;
}

export interface OrgMember {
  userId: string;
  name: string;
  username: string;
  email: string | null;
  role: OrgRole;
  monthlyCap: number | null;
  joinedAt: string;
}

export interface OrgInvitation {
  id: string;
  email: string | null;
  role: InviteRole;
  expiresAt: string;
  createdAt: string;
}

export interface OrgDetail extends OrgSummary {
  members: OrgMember[];
  seats: { used: number; max: number };
  plan: { id: string; name: string };
  /** Pending invitations (owner and managers only; null for teachers). */
  invitations: OrgInvitation[] | null;
  createdAt: string;
}

export interface CreatedInvitation extends OrgInvitation {
  /** The raw token: shown once, only its SHA-256 is stored. */
  token: string;
  url: string;
  mailed: boolean;
  message: string;
}

export type InvitationState = "valid" | "expired" | "revoked" | "used";

/** GET /api/invitations/:token: what the accept page shows before signing in. */
export interface InvitationPreview {
  orgName: string;
  role: InviteRole;
  state: InvitationState;
  valid: boolean;
  expiresAt: string;
}
