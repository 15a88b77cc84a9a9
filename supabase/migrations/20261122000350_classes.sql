-- =============================================================================
-- Classes (반) and students over a term.
-- A student is one person of the teacher's: a 수험번호 (exam_number) unique
-- among that teacher's students and a name, enrolled in one or more classes
-- (seat_number: an optional 번호 within a class). An assignment (session) may
-- belong to one class; an answer may be linked to one student.
-- Every policy here goes through private.can_access_class / can_access_student,
-- so wider access (an organisation's colleagues) is granted in one place.
-- Owners write their own rows (through the API, which runs as the caller, or
-- PostgREST alike); triggers keep every link within one owner's rows.
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

create table if not exists public.students (
  id           uuid primary key default gen_random_uuid(),
  user_id      uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  exam_number  text not null
                 constraint students_exam_number_check
                 check (private.is_trimmed_text(exam_number, 50) and exam_number is nfc normalized),
  name         text not null
                 constraint students_name_check
                 check (private.is_trimmed_text(name, 50) and name is nfc normalized),
  notes        text not null default ''
                 constraint students_notes_check check (char_length(notes) <= 2000),
  created_at   timestamptz not null default now(),
  updated_at   timestamptz not null default now(),
  constraint students_exam_number_unique unique (user_id, exam_number)
);

comment on table public.students is
  'One student of a teacher''s: 수험번호 (exam_number, unique per owner, NFC, trimmed, 1–50 characters), '
  'name (1–50) and the teacher''s notes (≤ 2,000 characters). Owner-only (RLS).';

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
       and c.user_id = (select auth.uid())
  );
$$;

comment on function private.can_access_class(uuid) is
  'True when the caller may read and change the class (today: its owner). Every class policy uses it.';
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
       and s.user_id = (select auth.uid())
  );
$$;

comment on function private.can_access_student(uuid) is
  'True when the caller may read and change the student (today: its owner). Every student policy uses it.';
revoke execute on function private.can_access_student(uuid) from public, anon;
grant execute on function private.can_access_student(uuid) to authenticated, service_role;

-- Links stay within one owner: an enrolment's class and student, a session's class, an answer's student.
create or replace function private.check_class_links()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_table_name = 'class_students' then
    if (select c.user_id from public.classes c where c.id = new.class_id)
       is distinct from (select s.user_id from public.students s where s.id = new.student_id) then
      raise exception 'a class and its students belong to one owner' using errcode = '23514';
    end if;
  elsif tg_table_name = 'analysis_sessions' then
    if new.class_id is not null
       and (select c.user_id from public.classes c where c.id = new.class_id) is distinct from new.user_id then
      raise exception 'an assignment belongs to a class of its owner' using errcode = '23514';
    end if;
  elsif tg_table_name = 'essay_submissions' then
    if new.roster_student_id is not null
       and (select s.user_id from public.students s where s.id = new.roster_student_id) is distinct from new.user_id then
      raise exception 'an answer belongs to a student of its owner' using errcode = '23514';
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

drop trigger if exists analysis_sessions_class_owner on public.analysis_sessions;
create trigger analysis_sessions_class_owner
  before insert or update of class_id, user_id on public.analysis_sessions
  for each row execute function private.check_class_links();

drop trigger if exists essay_submissions_student_owner on public.essay_submissions;
create trigger essay_submissions_student_owner
  before insert or update of roster_student_id, user_id on public.essay_submissions
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
-- Privileges: owners read and write their classes, students and enrolments
-- (the owner column cannot be changed); an answer's student is chosen by the owner.
-- The writer may choose a new row's id: the policies read a row through the helpers,
-- which look it up by id and cannot see a row the same statement inserts, so
-- `insert … returning` is refused; the API inserts with an id it made, then reads it.
-- -----------------------------------------------------------------------------
revoke all on public.classes from anon, authenticated;
grant select, delete on public.classes to authenticated;
grant insert (id, name, grade, subject, term) on public.classes to authenticated;
grant update (name, grade, subject, term) on public.classes to authenticated;
grant all on public.classes to service_role;

revoke all on public.students from anon, authenticated;
grant select, delete on public.students to authenticated;
grant insert (id, exam_number, name, notes) on public.students to authenticated;
grant update (exam_number, name, notes) on public.students to authenticated;
grant all on public.students to service_role;

revoke all on public.class_students from anon, authenticated;
grant select, delete on public.class_students to authenticated;
grant insert (class_id, student_id, seat_number) on public.class_students to authenticated;
grant update (seat_number) on public.class_students to authenticated;
grant all on public.class_students to service_role;

grant update (roster_student_id) on public.essay_submissions to authenticated;

-- -----------------------------------------------------------------------------
-- RLS
-- -----------------------------------------------------------------------------
alter table public.classes enable row level security;
alter table public.students enable row level security;
alter table public.class_students enable row level security;

drop policy if exists "class owners manage their classes" on public.classes;
create policy "class owners manage their classes" on public.classes
  for all to authenticated
  using (private.can_access_class(id))
  with check (user_id = (select auth.uid()));

drop policy if exists "student owners manage their students" on public.students;
create policy "student owners manage their students" on public.students
  for all to authenticated
  using (private.can_access_student(id))
  with check (user_id = (select auth.uid()));

drop policy if exists "class owners manage enrolments" on public.class_students;
create policy "class owners manage enrolments" on public.class_students
  for all to authenticated
  using (private.can_access_class(class_id))
  with check (private.can_access_class(class_id) and private.can_access_student(student_id));
