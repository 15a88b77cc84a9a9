import { useParams } from "react-router-dom";
import { ClassPage } from "@/features/classes/components/class-page";
import { AssignmentIntakeButton, StudentCodesButton } from "@/features/intake/components/class-intake-actions";
import { ClassDraftsSummarySection } from "@/features/intake/components/class-drafts-summary";

export default function ClassDetailRoute() {
  const { id = "" } = useParams<{ id: string }>();
  return (
    <ClassPage
      key={id}
      classId={id}
      slots={{
        rosterActions: (detail) => <StudentCodesButton classId={detail.id} className={detail.name} />,
        assignmentAction: (a) => <AssignmentIntakeButton sessionId={a.id} title={a.title} />,
        sections: (detail) => <ClassDraftsSummarySection detail={detail} />,
      }}
    />
  );
}
