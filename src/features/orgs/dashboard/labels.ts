// Korean labels of the organisation dashboard.
import type { OrgUsageTeacher } from "./api";

export const ROLE_LABEL: Record<NonNullable<OrgUsageTeacher["role"]>, string> = {
  owner: "소유자",
  manager: "관리자",
  teacher: "선생님",
};

/** A member who left the organisation this month (their gradings still count). */
export const FORMER_MEMBER = "떠난 구성원";

export const SUBSCRIPTION_STATUS_LABEL: Record<string, string> = {
  trial: "체험판",
  active: "이용 중",
  canceled: "해지됨",
  expired: "만료됨",
};

export const count = (n: number, unit = "회") => `${n.toLocaleString("ko-KR")}${unit}`;
