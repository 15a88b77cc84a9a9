-- =============================================================================
-- Profiles: one row per auth.users row, plus the non-exposed `private` schema
-- that holds every helper used by RLS policies and triggers.
--
-- Privilege model (used by every later migration):
--   * RLS is enabled on every table in `public`.
--   * Table privileges for `anon` / `authenticated` are revoked and re-granted
--     narrowly (column-level where users may touch only some columns), so a
--     column that is not granted cannot be written by any policy.
--   * Writes that need privilege (plans of a user, usage counts, job columns,
--     payments, results, admin flags) are done by the API with the service
--     connection (`postgres` / `service_role`).
-- =============================================================================

-- -----------------------------------------------------------------------------
-- Schema `private` (never exposed through the Data API)
-- -----------------------------------------------------------------------------
create schema if not exists private;
revoke all on schema private from public;
grant usage on schema private to authenticated, service_role;

comment on schema private is
  'Helpers for RLS policies and triggers. Not exposed through the Data API; '
  'functions are security definer with search_path = '''' and granted narrowly.';

-- -----------------------------------------------------------------------------
-- Generic trigger functions
-- -----------------------------------------------------------------------------

/**
 * Trigger: keeps `updated_at` current on every UPDATE.
 */
create or replace function private.set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;
revoke execute on function private.set_updated_at() from public, anon, authenticated;

-- -----------------------------------------------------------------------------
-- Tables
-- -----------------------------------------------------------------------------
create table if not exists public.profiles (
  id                        uuid primary key references auth.users (id) on delete cascade,
  username                  text not null unique,
  email                     text unique,
  display_name              text check (display_name is null or char_length(display_name) <= 100),
  is_admin                  boolean not null default false,
  is_guest                  boolean not null default false,
  guest_usage_count         integer not null default 0 check (guest_usage_count >= 0),
  stripe_customer_id        text,
  stripe_subscription_id    text,
  stripe_payment_intent_id  text,
  created_at                timestamptz not null default now(),
  updated_at                timestamptz not null default now(),
  last_login_at             timestamptz
);

comment on table public.profiles is
  'Application user, 1:1 with auth.users (created by private.handle_new_user).';
comment on column public.profiles.username is
  'Login name (3-50 of [A-Za-z0-9_] for members, validated by the API); guests get guest_<12 hex>.';
comment on column public.profiles.email is
  'Copy of auth.users.email, kept in sync by trigger; null for guests (anonymous users).';
comment on column public.profiles.is_admin is
  'Administrator flag. Only the service connection can change it (column not granted + guard trigger).';
comment on column public.profiles.is_guest is
  'True for Supabase anonymous users (auth.users.is_anonymous).';
comment on column public.profiles.guest_usage_count is
  'Essays graded by a guest (free tier: 3). Changed only by the service connection.';
comment on column public.profiles.stripe_customer_id is
  'Legacy field from the original product (payments now use Toss); kept for compatibility.';
comment on column public.profiles.last_login_at is
  'Set by the API on each successful login.';

-- -----------------------------------------------------------------------------
-- Helper functions
-- -----------------------------------------------------------------------------

/**
 * True when the caller (auth.uid()) is an administrator.
 * Security definer so it can read profiles without tripping RLS recursion.
 */
create or replace function private.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select p.is_admin from public.profiles p where p.id = (select auth.uid())),
    false
  );
$$;
revoke execute on function private.is_admin() from public, anon;
grant execute on function private.is_admin() to authenticated, service_role;

/**
 * True when the current database role is an end-user role (anon / authenticated)
 * rather than a privileged connection (postgres, service_role, or a security
 * definer function owned by postgres).
 */
create or replace function private.is_end_user_role()
returns boolean
language sql
stable
set search_path = ''
as $$
  select current_user in ('anon', 'authenticated');
$$;
revoke execute on function private.is_end_user_role() from public, anon;
grant execute on function private.is_end_user_role() to authenticated, service_role;

/**
 * Trigger: end users may change only display_name / last_login_at of their
 * profile. Second line of defence behind the column-level grants.
 */
create or replace function private.guard_profile_columns()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if private.is_end_user_role() and (
       new.id                       is distinct from old.id
    or new.username                 is distinct from old.username
    or new.email                    is distinct from old.email
    or new.is_admin                 is distinct from old.is_admin
    or new.is_guest                 is distinct from old.is_guest
    or new.guest_usage_count        is distinct from old.guest_usage_count
    or new.stripe_customer_id       is distinct from old.stripe_customer_id
    or new.stripe_subscription_id   is distinct from old.stripe_subscription_id
    or new.stripe_payment_intent_id is distinct from old.stripe_payment_intent_id
    or new.created_at               is distinct from old.created_at
  ) then
    raise exception 'permission denied: protected profile column'
      using errcode = '42501';
  end if;
  return new;
end;
$$;
revoke execute on function private.guard_profile_columns() from public, anon, authenticated;

-- -----------------------------------------------------------------------------
-- Triggers
-- -----------------------------------------------------------------------------
drop trigger if exists profiles_set_updated_at on public.profiles;
create trigger profiles_set_updated_at
  before update on public.profiles
  for each row execute function private.set_updated_at();

drop trigger if exists profiles_guard_columns on public.profiles;
create trigger profiles_guard_columns
  before update on public.profiles
  for each row execute function private.guard_profile_columns();

-- -----------------------------------------------------------------------------
-- Privileges
-- -----------------------------------------------------------------------------
revoke all on public.profiles from anon, authenticated;
grant select on public.profiles to authenticated;
grant update (display_name, last_login_at) on public.profiles to authenticated;
grant all on public.profiles to service_role;

-- -----------------------------------------------------------------------------
-- RLS
-- -----------------------------------------------------------------------------
alter table public.profiles enable row level security;

drop policy if exists "users read their own profile" on public.profiles;
drop policy if exists "users read their own profile; admins read all" on public.profiles;
create policy "users read their own profile; admins read all" on public.profiles
  for select to authenticated
  using (id = (select auth.uid()) or (select private.is_admin()));

drop policy if exists "users update their own profile" on public.profiles;
create policy "users update their own profile" on public.profiles
  for update to authenticated
  using (id = (select auth.uid()))
  with check (id = (select auth.uid()));

-- No insert / delete policies: profiles are created by the auth trigger and
-- removed by the cascade from auth.users.
