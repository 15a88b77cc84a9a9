-- =============================================================================
-- Intake: students hand in drafts of an assignment through a link, identified
-- by a personal student code, without an account (the revision loop).
-- An intake link belongs to one assignment (session) of a class: the SHA-256
-- of its 32-byte random token, a deadline, how many drafts a student may hand
-- in (max_drafts) and when results are released ('immediate', or
-- 'after_review': only after the teacher's 검토 완료). A student code belongs
-- to one student: the SHA-256 of 8 characters from an alphabet without
-- 0/O/1/I/L (shown once when issued), revocable; a student holds at most one
-- live code. A draft is an answer (essay_submissions) handed in through a
-- link: its student, its number per (assignment, student) and whether the
-- teacher hid it from the student.
-- Everything here is written by the API's service connection only (tokens,
-- codes and drafts are made there); owners read their rows without the hashes
-- (RLS through private.can_access_session / can_access_student, so an organisation's
-- owner and managers read its assignments' links and drafts); anon reads nothing.
-- Leaving an organisation (the end of this file) hands the leaver's organisation rows to its owner.
-- =============================================================================

-- -----------------------------------------------------------------------------
-- Tables
-- -----------------------------------------------------------------------------
create table if not exists public.intake_links (
  id          uuid primary key default gen_random_uuid(),
  session_id  uuid not null unique references public.analysis_sessions (id) on delete cascade,
  user_id     uuid not null references public.profiles (id) on delete cascade,
  token_hash  bytea not null unique constraint intake_links_token_hash_check check (octet_length(token_hash) = 32),
  deadline    timestamptz not null,
  max_drafts  integer not null default 2 constraint intake_links_max_drafts_check check (max_drafts between 1 and 10),
  release     text not null default 'after_review'
                constraint intake_links_release_check check (release in ('immediate', 'after_review')),
  closed_at   timestamptz,
  quota_refused_at timestamptz,
  created_at  timestamptz not null default now(),
  updated_at  timestamptz not null default now()
);

comment on table public.intake_links is
  'The submission link (학생 제출 받기) of one assignment: token_hash = sha256 of the 32-byte random token '
  'in the link (never stored). Open while closed_at is null and deadline > now(). Written by the API '
  'only; the owner reads it without the hash.';
comment on column public.intake_links.release is
  'When a student sees a draft''s result: immediate, or after_review (once the teacher completed the review).';
comment on column public.intake_links.quota_refused_at is
  'When a student''s draft was last refused because the teacher''s uses ran out (the teacher''s notice); null: never.';

create index if not exists intake_links_user_id_idx on public.intake_links (user_id);

create table if not exists public.student_codes (
  id          uuid primary key default gen_random_uuid(),
  student_id  uuid not null references public.students (id) on delete cascade,
  user_id     uuid not null references public.profiles (id) on delete cascade,
  code_hash   bytea not null unique constraint student_codes_code_hash_check check (octet_length(code_hash) = 32),
  issued_at   timestamptz not null default now(),
  revoked_at  timestamptz
);

comment on table public.student_codes is
  'A student''s personal code for intake links: code_hash = sha256 of the 8-character code (alphabet '
  'without 0/O/1/I/L; shown once when issued). Live while revoked_at is null; at most one live code per '
  'student. Written by the API only; the owner reads it without the hash.';

create unique index if not exists student_codes_live_idx on public.student_codes (student_id) where revoked_at is null;
create index if not exists student_codes_student_id_idx on public.student_codes (student_id, issued_at desc);
create index if not exists student_codes_user_id_idx on public.student_codes (user_id);

create table if not exists public.essay_drafts (
  submission_id  uuid primary key references public.essay_submissions (id) on delete cascade,
  intake_id      uuid not null references public.intake_links (id) on delete cascade,
  session_id     uuid not null references public.analysis_sessions (id) on delete cascade,
  student_id     uuid not null references public.students (id) on delete cascade,
  user_id        uuid not null references public.profiles (id) on delete cascade,
  draft_number   integer not null constraint essay_drafts_draft_number_check check (draft_number between 1 and 10),
  hidden         boolean not null default false,
  created_at     timestamptz not null default now(),
  constraint essay_drafts_number_unique unique (session_id, student_id, draft_number)
);

comment on table public.essay_drafts is
  'An answer handed in by a student through an intake link: its student, its draft number (1, 2, … per '
  'assignment and student) and whether the teacher hid it from the student. Written by the API only.';

create index if not exists essay_drafts_intake_id_idx on public.essay_drafts (intake_id, created_at);
create index if not exists essay_drafts_student_id_idx on public.essay_drafts (student_id, session_id, draft_number);
create index if not exists essay_drafts_user_id_idx on public.essay_drafts (user_id);

-- -----------------------------------------------------------------------------
-- Triggers: every link stays within one owner (an organisation's draft: its student is the organisation's)
-- -----------------------------------------------------------------------------
create or replace function private.check_intake_links()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_org uuid;
  v_student_owner uuid;
  v_student_org uuid;
begin
  if tg_table_name = 'intake_links' then
    if (select s.user_id from public.analysis_sessions s where s.id = new.session_id) is distinct from new.user_id then
      raise exception 'an intake link belongs to its assignment''s owner' using errcode = '23514';
    end if;
  elsif tg_table_name = 'student_codes' then
    if (select s.user_id from public.students s where s.id = new.student_id) is distinct from new.user_id then
      raise exception 'a student code belongs to its student''s owner' using errcode = '23514';
    end if;
  elsif tg_table_name = 'essay_drafts' then
    -- the student: the owner's (a personal assignment) or of the assignment's organisation
    select s.org_id into v_org from public.analysis_sessions s where s.id = new.session_id;
    select st.user_id, st.org_id into v_student_owner, v_student_org from public.students st where st.id = new.student_id;
    if (select e.user_id from public.essay_submissions e where e.id = new.submission_id and e.session_id = new.session_id)
         is distinct from new.user_id
       or (select l.session_id from public.intake_links l where l.id = new.intake_id) is distinct from new.session_id
       or v_student_org is distinct from v_org
       or (v_org is null and v_student_owner is distinct from new.user_id) then
      raise exception 'a draft, its link, its answer and its student belong to one owner or one organisation' using errcode = '23514';
    end if;
  end if;
  return new;
end;
$$;

revoke execute on function private.check_intake_links() from public, anon, authenticated;

drop trigger if exists intake_links_same_owner on public.intake_links;
create trigger intake_links_same_owner
  before insert or update of session_id, user_id on public.intake_links
  for each row execute function private.check_intake_links();

drop trigger if exists student_codes_same_owner on public.student_codes;
create trigger student_codes_same_owner
  before insert or update of student_id, user_id on public.student_codes
  for each row execute function private.check_intake_links();

drop trigger if exists essay_drafts_same_owner on public.essay_drafts;
create trigger essay_drafts_same_owner
  before insert or update of submission_id, intake_id, session_id, student_id, user_id on public.essay_drafts
  for each row execute function private.check_intake_links();

drop trigger if exists intake_links_set_updated_at on public.intake_links;
create trigger intake_links_set_updated_at
  before update on public.intake_links
  for each row execute function private.set_updated_at();

-- -----------------------------------------------------------------------------
-- Privileges: the service connection writes; owners read (never the hashes)
-- -----------------------------------------------------------------------------
revoke all on public.intake_links from anon, authenticated;
grant select (id, session_id, user_id, deadline, max_drafts, release, closed_at, quota_refused_at, created_at, updated_at)
  on public.intake_links to authenticated;
grant all on public.intake_links to service_role;

revoke all on public.student_codes from anon, authenticated;
grant select (id, student_id, user_id, issued_at, revoked_at) on public.student_codes to authenticated;
grant all on public.student_codes to service_role;

revoke all on public.essay_drafts from anon, authenticated;
grant select on public.essay_drafts to authenticated;
grant all on public.essay_drafts to service_role;

-- -----------------------------------------------------------------------------
-- RLS
-- -----------------------------------------------------------------------------
alter table public.intake_links enable row level security;
alter table public.student_codes enable row level security;
alter table public.essay_drafts enable row level security;

drop policy if exists "owners read their intake links" on public.intake_links;
create policy "owners read their intake links" on public.intake_links
  for select to authenticated
  using (private.can_access_session(session_id));

drop policy if exists "owners read their students' codes" on public.student_codes;
create policy "owners read their students' codes" on public.student_codes
  for select to authenticated
  using (private.can_access_student(student_id));

drop policy if exists "owners read their students' drafts" on public.essay_drafts;
create policy "owners read their students' drafts" on public.essay_drafts
  for select to authenticated
  using (private.can_access_student(student_id) and private.can_access_session(session_id));

-- -----------------------------------------------------------------------------
-- Leaving an organisation: its classes, students, assignments (with their answers,
-- anchors, refused answers and share links), intake links, codes and drafts that the
-- leaver owned pass to the organisation's owner, and the leaver's class assignments
-- (class_teachers) end; nothing is deleted, and personal rows (org_id null) stay the
-- leaver's. Stored originals keep their names (the uploading teacher's folder).
-- Nothing passes when the leaver is the owner, or the organisation itself is going.
-- Account deletion removes the membership first (the API), so this runs before the cascade.
-- -----------------------------------------------------------------------------
create or replace function private.reassign_org_rows(p_org_id uuid, p_user_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_owner uuid;
begin
  select m.user_id into v_owner from public.org_members m where m.org_id = p_org_id and m.role = 'owner';
  if v_owner is null or v_owner = p_user_id then
    return;
  end if;
  update public.classes set user_id = v_owner where org_id = p_org_id and user_id = p_user_id;
  update public.students set user_id = v_owner where org_id = p_org_id and user_id = p_user_id;
  update public.student_codes c set user_id = v_owner
    from public.students st where st.id = c.student_id and st.org_id = p_org_id and c.user_id = p_user_id;
  update public.analysis_sessions set user_id = v_owner where org_id = p_org_id and user_id = p_user_id;
  update public.essay_submissions e set user_id = v_owner
    from public.analysis_sessions s where s.id = e.session_id and s.org_id = p_org_id and e.user_id = p_user_id;
  update public.session_anchors a set user_id = v_owner
    from public.analysis_sessions s where s.id = a.session_id and s.org_id = p_org_id and a.user_id = p_user_id;
  update public.refused_answers r set user_id = v_owner
    from public.analysis_sessions s where s.id = r.session_id and s.org_id = p_org_id and r.user_id = p_user_id;
  update public.report_shares sh set user_id = v_owner
    from public.essay_submissions e join public.analysis_sessions s on s.id = e.session_id
   where e.id = sh.submission_id and s.org_id = p_org_id and sh.user_id = p_user_id;
  update public.intake_links l set user_id = v_owner
    from public.analysis_sessions s where s.id = l.session_id and s.org_id = p_org_id and l.user_id = p_user_id;
  update public.essay_drafts d set user_id = v_owner
    from public.analysis_sessions s where s.id = d.session_id and s.org_id = p_org_id and d.user_id = p_user_id;
  delete from public.class_teachers t using public.classes c
   where c.id = t.class_id and c.org_id = p_org_id and t.user_id = p_user_id;
end;
$$;

comment on function private.reassign_org_rows(uuid, uuid) is
  'Hands a leaving member''s rows of the organisation to its owner and ends their class assignments; '
  'called by the org_members delete trigger.';
revoke execute on function private.reassign_org_rows(uuid, uuid) from public, anon, authenticated;

create or replace function private.on_org_member_removed()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.reassign_org_rows(old.org_id, old.user_id);
  return old;
end;
$$;

revoke execute on function private.on_org_member_removed() from public, anon, authenticated;

drop trigger if exists org_members_reassign_on_leave on public.org_members;
create trigger org_members_reassign_on_leave
  after delete on public.org_members
  for each row execute function private.on_org_member_removed();
