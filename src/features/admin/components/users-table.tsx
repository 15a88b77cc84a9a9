import { Trash2 } from "lucide-react";
import { SUBSCRIPTION_STATUS_LABELS, type SubscriptionStatusValue } from "@shared/plans.ts";
import { Badge, type BadgeVariant } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { formatSeoulDateOr } from "@shared/format.ts";
import { ORG_ROLE_LABELS } from "@shared/orgs.ts";
import type { AdminUser } from "@/features/admin/api/types";

const STATUS_VARIANT: Record<SubscriptionStatusValue, BadgeVariant> = {
  active: "success",
  trial: "info",
  expired: "ghost",
  canceled: "destructive",
};

/** The actions column stays in view while the table scrolls sideways (on phones). */
const ACTIONS_CELL = "sticky right-0 z-[1] bg-base-100 shadow-[-6px_0_6px_-6px_rgb(0_0_0/0.25)]";

function statusLabel(status: string) {
  return SUBSCRIPTION_STATUS_LABELS[status as SubscriptionStatusValue] ?? status;
}

function formatDate(value: string | null | undefined) {
  return formatSeoulDateOr(value, "date", "-");
}

export interface UsersTableProps {
  users: AdminUser[];
  currentUserId: string;
  onChangePlan: (user: AdminUser) => void;
  onPayments: (user: AdminUser) => void;
  onDelete: (user: AdminUser) => void;
}

export function UsersTable({ users, currentUserId, onChangePlan, onPayments, onDelete }: UsersTableProps) {
  return (
    <div>
      <p className="mb-2 text-xs text-base-content/75 lg:hidden" data-testid="users-table-hint">
        표를 옆으로 밀면 다른 항목이 보입니다. 관리 버튼은 오른쪽에 고정되어 있습니다.
      </p>
      <DataTable
        region="회원 목록 (옆으로 스크롤)"
        className="table-sm min-w-[68rem] [&_td]:align-middle"
        data-testid="users-table"
        columns={[
          "사용자명",
          "이메일",
          "표시 이름",
          "플랜",
          "기관",
          { label: "이번 달 사용량", end: true },
          "가입일",
          "최근 로그인",
          { label: "관리", end: true, className: ACTIONS_CELL },
        ]}
      >
        {users.map((u) => {
          const self = u.id === currentUserId;
          const status = u.subscription?.status;
          return (
            <tr key={u.id} data-testid={`user-row-${u.username}`}>
              <td>
                <div className="flex flex-wrap items-center gap-1.5">
                  <span className="font-medium">{u.username}</span>
                  {u.isGuest === 1 && (
                    <Badge variant="ghost" size="sm">
                      게스트
                    </Badge>
                  )}
                  {u.isAdmin === 1 && (
                    <Badge variant="accent" size="sm">
                      관리자
                    </Badge>
                  )}
                </div>
              </td>
              <td className="whitespace-nowrap text-base-content/75">{u.email ?? "-"}</td>
              <td>{u.displayName ?? "-"}</td>
              <td>
                <div className="flex flex-wrap items-center gap-1.5" data-testid="user-plan">
                  <span>{u.subscription?.planName ?? "-"}</span>
                  {status && (
                    <Badge variant={STATUS_VARIANT[status as SubscriptionStatusValue] ?? "outline"} size="sm">
                      {statusLabel(status)}
                    </Badge>
                  )}
                </div>
              </td>
              <td data-testid="user-org">
                {u.org ? (
                  <div>
                    <div className="whitespace-nowrap">
                      {u.org.name} · {ORG_ROLE_LABELS[u.org.role]}
                    </div>
                    <div className="whitespace-nowrap text-xs text-base-content/75 tabular-nums">
                      좌석 {u.org.seatsUsed}/{u.org.seatsMax} · {u.org.planName}
                    </div>
                  </div>
                ) : (
                  "-"
                )}
              </td>
              <td className="text-right tabular-nums">{u.usage ? `${u.usage.current}/${u.usage.limit}` : "-"}</td>
              <td className="whitespace-nowrap">{formatDate(u.createdAt)}</td>
              <td className="whitespace-nowrap">{formatDate(u.lastLoginAt)}</td>
              <td className={ACTIONS_CELL}>
                <div className="flex justify-end gap-1.5">
                  <Button size="xs" variant="outline" onClick={() => onChangePlan(u)}>
                    플랜 변경
                  </Button>
                  <Button size="xs" variant="outline" onClick={() => onPayments(u)}>
                    결제 내역
                  </Button>
                  <Button
                    size="xs"
                    variant="ghost"
                    className="text-error"
                    disabled={self}
                    title={self ? "자신의 계정은 삭제할 수 없습니다" : `${u.username} 계정 삭제 (확인 후 삭제)`}
                    onClick={() => onDelete(u)}
                  >
                    <Trash2 className="size-3.5" aria-hidden="true" />
                    삭제
                  </Button>
                </div>
              </td>
            </tr>
          );
        })}
      </DataTable>
    </div>
  );
}
