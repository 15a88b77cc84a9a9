import { MyWork } from "@/features/sessions/components/my-work";

export default function MyWorkRoute() {
  return <MyWork />;
}
