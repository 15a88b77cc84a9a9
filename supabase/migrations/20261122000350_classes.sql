-- =============================================================================
-- Classes (반) and students over a term.
-- A student is one person of the teacher's: a 수험번호 (exam_number) unique
-- among that teacher's students and a name, enrolled in one or more classes
-- (seat_number: an optional 번호 within a class). An assignment (session) may
-- belong to one class; an answer may be linked to one student.
-- Every policy here goes through private.can_access_class / can_access_student,
-- so wider access (an organisation's colleagues) is granted in one place.
-- Owners write their own rows (through the API, which runs as the caller, or
-- PostgREST alike); triggers keep every link within one owner's rows, or one
-- organisation's. A class or student made in an organisation's space carries its
-- org_id (its students follow the class); a 수험번호 is unique per space. An
-- organisation's class is assigned to teachers (class_teachers); who sees what is
-- private.can_access_class / can_access_student / can_access_session below.
-- Withdrawal: profiles cascade to classes and students; a deleted class leaves
-- its assignments (class_id set null), a deleted student its answers
-- (roster_student_id set null; the API anonymises or deletes them first).
-- =============================================================================

-- -----------------------------------------------------------------------------
-- Tables
-- -----------------------------------------------------------------------------
create table if not exists public.classes (
  id          uuid primary key default gen_random_uuid(),
  user_id     uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  -- the organisation whose space the class was made in (null: the teacher's personal space)
  org_id      uuid references public.organisations (id) on delete set null,
  name        text not null
                constraint classes_name_check check (private.is_trimmed_text(name, 50) and name is nfc normalized),
  grade       text
                constraint classes_grade_check check (grade is null or private.is_trimmed_text(grade, 20)),
  subject     text
                constraint classes_subject_check check (subject is null or private.is_trimmed_text(subject, 30)),
  term        text
                constraint classes_term_check check (term is null or private.is_trimmed_text(term, 30)),
  created_at  timestamptz not null default now(),
  updated_at  timestamptz not null default now()
);

comment on table public.classes is
  'A teacher''s class (반): a name and optional 학년 (grade), 과목 (subject), 학기 (term). Owner-only (RLS).';

create index if not exists classes_user_id_idx on public.classes (user_id, created_at desc);
create index if not exists classes_org_id_idx on public.classes (org_id, created_at desc);

create table if not exists public.students (
  id           uuid primary key default gen_random_uuid(),
  user_id      uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  -- the organisation whose roster the student is on (null: the teacher's personal roster)
  org_id       uuid references public.organisations (id) on delete set null,
  exam_number  text not null
                 constraint students_exam_number_check
                 check (private.is_trimmed_text(exam_number, 50) and exam_number is nfc normalized),
  name         text not null
                 constraint students_name_check
                 check (private.is_trimmed_text(name, 50) and name is nfc normalized),
  notes        text not null default ''
                 constraint students_notes_check check (char_length(notes) <= 2000),
  created_at   timestamptz not null default now(),
  updated_at   timestamptz not null default now()
);

comment on table public.students is
  'One student of a teacher''s: 수험번호 (exam_number, unique per owner, NFC, trimmed, 1–50 characters), '
  'name (1–50) and the teacher''s notes (≤ 2,000 characters). Owner-only (RLS).';

-- A 수험번호 is unique within a space: one teacher's personal roster, or one organisation's roster
-- (so reassigning a leaver's organisation students to the owner never collides).
create unique index if not exists students_exam_number_unique on public.students (user_id, exam_number) where org_id is null;
create unique index if not exists students_org_exam_number_unique on public.students (org_id, exam_number) where org_id is not null;

create table if not exists public.class_students (
  class_id     uuid not null references public.classes (id) on delete cascade,
  student_id   uuid not null references public.students (id) on delete cascade,
  seat_number  integer
                 constraint class_students_seat_number_check check (seat_number is null or seat_number between 1 and 999),
  created_at   timestamptz not null default now(),
  primary key (class_id, student_id),
  constraint class_students_seat_unique unique (class_id, seat_number)
);

comment on table public.class_students is
  'Enrolment of a student in a class, with the optional seat number (번호, unique within the class).';

create index if not exists class_students_student_id_idx on public.class_students (student_id);

create table if not exists public.class_teachers (
  class_id    uuid not null references public.classes (id) on delete cascade,
  user_id     uuid not null references public.profiles (id) on delete cascade,
  created_at  timestamptz not null default now(),
  primary key (class_id, user_id)
);

comment on table public.class_teachers is
  'The teachers (담당 교사) an organisation''s class is assigned to: members of the class''s organisation. '
  'Owners and managers assign them through the API (service connection); members of the organisation read them.';

create index if not exists class_teachers_user_id_idx on public.class_teachers (user_id);

alter table public.analysis_sessions
  add column if not exists class_id uuid references public.classes (id) on delete set null;
comment on column public.analysis_sessions.class_id is
  'The class (반) this assignment belongs to (null: none); a class of the session''s owner. API-written.';
create index if not exists analysis_sessions_class_id_idx on public.analysis_sessions (class_id);

alter table public.essay_submissions
  add column if not exists roster_student_id uuid references public.students (id) on delete set null;
comment on column public.essay_submissions.roster_student_id is
  'The student (public.students) this answer is by (null: not linked). Linked by the API from the '
  '수험번호, then the exact name, within the session''s class, or chosen by the teacher; a student of '
  'the answer''s owner. (student_id / student_name are the text as written on the answer.)';
create index if not exists essay_submissions_roster_student_id_idx on public.essay_submissions (roster_student_id);

-- -----------------------------------------------------------------------------
-- Functions: the one access rule (organisations widen it here)
-- Personal rows (org_id null): their owner only. An organisation's rows: its owner
-- and managers see all of them; a teacher sees the classes assigned to them
-- (class_teachers) and the ones they made, the students they added or enrolled in
-- such a class, and the assignments they made or of such a class. Access ends the
-- moment the membership does (the helpers read org_members every time).
-- -----------------------------------------------------------------------------
create or replace function private.can_access_class(p_class_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.classes c
     where c.id = p_class_id
       and (
         (c.org_id is null and c.user_id = (select auth.uid()))
         or exists (
           select 1 from public.org_members m
            where m.org_id = c.org_id
              and m.user_id = (select auth.uid())
              and (m.role in ('owner', 'manager')
                   or c.user_id = m.user_id
                   or exists (select 1 from public.class_teachers t where t.class_id = c.id and t.user_id = m.user_id)))
       )
  );
$$;

comment on function private.can_access_class(uuid) is
  'True when the caller may read and change the class: its owner (personal), or for an organisation''s class '
  'its owner and managers, the teacher who made it and the teachers assigned to it. Every class policy uses it.';
revoke execute on function private.can_access_class(uuid) from public, anon;
grant execute on function private.can_access_class(uuid) to authenticated, service_role;

create or replace function private.can_access_student(p_student_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.students s
     where s.id = p_student_id
       and (
         (s.org_id is null and s.user_id = (select auth.uid()))
         or exists (
           select 1 from public.org_members m
            where m.org_id = s.org_id
              and m.user_id = (select auth.uid())
              and (m.role in ('owner', 'manager')
                   or s.user_id = m.user_id
                   or exists (select 1 from public.class_students cs
                               where cs.student_id = s.id and private.can_access_class(cs.class_id))))
       )
  );
$$;

comment on function private.can_access_student(uuid) is
  'True when the caller may read and change the student: its owner (personal), or for an organisation''s '
  'student its owner and managers, the teacher who added it and the teachers of a class it is enrolled in.';
revoke execute on function private.can_access_student(uuid) from public, anon;
grant execute on function private.can_access_student(uuid) to authenticated, service_role;

-- Widens the grading migration's owner-only rule to organisations (the same signature, so its policies follow).
create or replace function private.can_access_session(p_session_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.analysis_sessions s
     where s.id = p_session_id
       and (
         s.user_id = (select auth.uid())
         or exists (
           select 1 from public.org_members m
            where m.org_id = s.org_id
              and m.user_id = (select auth.uid())
              and (m.role in ('owner', 'manager')
                   or (s.class_id is not null and private.can_access_class(s.class_id))))
       )
  );
$$;

comment on function private.can_access_session(uuid) is
  'True when the caller may read the assignment, its answers and results: its owner, or for an organisation''s '
  'assignment the organisation''s owner and managers and the teachers who can access its class.';
revoke execute on function private.can_access_session(uuid) from public, anon;
grant execute on function private.can_access_session(uuid) to authenticated, service_role;

-- Links stay within one space: a personal row links to rows of the same owner's personal space,
-- an organisation's row to rows of the same organisation (whoever made them).
create or replace function private.check_class_links()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_class public.classes;
  v_student public.students;
  v_org uuid;
begin
  if tg_table_name = 'class_students' then
    select * into v_class from public.classes c where c.id = new.class_id;
    select * into v_student from public.students s where s.id = new.student_id;
    if v_class.org_id is distinct from v_student.org_id
       or (v_class.org_id is null and v_class.user_id is distinct from v_student.user_id) then
      raise exception 'a class and its students belong to one owner or one organisation' using errcode = '23514';
    end if;
  elsif tg_table_name = 'analysis_sessions' then
    if new.class_id is not null then
      select * into v_class from public.classes c where c.id = new.class_id;
      if v_class.org_id is distinct from new.org_id
         or (new.org_id is null and v_class.user_id is distinct from new.user_id) then
        raise exception 'an assignment belongs to a class of its owner or its organisation' using errcode = '23514';
      end if;
    end if;
  elsif tg_table_name = 'essay_submissions' then
    if new.roster_student_id is not null then
      select * into v_student from public.students s where s.id = new.roster_student_id;
      select s.org_id into v_org from public.analysis_sessions s where s.id = new.session_id;
      if v_student.org_id is distinct from v_org
         or (v_org is null and v_student.user_id is distinct from new.user_id) then
        raise exception 'an answer belongs to a student of its owner or its organisation' using errcode = '23514';
      end if;
    end if;
  elsif tg_table_name = 'class_teachers' then
    select * into v_class from public.classes c where c.id = new.class_id;
    if v_class.org_id is null
       or not exists (select 1 from public.org_members m where m.org_id = v_class.org_id and m.user_id = new.user_id) then
      raise exception 'a class is assigned to members of its organisation only' using errcode = '23514';
    end if;
  end if;
  return new;
end;
$$;

revoke execute on function private.check_class_links() from public, anon, authenticated;

drop trigger if exists class_students_same_owner on public.class_students;
create trigger class_students_same_owner
  before insert or update on public.class_students
  for each row execute function private.check_class_links();

-- (Not on org_id: the API never moves an assignment between spaces, and an organisation's
-- deletion sets its assignments' and classes' org_id null one table after the other.)
drop trigger if exists analysis_sessions_class_owner on public.analysis_sessions;
create trigger analysis_sessions_class_owner
  before insert or update of class_id, user_id on public.analysis_sessions
  for each row execute function private.check_class_links();

drop trigger if exists essay_submissions_student_owner on public.essay_submissions;
create trigger essay_submissions_student_owner
  before insert or update of roster_student_id, user_id on public.essay_submissions
  for each row execute function private.check_class_links();

drop trigger if exists class_teachers_same_org on public.class_teachers;
create trigger class_teachers_same_org
  before insert or update on public.class_teachers
  for each row execute function private.check_class_links();

drop trigger if exists classes_set_updated_at on public.classes;
create trigger classes_set_updated_at
  before update on public.classes
  for each row execute function private.set_updated_at();

drop trigger if exists students_set_updated_at on public.students;
create trigger students_set_updated_at
  before update on public.students
  for each row execute function private.set_updated_at();

-- -----------------------------------------------------------------------------
-- Privileges: owners read and write their classes, students and enrolments, and
-- an organisation's members those they can access (the owner column cannot be
-- changed); an answer's student is chosen by the owner. A class or student may be
-- made in an organisation's space (org_id) by its members only (the policies).
-- Class assignments (class_teachers) are written by the API (owners and managers).
-- The writer may choose a new row's id: the policies read a row through the helpers,
-- which look it up by id and cannot see a row the same statement inserts, so
-- `insert … returning` is refused; the API inserts with an id it made, then reads it.
-- -----------------------------------------------------------------------------
revoke all on public.classes from anon, authenticated;
grant select, delete on public.classes to authenticated;
grant insert (id, name, grade, subject, term, org_id) on public.classes to authenticated;
grant update (name, grade, subject, term) on public.classes to authenticated;
grant all on public.classes to service_role;

revoke all on public.students from anon, authenticated;
grant select, delete on public.students to authenticated;
grant insert (id, exam_number, name, notes, org_id) on public.students to authenticated;
grant update (exam_number, name, notes) on public.students to authenticated;
grant all on public.students to service_role;

revoke all on public.class_students from anon, authenticated;
grant select, delete on public.class_students to authenticated;
grant insert (class_id, student_id, seat_number) on public.class_students to authenticated;
grant update (seat_number) on public.class_students to authenticated;
grant all on public.class_students to service_role;

revoke all on public.class_teachers from anon, authenticated;
grant select on public.class_teachers to authenticated;
grant all on public.class_teachers to service_role;

grant update (roster_student_id) on public.essay_submissions to authenticated;

-- -----------------------------------------------------------------------------
-- RLS
-- -----------------------------------------------------------------------------
alter table public.classes enable row level security;
alter table public.students enable row level security;
alter table public.class_students enable row level security;
alter table public.class_teachers enable row level security;

-- A new row is the writer's, in their personal space or an organisation they belong to.
drop policy if exists "class owners manage their classes" on public.classes;
drop policy if exists "class owners read their classes" on public.classes;
create policy "class owners read their classes" on public.classes
  for select to authenticated
  using (private.can_access_class(id));

drop policy if exists "class owners add classes" on public.classes;
create policy "class owners add classes" on public.classes
  for insert to authenticated
  with check (user_id = (select auth.uid()) and (org_id is null or private.is_org_member(org_id)));

drop policy if exists "class owners change their classes" on public.classes;
create policy "class owners change their classes" on public.classes
  for update to authenticated
  using (private.can_access_class(id))
  with check (private.can_access_class(id));

-- An organisation's class is deleted by its owner and managers or the teacher who made it.
drop policy if exists "class owners delete their classes" on public.classes;
create policy "class owners delete their classes" on public.classes
  for delete to authenticated
  using (private.can_access_class(id) and (user_id = (select auth.uid()) or private.org_role(org_id) in ('owner', 'manager')));

drop policy if exists "student owners manage their students" on public.students;
drop policy if exists "student owners read their students" on public.students;
create policy "student owners read their students" on public.students
  for select to authenticated
  using (private.can_access_student(id));

drop policy if exists "student owners add students" on public.students;
create policy "student owners add students" on public.students
  for insert to authenticated
  with check (user_id = (select auth.uid()) and (org_id is null or private.is_org_member(org_id)));

drop policy if exists "student owners change their students" on public.students;
create policy "student owners change their students" on public.students
  for update to authenticated
  using (private.can_access_student(id))
  with check (private.can_access_student(id));

drop policy if exists "student owners delete their students" on public.students;
create policy "student owners delete their students" on public.students
  for delete to authenticated
  using (private.can_access_student(id) and (user_id = (select auth.uid()) or private.org_role(org_id) in ('owner', 'manager')));

drop policy if exists "class owners manage enrolments" on public.class_students;
create policy "class owners manage enrolments" on public.class_students
  for all to authenticated
  using (private.can_access_class(class_id))
  with check (private.can_access_class(class_id) and private.can_access_student(student_id));

drop policy if exists "members read class assignments" on public.class_teachers;
create policy "members read class assignments" on public.class_teachers
  for select to authenticated
  using (private.can_access_class(class_id));
