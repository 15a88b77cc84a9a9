import { ResetPassword } from "@/features/account/components/password-recovery";

export default function ResetPasswordRoute() {
  return <ResetPassword />;
}
