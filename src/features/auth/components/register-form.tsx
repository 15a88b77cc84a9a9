import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { useCaptcha } from "@/components/captcha-widget";
import { useAuth } from "@/lib/auth";
import { useZodForm } from "@/lib/zod-form";
import { registerSchema, toRegisterRequest, type RegisterFormInput } from "@shared/schemas.ts";

type FieldName = keyof RegisterFormInput;

const fields: Array<{ name: FieldName; label: string; type: string; autoComplete: string; placeholder: string }> = [
  { name: "username", label: "사용자명", type: "text", autoComplete: "username", placeholder: "영문, 숫자, 언더스코어 3~50자" },
  { name: "email", label: "이메일", type: "email", autoComplete: "email", placeholder: "name@example.com" },
  { name: "displayName", label: "표시 이름(선택)", type: "text", autoComplete: "nickname", placeholder: "화면에 표시될 이름" },
  { name: "password", label: "비밀번호", type: "password", autoComplete: "new-password", placeholder: "6자 이상" },
  {
    name: "confirmPassword",
    label: "비밀번호 확인",
    type: "password",
    autoComplete: "new-password",
    placeholder: "비밀번호를 다시 입력하세요",
  },
];

export function RegisterForm({ onSwitchToLogin }: { onSwitchToLogin: () => void }) {
  const { register: registerAccount } = useAuth();
  const captcha = useCaptcha();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useZodForm(registerSchema, { username: "", email: "", displayName: "", password: "", confirmPassword: "" });

  const onSubmit = handleSubmit(async (values) => {
    if (!captcha.ready()) return;
    try {
      await registerAccount(toRegisterRequest(values), captcha.token);
    } catch {
      /* the auth provider already showed the toast; a token is good for one attempt */
      captcha.reset();
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="회원가입">
      {fields.map(({ name, ...field }) => (
        <TextField key={name} id={`register-${name}`} error={errors[name]?.message} {...field} {...register(name)} />
      ))}
      {captcha.widget}
      <Button type="submit" block loading={isSubmitting}>
        {isSubmitting ? "가입 중..." : "회원가입"}
      </Button>
      <p className="text-center text-sm">
        이미 계정이 있으신가요?{" "}
        <button type="button" className="link link-primary font-medium" onClick={onSwitchToLogin}>
          로그인
        </button>
      </p>
    </form>
  );
}
