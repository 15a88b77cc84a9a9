import { useParams } from "react-router-dom";
import { StudentPage } from "@/features/students/components/student-page";
import { StudentDraftsSection } from "@/features/intake/components/student-drafts";

/** /students/:id — one student's growth over the term, and the drafts of a revision handed in through a link. */
export default function StudentRoute() {
  const { id = "" } = useParams();
  return (
    <StudentPage
      key={id}
      id={id}
      extra={(history) => (
        <StudentDraftsSection
          studentId={history.student.id}
          assignments={[...new Map(history.results.map((r) => [r.sessionId, { id: r.sessionId, title: r.sessionTitle }])).values()]}
        />
      )}
    />
  );
}
