import { ChartColumn, CreditCard, UserRound, Users } from "lucide-react";
import type { ReactNode } from "react";
import { Card, CardBody } from "@/components/ui/card";
import type { AdminUser } from "@/features/admin/api/types";

export function computeStats(users: AdminUser[]) {
  const members = users.filter((u) => u.isGuest !== 1).length;
  const guests = users.length - members;
  const paid = users.filter((u) => u.subscription?.status === "active" && u.subscription.planId !== "trial").length;
  const gradedThisMonth = users.reduce((sum, u) => sum + (u.essaysThisMonth ?? 0), 0);
  return { members, guests, paid, gradedThisMonth };
}

function Stat({ label, value, icon, testId }: { label: string; value: number; icon: ReactNode; testId: string }) {
  return (
    <Card>
      <CardBody className="flex-col items-start gap-3 p-4 sm:flex-row sm:items-center sm:gap-4 sm:p-5">
        <div className="rounded-box bg-primary/10 p-2 text-primary sm:p-3">{icon}</div>
        <div>
          <p className="text-sm text-base-content/70">{label}</p>
          <p className="text-2xl font-bold tabular-nums" data-testid={testId}>
            {value.toLocaleString("ko-KR")}
          </p>
        </div>
      </CardBody>
    </Card>
  );
}

export function StatCards({ users }: { users: AdminUser[] }) {
  const s = computeStats(users);
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <Stat label="회원 수" value={s.members} icon={<Users className="size-6" />} testId="stat-members" />
      <Stat label="게스트" value={s.guests} icon={<UserRound className="size-6" />} testId="stat-guests" />
      <Stat label="유료 구독자" value={s.paid} icon={<CreditCard className="size-6" />} testId="stat-paid" />
      <Stat label="이번 달 채점 수" value={s.gradedThisMonth} icon={<ChartColumn className="size-6" />} testId="stat-graded" />
    </div>
  );
}
