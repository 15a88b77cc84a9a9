import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { FieldError, Label } from "@/components/ui/label";
import { useAuth } from "@/lib/auth";
import { useZodForm } from "@/lib/zod-form";
import { registerSchema, toRegisterRequest, type RegisterFormInput } from "@shared/schemas.ts";
import { GUEST_FREE_USES } from "@shared/plans.ts";

type FieldName = keyof RegisterFormInput;

const fields: Array<{ name: FieldName; label: string; type: string; autoComplete: string }> = [
  { name: "username", label: "사용자명", type: "text", autoComplete: "username" },
  { name: "email", label: "이메일", type: "email", autoComplete: "email" },
  { name: "displayName", label: "표시 이름(선택)", type: "text", autoComplete: "nickname" },
  { name: "password", label: "비밀번호", type: "password", autoComplete: "new-password" },
  { name: "confirmPassword", label: "비밀번호 확인", type: "password", autoComplete: "new-password" },
];

/** 회원가입하고 계속하기: the guest's account becomes a member account in place. */
export function GuestConvertDialog({
  open,
  onOpenChange,
  onConverted,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After a successful conversion (the dialog also closes). */
  onConverted?: () => void;
}) {
  const { convertGuest } = useAuth();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useZodForm(registerSchema);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await convertGuest(toRegisterRequest(values));
      reset();
      onOpenChange(false);
      onConverted?.();
    } catch {
      /* the auth provider showed the toast */
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="회원가입하고 계속하기"
      description={`게스트로 만든 세션과 첨삭 결과는 그대로 회원 계정에 남습니다. 가입하면 게스트 무료 ${GUEST_FREE_USES}회 대신 체험판(매월 무료 첨삭)과 유료 플랜을 이용할 수 있습니다.`}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-3" aria-label="회원가입하고 계속하기">
        {fields.map((field) => (
          <div key={field.name}>
            <Label htmlFor={`convert-${field.name}`}>{field.label}</Label>
            <Input
              id={`convert-${field.name}`}
              type={field.type}
              autoComplete={field.autoComplete}
              invalid={Boolean(errors[field.name])}
              {...register(field.name)}
            />
            <FieldError message={errors[field.name]?.message} />
          </div>
        ))}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            취소
          </Button>
          <Button type="submit" loading={isSubmitting} disabled={isSubmitting}>
            회원가입하고 계속하기
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
