import { OrgDashboardPage } from "@/features/orgs/dashboard/org-dashboard-page";

export default function OrgDashboardRoute() {
  return <OrgDashboardPage />;
}
