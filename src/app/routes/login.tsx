import { Navigate } from "react-router-dom";
import { PageSpinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { useAuth } from "@/lib/auth";
import { AuthScreen } from "@/features/auth/components/auth-screen";

/** /login (and /login?mode=register): the auth card; a signed-in visitor goes on to the workspace. */
export default function LoginRoute() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <PageSpinner />;
  if (user) return <Navigate to={paths.home.getHref()} replace />;
  return <AuthScreen />;
}
