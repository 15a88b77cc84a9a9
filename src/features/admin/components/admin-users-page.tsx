import { RefreshCw } from "lucide-react";
import { useState } from "react";
import { useAuth } from "@/lib/auth";
import { Button } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { PageSpinner } from "@/components/ui/spinner";
import { useAdminUsers } from "@/features/admin/api/get-users";
import type { AdminUser } from "@/features/admin/api/types";
import { AccessDenied } from "@/features/admin/components/access-denied";
import { ChangePlanDialog } from "@/features/admin/components/change-plan-dialog";
import { PaymentsDialog } from "@/features/admin/components/payments-dialog";
import { DeleteUserDialog } from "@/features/admin/components/delete-user-dialog";
import { StatCards } from "@/features/admin/components/stat-cards";
import { UsersTable } from "@/features/admin/components/users-table";
import { GradingCost } from "@/features/admin/components/grading-cost";
import { AdminAgreementSection } from "@/features/admin/components/admin-agreement";

export function AdminUsersPage() {
  const { user } = useAuth();
  const isAdmin = user?.isAdmin === 1;
  const users = useAdminUsers({ enabled: isAdmin });
  const [planTarget, setPlanTarget] = useState<AdminUser | null>(null);
  const [paymentsTarget, setPaymentsTarget] = useState<AdminUser | "withdrawn" | null>(null);
  const [deleteTarget, setDeleteTarget] = useState<AdminUser | null>(null);

  if (!user || !isAdmin) return <AccessDenied />;

  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">회원 관리</h1>
          <p className="mt-1 text-base-content/70">회원 목록과 구독 플랜을 관리합니다.</p>
        </div>
        <Button size="sm" variant="outline" onClick={() => setPaymentsTarget("withdrawn")}>
          탈퇴한 회원 결제 기록
        </Button>
      </div>

      {users.isPending ? (
        <PageSpinner label="회원 정보를 불러오는 중..." />
      ) : users.isError ? (
        <Card data-testid="users-error">
          <CardBody className="items-center text-center">
            <p className="font-semibold">회원 정보를 불러올 수 없습니다.</p>
            <p className="text-sm text-base-content/70">{users.error.message}</p>
            <Button size="sm" variant="outline" onClick={() => users.refetch()}>
              <RefreshCw className="size-4" aria-hidden="true" />
              다시 시도
            </Button>
          </CardBody>
        </Card>
      ) : (
        <div className="space-y-6">
          <StatCards users={users.data} />
          <Card>
            <CardBody className="p-0 sm:p-2">
              {users.data.length === 0 ? (
                <p className="py-12 text-center text-base-content/70">등록된 회원이 없습니다.</p>
              ) : (
                <UsersTable
                  users={users.data}
                  currentUserId={user.id}
                  onChangePlan={setPlanTarget}
                  onPayments={setPaymentsTarget}
                  onDelete={setDeleteTarget}
                />
              )}
            </CardBody>
          </Card>
        </div>
      )}

      <div className="mt-6">
        <GradingCost />
      </div>
      <AdminAgreementSection />

      <ChangePlanDialog user={planTarget} onClose={() => setPlanTarget(null)} />
      <PaymentsDialog user={paymentsTarget} onClose={() => setPaymentsTarget(null)} />
      <DeleteUserDialog user={deleteTarget} currentUserId={user.id} onClose={() => setDeleteTarget(null)} />
    </section>
  );
}
