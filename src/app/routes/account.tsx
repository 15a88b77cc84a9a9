import { AccountSettings } from "@/features/account/components/account-settings";

export default function AccountRoute() {
  return <AccountSettings />;
}
