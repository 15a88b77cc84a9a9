import { useParams } from "react-router-dom";
import { IntakePage } from "@/features/intake/components/intake-page";

/** /i/:token — a student hands in drafts through a class's submission link; no account needed. */
export default function IntakeRoute() {
  const { token = "" } = useParams();
  return <IntakePage token={token} />;
}
