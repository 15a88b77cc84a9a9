-- =============================================================================
-- The rubric library (평가 기준 보관함) and the comment bank (코멘트 은행).
-- A rubric is a named set of criteria in the shape a session stores its rubric
-- (analysis_sessions.rubric, checked by private.rubric_is_valid); a saved
-- comment is a teacher's reusable review comment with an optional category
-- (a rubric category, 잘한 점, 고칠 점 …).
-- A row is personal (org_id null: its author alone reads and changes it) or
-- belongs to an organisation (every member reads it; its owner and managers,
-- and its author while a member, change and delete it). Only owners and
-- managers put a rubric into the organisation; any member may share a comment.
-- Writes go through the API as the caller or PostgREST alike: the policies and
-- column grants below are the rules. Guests save nothing, and one author keeps
-- at most 200 rubrics and 1,000 comments (a trigger, whatever writes the row).
-- A withdrawn author's personal rows go with the account; rows of an
-- organisation stay with it (author set null). An organisation's rows go with it.
-- =============================================================================

-- -----------------------------------------------------------------------------
-- Tables
-- -----------------------------------------------------------------------------
create table if not exists public.rubrics (
  id           uuid primary key default gen_random_uuid(),
  user_id      uuid default auth.uid() references public.profiles (id) on delete set null,
  org_id       uuid references public.organisations (id) on delete cascade,
  name         text not null
                 constraint rubrics_name_check check (private.is_trimmed_text(name, 50) and name is nfc normalized),
  description  text not null default ''
                 constraint rubrics_description_check check (description = '' or private.is_trimmed_text(description, 300)),
  criteria     jsonb not null
                 constraint rubrics_criteria_check check (private.rubric_is_valid(criteria)),
  created_at   timestamptz not null default now(),
  updated_at   timestamptz not null default now(),
  constraint rubrics_owned check (user_id is not null or org_id is not null)
);

comment on table public.rubrics is
  'A saved rubric (평가 기준): name (1–50), description (≤ 300), criteria as a session stores its rubric. '
  'Personal (org_id null) or an organisation''s; at most 200 per author.';
comment on column public.rubrics.user_id is
  'The author (null: an organisation''s rubric whose author withdrew).';

create table if not exists public.comment_bank (
  id          uuid primary key default gen_random_uuid(),
  user_id     uuid default auth.uid() references public.profiles (id) on delete set null,
  org_id      uuid references public.organisations (id) on delete cascade,
  text        text not null
                constraint comment_bank_text_check check (private.is_trimmed_text(text, 500) and text is nfc normalized),
  category    text
                constraint comment_bank_category_check check (category is null or private.is_trimmed_text(category, 40)),
  created_at  timestamptz not null default now(),
  constraint comment_bank_owned check (user_id is not null or org_id is not null)
);

comment on table public.comment_bank is
  'A saved review comment (코멘트 은행): text (1–500), optional category (≤ 40, e.g. a rubric category, '
  '잘한 점, 고칠 점). Personal (org_id null) or an organisation''s; at most 1,000 per author.';

-- -----------------------------------------------------------------------------
-- Indexes
-- -----------------------------------------------------------------------------
create index if not exists rubrics_user_id_idx on public.rubrics (user_id, updated_at desc);
create index if not exists rubrics_org_id_idx on public.rubrics (org_id, updated_at desc);
-- one author saves a comment once in a space (★ twice is a 409)
create unique index if not exists comment_bank_unique_text
  on public.comment_bank (user_id, org_id, text) nulls not distinct where user_id is not null;
create index if not exists comment_bank_user_id_idx on public.comment_bank (user_id, created_at desc);
create index if not exists comment_bank_org_id_idx on public.comment_bank (org_id, created_at desc);

-- -----------------------------------------------------------------------------
-- Functions
-- -----------------------------------------------------------------------------
/**
 * True when the caller may change or delete a library row with this
 * organisation and author: its author for a personal row; for an
 * organisation's row its owner and managers, and its author while a member.
 */
create or replace function private.can_edit_library_row(p_org_id uuid, p_user_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when p_org_id is null then p_user_id = (select auth.uid())
    else coalesce(private.org_role(p_org_id) in ('owner', 'manager'), false)
         or (p_user_id = (select auth.uid()) and private.is_org_member(p_org_id))
  end;
$$;

comment on function private.can_edit_library_row(uuid, uuid) is
  'Who changes a rubric or saved comment: the author of a personal row; an organisation''s owner, managers and the author (a member).';
revoke execute on function private.can_edit_library_row(uuid, uuid) from public, anon;
grant execute on function private.can_edit_library_row(uuid, uuid) to authenticated, service_role;

/**
 * Trigger (before insert on rubrics and comment_bank): a guest saves nothing
 * (SQLSTATE 42501), and one author keeps at most 200 rubrics and 1,000
 * comments (SQLSTATE 54000, the API's 409). Counting under a per-author
 * transaction lock, so concurrent saves cannot pass the bound together.
 */
create or replace function private.check_library_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_max integer := case when tg_table_name = 'rubrics' then 200 else 1000 end;
  v_count integer;
begin
  if new.user_id is null then
    return new;
  end if;
  if coalesce((select p.is_guest from public.profiles p where p.id = new.user_id), false) then
    raise exception 'a guest cannot save to the library' using errcode = '42501';
  end if;
  perform pg_advisory_xact_lock(hashtextextended(tg_table_name || ':' || new.user_id::text, 0));
  if tg_table_name = 'rubrics' then
    select count(*) into v_count from public.rubrics r where r.user_id = new.user_id;
  else
    select count(*) into v_count from public.comment_bank c where c.user_id = new.user_id;
  end if;
  if v_count >= v_max then
    raise exception 'library limit reached: % rows', v_max using errcode = '54000';
  end if;
  return new;
end;
$$;

revoke execute on function private.check_library_insert() from public, anon, authenticated;

/**
 * Trigger (before delete on profiles): a withdrawing author's personal rubrics
 * and comments go with the account; an organisation's keep (author set null).
 */
create or replace function private.delete_personal_library()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.rubrics r where r.user_id = old.id and r.org_id is null;
  delete from public.comment_bank c where c.user_id = old.id and c.org_id is null;
  return old;
end;
$$;

revoke execute on function private.delete_personal_library() from public, anon, authenticated;

-- -----------------------------------------------------------------------------
-- Triggers
-- -----------------------------------------------------------------------------
drop trigger if exists rubrics_check_insert on public.rubrics;
create trigger rubrics_check_insert
  before insert on public.rubrics
  for each row execute function private.check_library_insert();

drop trigger if exists comment_bank_check_insert on public.comment_bank;
create trigger comment_bank_check_insert
  before insert on public.comment_bank
  for each row execute function private.check_library_insert();

drop trigger if exists rubrics_set_updated_at on public.rubrics;
create trigger rubrics_set_updated_at
  before update on public.rubrics
  for each row execute function private.set_updated_at();

drop trigger if exists profiles_delete_personal_library on public.profiles;
create trigger profiles_delete_personal_library
  before delete on public.profiles
  for each row execute function private.delete_personal_library();

-- -----------------------------------------------------------------------------
-- Privileges: the author is the caller; the space (org_id) is chosen once;
-- a saved comment is kept or deleted, never rewritten
-- -----------------------------------------------------------------------------
revoke all on public.rubrics from anon, authenticated;
grant select, delete on public.rubrics to authenticated;
grant insert (org_id, name, description, criteria) on public.rubrics to authenticated;
grant update (name, description, criteria) on public.rubrics to authenticated;
grant all on public.rubrics to service_role;

revoke all on public.comment_bank from anon, authenticated;
grant select, delete on public.comment_bank to authenticated;
grant insert (org_id, text, category) on public.comment_bank to authenticated;
grant all on public.comment_bank to service_role;

-- -----------------------------------------------------------------------------
-- RLS
-- -----------------------------------------------------------------------------
alter table public.rubrics enable row level security;
alter table public.comment_bank enable row level security;

drop policy if exists "authors and organisation members read rubrics" on public.rubrics;
create policy "authors and organisation members read rubrics" on public.rubrics
  for select to authenticated
  using (case when org_id is null then user_id = (select auth.uid()) else private.is_org_member(org_id) end);

drop policy if exists "members save rubrics; owners and managers share them" on public.rubrics;
create policy "members save rubrics; owners and managers share them" on public.rubrics
  for insert to authenticated
  with check (
    user_id = (select auth.uid())
    and (org_id is null or coalesce(private.org_role(org_id) in ('owner', 'manager'), false))
  );

drop policy if exists "editors change rubrics" on public.rubrics;
create policy "editors change rubrics" on public.rubrics
  for update to authenticated
  using (private.can_edit_library_row(org_id, user_id))
  with check (private.can_edit_library_row(org_id, user_id));

drop policy if exists "editors delete rubrics" on public.rubrics;
create policy "editors delete rubrics" on public.rubrics
  for delete to authenticated
  using (private.can_edit_library_row(org_id, user_id));

drop policy if exists "authors and organisation members read saved comments" on public.comment_bank;
create policy "authors and organisation members read saved comments" on public.comment_bank
  for select to authenticated
  using (case when org_id is null then user_id = (select auth.uid()) else private.is_org_member(org_id) end);

drop policy if exists "members save comments and share them" on public.comment_bank;
create policy "members save comments and share them" on public.comment_bank
  for insert to authenticated
  with check (user_id = (select auth.uid()) and (org_id is null or private.is_org_member(org_id)));

drop policy if exists "editors delete saved comments" on public.comment_bank;
create policy "editors delete saved comments" on public.comment_bank
  for delete to authenticated
  using (private.can_edit_library_row(org_id, user_id));
