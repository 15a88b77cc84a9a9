// POST /account/delete (회원 탈퇴): after the password is re-entered and checked with a password grant,
// the account goes the way an admin removes one: the Auth user (profile and every row below it by
// `on delete cascade`) and the objects under `<userId>/` in Storage (through the storage path guard).
// Paid orders stay as payment records without the person for 5 years (private.keep_payment_records).
import { z } from "zod";
import { defineRoute, type Route } from "../lib/types.ts";
import { json } from "../lib/http.ts";
import { adminSql } from "../lib/db.ts";
import { checkPassword, passwordReentry } from "../lib/password-grant.ts";
import { forgetToken } from "../lib/auth.ts";
import { assertNoOrgToTransfer } from "../lib/orgs/ownership.ts";
import { deleteAuthUser, essayObjectNames, leaveOrganisation, removeEssayObjects } from "../lib/users/delete.ts";

export const ACCOUNT_MESSAGES = {
  passwordRequired: "비밀번호를 입력해 주세요.",
  wrongPassword: "비밀번호가 올바르지 않습니다.",
  guestCannotDelete: "게스트 계정은 탈퇴할 비밀번호가 없습니다. 로그아웃하면 게스트 이용이 끝납니다.",
  deleted: "회원 탈퇴가 완료되었습니다. 계정과 데이터가 삭제되었습니다. 결제 기록은 법에 따라 회원 정보 없이 5년간 보관됩니다.",
  failed: "회원 탈퇴 처리 중 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.",
} as const;

const deleteSchema = z.object({
  password: z
    .string({ error: ACCOUNT_MESSAGES.passwordRequired })
    .min(1, ACCOUNT_MESSAGES.passwordRequired)
    .max(100, ACCOUNT_MESSAGES.wrongPassword),
});

export const routes: Route[] = [
  defineRoute({
    method: "POST",
    path: "/account/delete",
    auth: "user",
    async handler(ctx) {
      const { body, email } = await passwordReentry(ctx, deleteSchema, ACCOUNT_MESSAGES.guestCannotDelete);
      await checkPassword(ctx.user.id, email, body.password, ACCOUNT_MESSAGES.wrongPassword, ACCOUNT_MESSAGES.failed);

      const id = ctx.user.id;
      await assertNoOrgToTransfer(id);
      await leaveOrganisation(adminSql, id);
      const files = await essayObjectNames(adminSql, id);
      const removed = await deleteAuthUser(id);
      if (!removed) await adminSql`delete from public.profiles where id = ${id}`;
      await removeEssayObjects(files, id);
      forgetToken(ctx.user.token);
      return json({ message: ACCOUNT_MESSAGES.deleted });
    },
  }),
];
