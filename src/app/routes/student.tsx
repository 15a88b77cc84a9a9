import { useParams } from "react-router-dom";
import { StudentPage } from "@/features/students/components/student-page";

/** /students/:id — one student's growth over the term. */
export default function StudentRoute() {
  const { id = "" } = useParams();
  return <StudentPage key={id} id={id} />;
}
