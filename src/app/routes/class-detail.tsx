import { useParams } from "react-router-dom";
import { ClassPage } from "@/features/classes/components/class-page";

export default function ClassDetailRoute() {
  const { id = "" } = useParams<{ id: string }>();
  return <ClassPage key={id} classId={id} />;
}
