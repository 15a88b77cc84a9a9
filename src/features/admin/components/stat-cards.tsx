import { ChartColumn, CreditCard, UserRound, Users } from "lucide-react";
import type { ReactNode } from "react";
import { Card, CardBody } from "@/components/ui/card";
import type { AdminUserList } from "@/features/admin/api/types";

function Stat({
  label,
  value,
  unit,
  icon,
  testId,
}: {
  label: string;
  value: number | null;
  unit: string;
  icon: ReactNode;
  testId: string;
}) {
  return (
    <Card>
      <CardBody className="flex-row items-center gap-4 p-4">
        <div className="hidden rounded-box bg-primary/10 p-2 text-primary sm:block">{icon}</div>
        <div className="min-w-0">
          <p className="text-sm text-base-content/75">{label}</p>
          <p className="text-2xl font-semibold tabular-nums">
            <span data-testid={testId}>{value === null ? "-" : value.toLocaleString("ko-KR")}</span>
            <span className="ml-0.5 text-base font-normal">{unit}</span>
          </p>
        </div>
      </CardBody>
    </Card>
  );
}

/**
 * The service's counts: accounts by kind (whatever the list's filter; the list's own count is beside
 * it), and the answers graded this month as the cost section counts them (AI grading records).
 */
export function StatCards({ counts, gradedThisMonth }: { counts: AdminUserList["counts"]; gradedThisMonth: number | null }) {
  return (
    <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      <Stat label="회원 (관리자 포함)" value={counts.members} unit="명" icon={<Users className="size-5" />} testId="stat-members" />
      <Stat label="게스트" value={counts.guests} unit="명" icon={<UserRound className="size-5" />} testId="stat-guests" />
      <Stat label="유료 구독 회원" value={counts.paid} unit="명" icon={<CreditCard className="size-5" />} testId="stat-paid" />
      <Stat label="이번 달 채점한 답안" value={gradedThisMonth} unit="건" icon={<ChartColumn className="size-5" />} testId="stat-graded" />
    </div>
  );
}
