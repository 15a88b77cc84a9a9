import { useParams } from "react-router-dom";
import { SharedReportView } from "@/features/shared-report/components/shared-report-view";

/** /r/:token — a student's read-only report link; no account needed. */
export default function SharedReportRoute() {
  const { token = "" } = useParams();
  return <SharedReportView token={token} />;
}
