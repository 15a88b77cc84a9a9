// PATCH /account/profile: the caller's display name (계정 설정), written as the caller (RLS; the profile
// trigger cleans the name). Email and password are changed with Supabase Auth itself (updateUser).
import { z } from "zod";
import { defineRoute, type Route } from "../lib/types.ts";
import { HttpError } from "../lib/errors.ts";
import { json } from "../lib/http.ts";
import { displayNameSchema } from "../../_shared/schemas.ts";
import { API_MESSAGES } from "../../_shared/messages.ts";
import { loadUser } from "../lib/users/queries.ts";

const profileSchema = z.object({
  /** An empty name clears it (the username is shown instead). */
  displayName: displayNameSchema.nullable(),
});

export const routes: Route[] = [
  defineRoute({
    method: "PATCH",
    path: "/account/profile",
    auth: "user",
    async handler(ctx) {
      const body = await ctx.json(profileSchema);
      const name = body.displayName?.trim() ? body.displayName : null;
      const user = await ctx.asCaller(async (sql) => {
        await sql`update public.profiles set display_name = ${name} where id = ${ctx.user.id}`;
        return loadUser(sql, ctx.user.id);
      });
      if (!user) throw new HttpError(401, API_MESSAGES.loginRequired);
      return json({ user, message: "표시 이름이 저장되었습니다." });
    },
  }),
];
