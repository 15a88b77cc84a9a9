import { OrgPage } from "@/features/orgs/components/org-page";

export default function OrgRoute() {
  return <OrgPage />;
}
