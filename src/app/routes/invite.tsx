import { useParams } from "react-router-dom";
import { AuthScreen } from "@/features/auth/components/auth-screen";
import { InvitePage } from "@/features/orgs/components/invite-page";

/** /invite/:token: an organisation's invitation; signed out, the login card comes first. */
export default function InviteRoute() {
  const { token = "" } = useParams();
  return <InvitePage token={token} signIn={<AuthScreen />} />;
}
