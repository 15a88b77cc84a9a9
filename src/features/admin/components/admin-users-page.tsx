import { RefreshCw } from "lucide-react";
import { useState } from "react";
import { useAuth } from "@/lib/auth";
import { Button } from "@/components/ui/button";
import { EmptyState, Section, Toolbar } from "@/components/ui/section";
import { PageSpinner } from "@/components/ui/spinner";
import { thisMonthRange, useGradingUsage } from "@/features/admin/api/get-grading-usage";
import { useAdminUsers } from "@/features/admin/api/get-users";
import type { AdminUser, UserKind } from "@/features/admin/api/types";
import { AccessDenied } from "@/features/admin/components/access-denied";
import { ChangePlanDialog } from "@/features/admin/components/change-plan-dialog";
import { PaymentsDialog } from "@/features/admin/components/payments-dialog";
import { DeleteUserDialog } from "@/features/admin/components/delete-user-dialog";
import { MemberListToolbar, USER_KIND_LABELS } from "@/features/admin/components/member-list-toolbar";
import { StatCards } from "@/features/admin/components/stat-cards";
import { UsersTable } from "@/features/admin/components/users-table";
import { GradingCost } from "@/features/admin/components/grading-cost";
import { PlanPrices } from "@/features/admin/components/plan-prices";
import { AdminAgreementSection } from "@/features/admin/components/admin-agreement";

export function AdminUsersPage() {
  const { user } = useAuth();
  const isAdmin = user?.isAdmin === 1;
  const [kind, setKind] = useState<UserKind>("member");
  const [q, setQ] = useState("");
  const [page, setPage] = useState(1);
  const users = useAdminUsers({ kind, q, page }, { enabled: isAdmin });
  // the same query as the cost section's default period: one count of this month's graded answers
  const month = useGradingUsage(thisMonthRange(), { enabled: isAdmin });
  const [planTarget, setPlanTarget] = useState<AdminUser | null>(null);
  const [paymentsTarget, setPaymentsTarget] = useState<AdminUser | "withdrawn" | null>(null);
  const [deleteTarget, setDeleteTarget] = useState<AdminUser | null>(null);

  if (!user || !isAdmin) return <AccessDenied />;

  const list = users.data;
  const pages = list ? Math.max(1, Math.ceil(list.total / list.pageSize)) : 1;
  const listLabel = q
    ? `검색 결과 ${list?.total.toLocaleString("ko-KR") ?? "-"}명`
    : `${USER_KIND_LABELS[kind]} ${list?.total.toLocaleString("ko-KR") ?? "-"}명`;

  return (
    <section className="mx-auto w-full max-w-7xl space-y-8 px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="space-y-1">
          <h1 className="text-2xl font-semibold">회원 관리</h1>
          <p className="text-sm text-base-content/75">회원 목록과 구독 플랜을 관리합니다.</p>
        </div>
        <Toolbar>
          <Button size="sm" variant="outline" onClick={() => setPaymentsTarget("withdrawn")}>
            탈퇴한 회원 결제 기록
          </Button>
        </Toolbar>
      </div>

      {users.isPending ? (
        <PageSpinner label="회원 정보를 불러오는 중..." />
      ) : users.isError ? (
        <div role="alert" className="alert alert-error alert-soft flex flex-wrap" data-testid="users-error">
          <span>회원 정보를 불러올 수 없습니다. {users.error.message}</span>
          <Button size="sm" variant="outline" onClick={() => users.refetch()}>
            <RefreshCw className="size-4" aria-hidden="true" />
            다시 시도
          </Button>
        </div>
      ) : (
        <>
          <StatCards counts={users.data.counts} gradedThisMonth={month.data?.total.essays ?? null} />
          <Section title="회원 목록" description={<span data-testid="users-total">{listLabel}</span>}>
            <MemberListToolbar
              kind={kind}
              q={q}
              onKind={(k) => {
                setKind(k);
                setPage(1);
              }}
              onSearch={(text) => {
                setQ(text);
                setPage(1);
              }}
            />
            {users.data.users.length === 0 ? (
              <EmptyState title={q ? "검색어에 맞는 계정이 없습니다." : "표시할 계정이 없습니다."} />
            ) : (
              <UsersTable
                users={users.data.users}
                currentUserId={user.id}
                onChangePlan={setPlanTarget}
                onPayments={setPaymentsTarget}
                onDelete={setDeleteTarget}
              />
            )}
            {pages > 1 && (
              <Toolbar className="justify-end" label="페이지">
                <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                  이전
                </Button>
                <span className="text-sm tabular-nums" aria-live="polite">
                  {page} / {pages} 페이지
                </span>
                <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                  다음
                </Button>
              </Toolbar>
            )}
          </Section>
        </>
      )}

      <PlanPrices enabled={isAdmin} />
      <GradingCost enabled={isAdmin} />
      <AdminAgreementSection />

      <ChangePlanDialog user={planTarget} onClose={() => setPlanTarget(null)} />
      <PaymentsDialog user={paymentsTarget} onClose={() => setPaymentsTarget(null)} />
      <DeleteUserDialog user={deleteTarget} currentUserId={user.id} onClose={() => setDeleteTarget(null)} />
    </section>
  );
}
