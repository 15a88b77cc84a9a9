// A class's teachers (담당 교사) in an organisation: GET /classes/:id/teachers (anyone who can access
// the class) and PUT /classes/:id/teachers { userIds } (the organisation's owner and managers; members
// of the class's organisation only). The set is written by the service connection after these checks.
import { adminSql } from "../lib/db.ts";
import { type Ctx, defineRoute, type Route } from "../lib/types.ts";
import type { AuthUser } from "../lib/types.ts";
import { json } from "../lib/http.ts";
import { HttpError } from "../lib/errors.ts";
import type { ClassTeacher, ClassTeachers } from "../../_shared/types.ts";
import { CLASS_MESSAGES, classTeachersSchema } from "../../_shared/classes.ts";
import { type AccessibleClass, accessibleClass, classParams } from "./queries.ts";

type ClassCtx = Ctx<{ id: string }, AuthUser>;

interface MemberRow {
  user_id: string;
  name: string;
  role: ClassTeacher["role"];
  assigned: boolean;
}

const teacherJson = (r: MemberRow): ClassTeacher => ({ userId: r.user_id, name: r.name, role: r.role });

/** The caller's role in the class's organisation (null: a personal class or not a member). */
async function roleIn(cls: AccessibleClass, uid: string): Promise<string | null> {
  if (!cls.org_id) return null;
  const [m] = await adminSql<{ role: string }[]>`
    select role from public.org_members where org_id = ${cls.org_id} and user_id = ${uid}`;
  return m?.role ?? null;
}

async function teachersOf(cls: AccessibleClass, canAssign: boolean): Promise<ClassTeachers> {
  if (!cls.org_id) return { organisation: false, canAssign: false, teachers: [], members: [] };
  const rows = await adminSql<MemberRow[]>`
    select m.user_id, coalesce(nullif(p.display_name, ''), p.username) as name, m.role,
           exists (select 1 from public.class_teachers t where t.class_id = ${cls.id} and t.user_id = m.user_id) as assigned
      from public.org_members m
      join public.profiles p on p.id = m.user_id
     where m.org_id = ${cls.org_id}
     order by name, m.user_id`;
  return {
    organisation: true,
    canAssign,
    teachers: rows.filter((r) => r.assigned).map(teacherJson),
    members: canAssign ? rows.map(teacherJson) : [],
  };
}

async function getTeachers(ctx: ClassCtx): Promise<Response> {
  const cls = await ctx.asCaller((sql) => accessibleClass(sql, ctx.params.id));
  const role = await roleIn(cls, ctx.user.id);
  return json(await teachersOf(cls, role === "owner" || role === "manager"));
}

async function putTeachers(ctx: ClassCtx): Promise<Response> {
  const { userIds } = await ctx.json(classTeachersSchema);
  const cls = await ctx.asCaller((sql) => accessibleClass(sql, ctx.params.id));
  if (!cls.org_id) throw new HttpError(400, CLASS_MESSAGES.teachersPersonalClass);
  const role = await roleIn(cls, ctx.user.id);
  if (role !== "owner" && role !== "manager") throw new HttpError(403, CLASS_MESSAGES.teachersNotAllowed);
  const ids = [...new Set(userIds.map((id) => id.toLowerCase()))];
  await adminSql.begin(async (sql) => {
    // The class locked, so two saves end as one of the two sets.
    await sql`select 1 from public.classes where id = ${cls.id} for update`;
    const members = await sql<{ user_id: string }[]>`
      select user_id from public.org_members where org_id = ${cls.org_id} and user_id = any(${ids}::uuid[])`;
    if (members.length !== ids.length) throw new HttpError(400, CLASS_MESSAGES.teachersNotMembers);
    await sql`delete from public.class_teachers where class_id = ${cls.id} and not (user_id = any(${ids}::uuid[]))`;
    await sql`
      insert into public.class_teachers (class_id, user_id)
      select ${cls.id}::uuid, unnest(${ids}::uuid[])
      on conflict do nothing`;
  });
  return json({ ...(await teachersOf(cls, true)), message: CLASS_MESSAGES.teachersSaved });
}

export const teacherRoutes: Route[] = [
  defineRoute({ method: "GET", path: "/classes/:id/teachers", auth: "user", params: classParams, handler: getTeachers }),
  defineRoute({ method: "PUT", path: "/classes/:id/teachers", auth: "user", params: classParams, handler: putTeachers }),
];
