import { ClassList } from "@/features/classes/components/class-list";

export default function ClassesRoute() {
  return <ClassList />;
}
