import { MyWork } from "@/features/my-work/components/my-work";

export default function MyWorkRoute() {
  return <MyWork />;
}
