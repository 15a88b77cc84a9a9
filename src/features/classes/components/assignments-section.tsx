import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { buttonClass } from "@/components/ui/button";
import { EmptyState, Section } from "@/components/ui/section";
import { paths } from "@/config/paths";
import { formatSeoulDate } from "@shared/format.ts";
import type { ClassDetail } from "@shared/types.ts";
import { CLASSES_TEXT as T } from "@/features/classes/messages";

/** The class's assignments (sessions), newest first, each a link to its workspace. */
export function AssignmentsSection({
  detail,
  assignmentAction,
}: {
  detail: ClassDetail;
  assignmentAction?: (assignment: { id: string; title: string }) => ReactNode;
}) {
  const newAssignment = (
    <Link to={paths.newAssignment.getHref(detail.id)} className={buttonClass({ variant: "outline", size: "sm" })}>
      {T.newAssignment}
    </Link>
  );
  return (
    <Section title={T.assignmentsTitle} description={T.assignmentsDescription} actions={newAssignment} testId="class-assignments">
      {detail.assignments.length === 0 ? (
        <EmptyState title={T.assignmentsEmpty} />
      ) : (
        <ul className="divide-y divide-base-300" aria-label={T.assignmentsTitle}>
          {detail.assignments.map((a) => (
            <li key={a.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3">
              <Link to={paths.session.getHref(a.id)} className="link link-primary link-hover font-medium break-words">
                {a.title}
              </Link>
              <span className="flex items-center gap-2 text-sm text-base-content/75 tabular-nums">
                {T.assignmentCounts(a.submissionCount, a.gradedCount, a.reviewedCount)} · {formatSeoulDate(a.createdAt)}
                {assignmentAction?.({ id: a.id, title: a.title })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
