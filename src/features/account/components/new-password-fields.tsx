import { TextField } from "@/components/ui/text-field";
import { VALIDATION } from "@shared/messages.ts";

/** The rule for a new password: 6 to 100 characters, typed the same twice. Undefined when it holds. */
export function newPasswordError(password: string, confirm: string): string | undefined {
  if (password.length < 6) return VALIDATION.passwordMin;
  if (password.length > 100) return VALIDATION.passwordMax;
  if (password !== confirm) return VALIDATION.passwordMismatch;
  return undefined;
}

/** 새 비밀번호 and 새 비밀번호 확인, with the form's error under the second. */
export function NewPasswordFields(props: {
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
  error?: string;
}) {
  const { password, confirm, onPassword, onConfirm, error } = props;
  return (
    <>
      <PasswordField fresh id="new-password" label="새 비밀번호" value={password} onValue={onPassword} invalid={Boolean(error)} />
      <PasswordField fresh id="new-password-confirm" label="새 비밀번호 확인" value={confirm} onValue={onConfirm} error={error} />
    </>
  );
}

/** A password input with its label: a new password (`fresh`) or the current one, for the browser's password manager. */
export function PasswordField(props: {
  id: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  fresh?: boolean;
  invalid?: boolean;
  error?: string;
}) {
  const { id, label, value, onValue, fresh, invalid, error } = props;
  return (
    <TextField
      id={id}
      label={label}
      type="password"
      autoComplete={fresh ? "new-password" : "current-password"}
      value={value}
      onChange={(e) => onValue(e.target.value)}
      invalid={invalid ?? Boolean(error)}
      error={error}
    />
  );
}
