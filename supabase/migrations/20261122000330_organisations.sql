-- =============================================================================
-- Organisations (기관): a 학원 or a school department with several teachers.
-- ("Workspace" names the grading screen, so this is an organisation throughout.)
-- A member (never a guest) creates one and is its owner; owners and managers
-- invite teachers by email or a one-time link (the token stored hashed). A
-- person belongs to at most one organisation besides their personal space.
-- Roles: owner (exactly one), manager, teacher.
-- Membership decides access: private.is_org_member(id) and private.org_role(id)
-- are the helpers every organisation-wide policy uses. Organisation rows are
-- written by the API's service connection only (roles, seats and invitations
-- are checked there and here); members read their organisation and its members.
-- An assignment (analysis_sessions.org_id) made in an organisation's space
-- belongs to it (null: the teacher's personal space).
-- =============================================================================

-- -----------------------------------------------------------------------------
-- Tables
-- -----------------------------------------------------------------------------
create table if not exists public.organisations (
  id          uuid primary key default gen_random_uuid(),
  name        text not null
                constraint organisations_name_check check (private.is_trimmed_text(name, 50) and name is nfc normalized),
  created_by  uuid references public.profiles (id) on delete set null,
  created_at  timestamptz not null default now(),
  updated_at  timestamptz not null default now()
);

comment on table public.organisations is
  'An organisation (기관: 학원, 학교): a name (1–50 characters). Members read it; the service connection writes it.';

create table if not exists public.org_members (
  org_id       uuid not null references public.organisations (id) on delete cascade,
  user_id      uuid not null references public.profiles (id) on delete cascade,
  role         text not null check (role in ('owner', 'manager', 'teacher')),
  -- an optional monthly cap on this member's gradings from the organisation's pooled quota
  monthly_cap  integer check (monthly_cap is null or monthly_cap >= 0),
  created_at   timestamptz not null default now(),
  primary key (org_id, user_id),
  -- at most one organisation per person (besides the personal space)
  constraint org_members_one_org unique (user_id)
);

comment on table public.org_members is
  'Membership of an organisation with its role (owner, manager, teacher) and an optional monthly cap '
  'on gradings from the pooled quota. One organisation per person; one owner per organisation.';

create unique index if not exists org_members_one_owner on public.org_members (org_id) where role = 'owner';

create table if not exists public.org_invitations (
  id           uuid primary key default gen_random_uuid(),
  org_id       uuid not null references public.organisations (id) on delete cascade,
  -- the address it was mailed to (null: a link handed over by other means)
  email        text check (email is null or (char_length(email) between 3 and 320 and email = lower(email))),
  role         text not null check (role in ('manager', 'teacher')),
  -- SHA-256 (hex) of the one-time token; the token itself is shown once
  token_hash   text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  invited_by   uuid references public.profiles (id) on delete set null,
  expires_at   timestamptz not null,
  revoked_at   timestamptz,
  accepted_at  timestamptz,
  accepted_by  uuid references public.profiles (id) on delete set null,
  created_at   timestamptz not null default now()
);

comment on table public.org_invitations is
  'An invitation to an organisation: one-time token (hashed), role, optional email, expiry; revoked or '
  'accepted once. Owners and managers read their organisation''s (without the hash); the service writes.';

create index if not exists org_invitations_org_idx on public.org_invitations (org_id, created_at desc);
create index if not exists org_invitations_invited_by_idx on public.org_invitations (invited_by);
create index if not exists org_invitations_accepted_by_idx on public.org_invitations (accepted_by);
create index if not exists organisations_created_by_idx on public.organisations (created_by);

alter table public.analysis_sessions
  add column if not exists org_id uuid references public.organisations (id) on delete set null;
comment on column public.analysis_sessions.org_id is
  'The organisation whose space this assignment was made in (null: the teacher''s personal space). API-written.';
create index if not exists analysis_sessions_org_id_idx on public.analysis_sessions (org_id);

-- -----------------------------------------------------------------------------
-- Functions: the membership rules every organisation-wide policy uses
-- -----------------------------------------------------------------------------
create or replace function private.is_org_member(p_org_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.org_members m
     where m.org_id = p_org_id
       and m.user_id = (select auth.uid())
  );
$$;

comment on function private.is_org_member(uuid) is 'True when the caller is a member (any role) of the organisation.';
revoke execute on function private.is_org_member(uuid) from public, anon;
grant execute on function private.is_org_member(uuid) to authenticated, service_role;

create or replace function private.org_role(p_org_id uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select m.role from public.org_members m
   where m.org_id = p_org_id
     and m.user_id = (select auth.uid());
$$;

comment on function private.org_role(uuid) is
  'The caller''s role in the organisation (owner, manager, teacher), null when not a member.';
revoke execute on function private.org_role(uuid) from public, anon;
grant execute on function private.org_role(uuid) to authenticated, service_role;

-- Seats: an organisation's plan is its owner's plan in force; its seats are that plan's max_users.
-- Members fill seats (pending invitations do not).
create or replace function private.org_seats(p_org_id uuid)
returns table (used integer, max_seats integer, plan_id text, plan_name text)
language sql
stable
security definer
set search_path = ''
as $$
  select (select count(*)::integer from public.org_members m where m.org_id = p_org_id),
         coalesce(pl.max_users, 1),
         pl.id,
         pl.name
    from public.org_members o
    left join public.subscription_plans pl on pl.id = private.effective_plan_id(o.user_id)
   where o.org_id = p_org_id and o.role = 'owner';
$$;

comment on function private.org_seats(uuid) is
  'Seats of an organisation: members (used), the owner''s plan in force max_users (max_seats), and that plan.';
revoke execute on function private.org_seats(uuid) from public, anon, authenticated;
grant execute on function private.org_seats(uuid) to service_role;

-- Guests (anonymous sign-ins) neither create nor join an organisation, whatever writes the row;
-- a new member needs a free seat, counted with the organisation's row locked (concurrent joins
-- queue on it, so the last seat goes to exactly one of them).
create or replace function private.check_org_member()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_used integer;
  v_max integer;
begin
  if (select p.is_guest from public.profiles p where p.id = new.user_id) then
    raise exception 'a guest cannot join an organisation' using errcode = '23514';
  end if;
  if tg_op = 'INSERT' and new.role <> 'owner' then
    perform 1 from public.organisations o where o.id = new.org_id for update;
    select s.used, s.max_seats into v_used, v_max from private.org_seats(new.org_id) s;
    if v_used >= coalesce(v_max, 1) then
      raise exception 'org_full' using errcode = 'P0001', detail = 'every seat of the organisation is taken';
    end if;
  end if;
  return new;
end;
$$;

revoke execute on function private.check_org_member() from public, anon, authenticated;

-- The owner leaves last: while other members remain, the owner's row goes only by a transfer
-- (an update of its role) or with the whole organisation; the owner leaving alone takes the
-- organisation with them.
create or replace function private.check_org_owner_leaves()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.role = 'owner'
     and exists (select 1 from public.organisations o where o.id = old.org_id)
     and exists (select 1 from public.org_members m where m.org_id = old.org_id and m.user_id <> old.user_id) then
    raise exception 'org_owner_has_members' using errcode = 'P0001',
      detail = 'transfer the ownership before the owner leaves';
  end if;
  return old;
end;
$$;

revoke execute on function private.check_org_owner_leaves() from public, anon, authenticated;

create or replace function private.drop_empty_org()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.role = 'owner' and not exists (select 1 from public.org_members m where m.org_id = old.org_id) then
    delete from public.organisations o where o.id = old.org_id;
  end if;
  return null;
end;
$$;

revoke execute on function private.drop_empty_org() from public, anon, authenticated;

drop trigger if exists org_members_owner_leaves_last on public.org_members;
create trigger org_members_owner_leaves_last
  before delete on public.org_members
  for each row execute function private.check_org_owner_leaves();

drop trigger if exists org_members_drop_empty_org on public.org_members;
create trigger org_members_drop_empty_org
  after delete on public.org_members
  for each row execute function private.drop_empty_org();

drop trigger if exists org_members_no_guests on public.org_members;
create trigger org_members_no_guests
  before insert or update of user_id on public.org_members
  for each row execute function private.check_org_member();

drop trigger if exists organisations_set_updated_at on public.organisations;
create trigger organisations_set_updated_at
  before update on public.organisations
  for each row execute function private.set_updated_at();

-- -----------------------------------------------------------------------------
-- Privileges: members read; the service connection writes
-- -----------------------------------------------------------------------------
revoke all on public.organisations from anon, authenticated;
grant select on public.organisations to authenticated;
grant all on public.organisations to service_role;

revoke all on public.org_members from anon, authenticated;
grant select on public.org_members to authenticated;
grant all on public.org_members to service_role;

revoke all on public.org_invitations from anon, authenticated;
grant select (id, org_id, email, role, invited_by, expires_at, revoked_at, accepted_at, accepted_by, created_at)
  on public.org_invitations to authenticated;
grant all on public.org_invitations to service_role;

-- -----------------------------------------------------------------------------
-- RLS
-- -----------------------------------------------------------------------------
alter table public.organisations enable row level security;
alter table public.org_members enable row level security;
alter table public.org_invitations enable row level security;

drop policy if exists "members read their organisation" on public.organisations;
create policy "members read their organisation" on public.organisations
  for select to authenticated
  using (private.is_org_member(id));

drop policy if exists "members read their organisation's members" on public.org_members;
create policy "members read their organisation's members" on public.org_members
  for select to authenticated
  using (private.is_org_member(org_id));

drop policy if exists "owners and managers read invitations" on public.org_invitations;
create policy "owners and managers read invitations" on public.org_invitations
  for select to authenticated
  using (private.org_role(org_id) in ('owner', 'manager'));
