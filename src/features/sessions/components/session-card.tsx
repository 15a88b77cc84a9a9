import { FileText, Trash2 } from "lucide-react";
import { Link } from "react-router-dom";
import { Badge } from "@/components/ui/badge";
import { Button, buttonClass } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { paths } from "@/config/paths";
import { formatSeoulDateOr } from "@shared/format.ts";
import type { AnalysisSession } from "@shared/types.ts";

function formatDate(iso: string) {
  return formatSeoulDateOr(iso, "longDateTime", "-");
}

export function SessionCard({ session, onDelete }: { session: AnalysisSession; onDelete: (s: AnalysisSession) => void }) {
  const total = session.submissionCount ?? 0;
  const completed = session.completedCount ?? 0;
  return (
    <Card data-testid="session-card">
      <CardBody className="gap-2">
        <h3 className="flex items-center gap-2 font-semibold">
          <FileText className="size-4 shrink-0" aria-hidden="true" />
          <span className="truncate">{session.title ?? session.promptFilename ?? "논술 문제"}</span>
        </h3>
        {session.criteriaFilename && <p className="truncate text-sm text-base-content/70">기준: {session.criteriaFilename}</p>}
        <p className="text-xs text-base-content/70">{formatDate(session.createdAt)}</p>
        <div className="flex flex-wrap gap-2">
          <Badge variant="outline">전체 {total}건</Badge>
          {completed > 0 && <Badge variant="success">완료 {completed}건</Badge>}
        </div>
        <div className="card-actions mt-2 justify-end">
          <Link to={paths.session.getHref(session.id)} className={buttonClass({ variant: "primary", size: "sm" })}>
            보기
          </Link>
          <Button
            size="sm"
            variant="ghost"
            aria-label={`${session.title ?? session.promptFilename ?? "작업"} 삭제`}
            onClick={() => onDelete(session)}
          >
            <Trash2 className="size-4" aria-hidden="true" />
            삭제
          </Button>
        </div>
      </CardBody>
    </Card>
  );
}
