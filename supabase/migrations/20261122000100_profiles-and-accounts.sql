-- =============================================================================
-- Profiles and accounts: the non-exposed `private` schema (every helper used
-- by RLS policies and triggers lives there), one public.profiles row per
-- auth.users row, and the triggers on auth.users that create a new user's
-- profile, trial subscription and usage row and keep email / guest flag in sync.
--
-- Privilege model (used by every later migration):
--   * RLS is enabled on every table in `public`.
--   * Table privileges for `anon` / `authenticated` are revoked and re-granted
--     narrowly (column-level where users may touch only some columns), so a
--     column that is not granted cannot be written by any policy.
--   * Writes that need privilege (plans of a user, usage counts, job columns,
--     payments, results, admin flags) are done by the API with the service
--     connection (`postgres` / `service_role`) or by security definer
--     functions in `private` granted to `service_role` only.
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
comment on column public.profiles.last_login_at is
  'Set by the API on each successful login.';

-- -----------------------------------------------------------------------------
-- Indexes
-- -----------------------------------------------------------------------------
-- Usernames are unique regardless of case ("Teacher" and "teacher" are the same
-- account name), so two sign-ups racing with different case cannot both pass.
create unique index if not exists profiles_username_lower_key on public.profiles (lower(username));

-- -----------------------------------------------------------------------------
-- Functions: generic triggers and policy helpers
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
 * Trigger: end users may change only display_name of their profile
 * (last_login_at is written by the API at login). Second line of defence
 * behind the column-level grants.
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
    or new.created_at               is distinct from old.created_at
    or new.last_login_at            is distinct from old.last_login_at
  ) then
    raise exception 'permission denied: protected profile column'
      using errcode = '42501';
  end if;
  return new;
end;
$$;
revoke execute on function private.guard_profile_columns() from public, anon, authenticated;

-- -----------------------------------------------------------------------------
-- Functions: usernames and display names
-- -----------------------------------------------------------------------------

/**
 * True when p_username follows the API's rule: 3–50 characters of
 * [A-Za-z0-9_] (ASCII only, so no homoglyphs or invisible characters).
 */
create or replace function private.is_valid_username(p_username text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(p_username ~ '^[A-Za-z0-9_]{3,50}$', false);
$$;
revoke execute on function private.is_valid_username(text) from public, anon, authenticated;

/**
 * A display name fit for showing: line breaks and tabs become spaces; other
 * control characters, bidirectional
 * overrides / isolates, zero-width and other invisible format characters are
 * removed, surrounding white space is trimmed and the result is capped at 100
 * characters. Empty → null.
 */
create or replace function private.clean_display_name(p_name text)
returns text
language sql
immutable
set search_path = ''
as $$
  select nullif(
    regexp_replace(
      left(
        regexp_replace(
          regexp_replace(
            regexp_replace(coalesce(p_name, ''), '[\u0009-\u000D\u0085\u2028\u2029]', ' ', 'g'),
            '[\u0001-\u001F\u007F-\u009F\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFFB\U000E0000-\U000E007F]',
            '', 'g'),
          '^[\s\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]+|[\s\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]+$',
          '', 'g'),
        100),
      '[\s\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]+$',
      '', 'g'),
    '');
$$;
revoke execute on function private.clean_display_name(text) from public, anon, authenticated;

/**
 * p_value without the white space JavaScript's String.prototype.trim removes
 * at either end (ASCII white space, NBSP, the Unicode space separators, line
 * and paragraph separators, BOM), so a check constraint can hold stored text
 * to the API's trimmed zod rules.
 *   private.js_trim(E'\u3000 이름 ') = '이름'
 */
create or replace function private.js_trim(p_value text)
returns text
language sql
immutable
set search_path = ''
as $$
  select regexp_replace(
    p_value,
    '^[\u0009-\u000D\u0020\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF]+|[\u0009-\u000D\u0020\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF]+$',
    '', 'g');
$$;
-- Check constraints call it with the writer's rights (members write through the Data API).
revoke execute on function private.js_trim(text) from public, anon;
grant execute on function private.js_trim(text) to authenticated, service_role;

/**
 * True when p_value is text the API would store for a trimmed field of at
 * most p_max characters: 1..p_max characters, nothing to trim (null is not
 * valid; wrap in `col is null or …` for optional columns).
 */
create or replace function private.is_trimmed_text(p_value text, p_max integer)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(char_length(p_value) between 1 and p_max and p_value = private.js_trim(p_value), false);
$$;
revoke execute on function private.is_trimmed_text(text, integer) from public, anon;
grant execute on function private.is_trimmed_text(text, integer) to authenticated, service_role;

/**
 * True when p_values has at most p_max_items elements, each one
 * private.is_trimmed_text(element, p_max_len) (no nulls, no blanks).
 */
create or replace function private.are_trimmed_texts(p_values text[], p_max_items integer, p_max_len integer)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(cardinality(p_values) <= p_max_items, false)
     and coalesce((select bool_and(private.is_trimmed_text(v, p_max_len)) from unnest(p_values) as v), true);
$$;
revoke execute on function private.are_trimmed_texts(text[], integer, integer) from public, anon;
grant execute on function private.are_trimmed_texts(text[], integer, integer) to authenticated, service_role;

/** A fresh `<prefix><12 hex>` username that nobody uses (any case). */
create or replace function private.generated_username(p_prefix text)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_name text;
begin
  loop
    v_name := p_prefix || left(replace(gen_random_uuid()::text, '-', ''), 12);
    exit when not exists (select 1 from public.profiles p where lower(p.username) = lower(v_name));
  end loop;
  return v_name;
end;
$$;
revoke execute on function private.generated_username(text) from public, anon, authenticated;

/**
 * Trigger (before insert / update of display_name on public.profiles): keeps
 * every stored display name clean (private.clean_display_name), whoever
 * writes it (private.handle_new_user, the API, or a user through the Data API).
 */
create or replace function private.clean_profile_display_name()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.display_name := private.clean_display_name(new.display_name);
  return new;
end;
$$;
revoke execute on function private.clean_profile_display_name() from public, anon, authenticated;

-- -----------------------------------------------------------------------------
-- Functions: auth.users → public
-- -----------------------------------------------------------------------------

/**
 * Trigger (after insert on auth.users): creates
 *   - public.profiles: username = raw_user_meta_data.username when it is a
 *     string that follows the API's rule (private.is_valid_username) and is
 *     not taken in any case; otherwise guest_<12 hex> for anonymous users and
 *     user_<12 hex> for everyone else (never a failed sign-up: metadata comes
 *     straight from the caller when Auth is called directly, and two sign-ups
 *     racing for one name leave the loser with a generated one).
 *     display_name = metadata display_name / displayName when a string,
 *     cleaned by private.clean_display_name; email; is_guest = is_anonymous;
 *   - public.subscriptions: plan 'trial', status 'trial', starting now;
 *   - public.usage_tracking: the current Asia/Seoul month, essay_count 0
 *     (private.ensure_current_usage, plans-subscriptions-usage migration).
 * Never reads privilege from metadata (is_admin is always false here).
 */
create or replace function private.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_is_guest boolean := coalesce(new.is_anonymous, false);
  v_prefix text := case when coalesce(new.is_anonymous, false) then 'guest_' else 'user_' end;
  v_meta jsonb := case when jsonb_typeof(new.raw_user_meta_data) = 'object' then new.raw_user_meta_data else '{}'::jsonb end;
  v_username text;
  v_display_name text;
  v_attempt integer := 0;
begin
  if jsonb_typeof(v_meta -> 'username') = 'string' then
    v_username := v_meta ->> 'username';
  end if;
  if not private.is_valid_username(v_username)
     or exists (select 1 from public.profiles p where lower(p.username) = lower(v_username)) then
    v_username := private.generated_username(v_prefix);
  end if;

  if jsonb_typeof(v_meta -> 'display_name') = 'string' then
    v_display_name := private.clean_display_name(v_meta ->> 'display_name');
  elsif jsonb_typeof(v_meta -> 'displayName') = 'string' then
    v_display_name := private.clean_display_name(v_meta ->> 'displayName');
  end if;

  loop
    begin
      insert into public.profiles (id, username, email, display_name, is_guest)
      values (new.id, v_username, new.email, v_display_name, v_is_guest);
      exit;
    exception when unique_violation then
      -- A concurrent sign-up took the name between the check and the insert.
      v_attempt := v_attempt + 1;
      if v_attempt > 3 then
        raise;
      end if;
      v_username := private.generated_username(v_prefix);
    end;
  end loop;

  insert into public.subscriptions (user_id, plan_id, status, start_date)
  values (new.id, 'trial', 'trial', now());

  perform private.ensure_current_usage(new.id);

  return new;
end;
$$;
revoke execute on function private.handle_new_user() from public, anon, authenticated;

/**
 * Trigger (after update of email / is_anonymous on auth.users): copies the
 * email to the profile and clears is_guest when an anonymous user becomes a
 * permanent one.
 */
create or replace function private.handle_user_updated()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.profiles p
     set email    = new.email,
         is_guest = case when coalesce(new.is_anonymous, false) then p.is_guest else false end
   where p.id = new.id
     and (p.email is distinct from new.email
          or (p.is_guest and not coalesce(new.is_anonymous, false)));
  return new;
end;
$$;
revoke execute on function private.handle_user_updated() from public, anon, authenticated;

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

drop trigger if exists profiles_clean_display_name on public.profiles;
create trigger profiles_clean_display_name
  before insert or update of display_name on public.profiles
  for each row execute function private.clean_profile_display_name();

-- Sign-ups insert into public.subscriptions / usage_tracking too (next migration);
-- no user exists before every migration has run.
drop trigger if exists on_auth_user_created on auth.users;
create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function private.handle_new_user();

drop trigger if exists on_auth_user_updated on auth.users;
create trigger on_auth_user_updated
  after update of email, is_anonymous on auth.users
  for each row execute function private.handle_user_updated();

-- -----------------------------------------------------------------------------
-- Privileges
-- -----------------------------------------------------------------------------
revoke all on public.profiles from anon, authenticated;
grant select on public.profiles to authenticated;
-- Members change their display name only; last_login_at is the API's (shown to admins).
grant update (display_name) on public.profiles to authenticated;
grant all on public.profiles to service_role;

-- -----------------------------------------------------------------------------
-- RLS (no insert / delete policies: profiles are created by the auth trigger
-- and removed by the cascade from auth.users)
-- -----------------------------------------------------------------------------
alter table public.profiles enable row level security;

drop policy if exists "users read their own profile; admins read all" on public.profiles;
create policy "users read their own profile; admins read all" on public.profiles
  for select to authenticated
  using (id = (select auth.uid()) or (select private.is_admin()));

drop policy if exists "users update their own profile" on public.profiles;
create policy "users update their own profile" on public.profiles
  for update to authenticated
  using (id = (select auth.uid()))
  with check (id = (select auth.uid()));
