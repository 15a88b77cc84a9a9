import { PrivacyPage } from "@/features/legal/components/privacy-page";

export default function PrivacyRoute() {
  return <PrivacyPage />;
}
