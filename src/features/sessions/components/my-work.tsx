import { useState } from "react";
import { ArrowLeft } from "lucide-react";
import { Link } from "react-router-dom";
import { buttonClass } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { IconLink } from "@/components/ui/icon-link";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { notifyFailure } from "@/lib/notify-failure";
import type { AnalysisSession } from "@shared/types.ts";
import { useSessions } from "@/features/sessions/api/get-sessions";
import { useDeleteSession } from "@/features/sessions/api/delete-session";
import { SessionCard } from "@/features/sessions/components/session-card";
import { SESSION_MESSAGES as M } from "@/features/sessions/messages";

export function MyWork() {
  const sessions = useSessions();
  const deleteSession = useDeleteSession();
  const [target, setTarget] = useState<AnalysisSession | null>(null);

  const confirmDelete = () => {
    if (!target) return;
    deleteSession.mutate(target.id, {
      onSuccess: () => {
        notify({ title: M.session.deletedTitle, description: M.session.deleted });
        setTarget(null);
      },
      onError: (error) => {
        notifyFailure(M.session.deleteFailTitle, errorMessage(error, M.session.deleteFailDefault));
        setTarget(null);
      },
    });
  };

  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-8">
      <div className="mb-6 flex items-center gap-3">
        <IconLink to={paths.home.getHref()} icon={ArrowLeft}>
          돌아가기
        </IconLink>
        <h1 className="text-2xl font-bold">내 작업 목록</h1>
      </div>

      {sessions.isLoading && (
        <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-40" />
          ))}
        </div>
      )}
      {sessions.isError && (
        <Card>
          <CardBody>
            <p className="text-error">{M.session.loadFail}</p>
          </CardBody>
        </Card>
      )}
      {sessions.data && sessions.data.length === 0 && (
        <Card>
          <CardBody className="items-center text-center">
            <p className="text-base-content/70">아직 생성된 작업이 없습니다</p>
            <Link to={paths.home.getHref()} className={buttonClass({ variant: "primary" })}>
              첫 작업 만들기
            </Link>
          </CardBody>
        </Card>
      )}
      {sessions.data && sessions.data.length > 0 && (
        <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
          {sessions.data.map((s) => (
            <SessionCard key={s.id} session={s} onDelete={setTarget} />
          ))}
        </div>
      )}
      <ConfirmDialog
        open={target !== null}
        title={M.session.deleteConfirmTitle}
        description={M.session.deleteConfirm}
        confirmLabel={M.confirm.delete}
        busy={deleteSession.isPending}
        onCancel={() => setTarget(null)}
        onConfirm={confirmDelete}
      />
    </section>
  );
}
