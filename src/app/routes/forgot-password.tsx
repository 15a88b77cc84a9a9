import { ForgotPassword } from "@/features/account/components/password-recovery";

export default function ForgotPasswordRoute() {
  return <ForgotPassword />;
}
