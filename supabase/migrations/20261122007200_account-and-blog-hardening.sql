-- =============================================================================
-- Hardening of what a caller can reach around the API (security issue items 7
-- and 10):
--   * the auth.users trigger applies the API's username / display-name rules
--     to metadata sent straight to Auth, and falls back to a generated
--     username instead of failing the sign-up;
--   * display names are cleaned (control, bidi and zero-width characters) on
--     every write to public.profiles;
--   * the `essays` bucket is written by the API only (service role): owners
--     may no longer upload or overwrite objects directly; both buckets accept
--     only the file types the app stores;
--   * blog views count at most once per visitor per post per Seoul day.
-- =============================================================================

-- -----------------------------------------------------------------------------
-- Tables
-- -----------------------------------------------------------------------------

-- One row per (post, visitor, day) that has been counted. The visitor is a
-- salted hash (see private.record_blog_view), never an address or a user id.
create table if not exists private.blog_post_views (
  post_id      uuid not null references public.blog_posts (id) on delete cascade,
  visitor_hash text not null,
  view_date    date not null,
  primary key (post_id, view_date, visitor_hash)
);
create index if not exists blog_post_views_view_date_idx on private.blog_post_views (view_date);
comment on table private.blog_post_views is
  'Views already counted today: (post, sha256(day salt || visitor key), Seoul date). Rows older than yesterday are pruned.';

-- A random salt per Seoul day, so a visitor hash cannot be reversed to an
-- address by trying every address, and cannot be linked across days.
create table if not exists private.blog_view_salts (
  view_date date primary key,
  salt      bytea not null default extensions.gen_random_bytes(32)
);
comment on table private.blog_view_salts is 'Per-day random salt for blog visitor hashes; pruned with the views.';

revoke all on private.blog_post_views, private.blog_view_salts from public, anon, authenticated;

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
 *   - public.usage_tracking: the current Asia/Seoul month, essay_count 0.
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
 * Trigger (before insert / update of display_name on public.profiles): keeps
 * every stored display name clean (private.clean_display_name), whoever
 * writes it (the trigger above, the API, or a user through the Data API).
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
-- Functions: blog views
-- -----------------------------------------------------------------------------

/**
 * Counts one view of a PUBLISHED post by p_visitor (the API passes the user
 * id for signed-in readers, else the client address) at most once per Seoul
 * day, and returns the post's view count (null when the post does not exist
 * or is not published).
 *   select private.record_blog_view('…post id…', '203.0.113.7');
 * The visitor key is stored only as sha256(day salt || key); rows and salts
 * older than yesterday are pruned as views come in.
 */
create or replace function private.record_blog_view(p_post_id uuid, p_visitor text)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_today date := (now() at time zone 'Asia/Seoul')::date;
  v_salt bytea;
  v_count integer;
begin
  select b.view_count into v_count from public.blog_posts b where b.id = p_post_id and b.is_published;
  if not found then
    return null;
  end if;

  insert into private.blog_view_salts (view_date) values (v_today) on conflict (view_date) do nothing;
  select s.salt into v_salt from private.blog_view_salts s where s.view_date = v_today;

  insert into private.blog_post_views (post_id, visitor_hash, view_date)
  values (p_post_id,
          encode(extensions.digest(v_salt || convert_to(coalesce(p_visitor, ''), 'UTF8'), 'sha256'), 'hex'),
          v_today)
  on conflict do nothing;
  if not found then
    return v_count;
  end if;

  update public.blog_posts set view_count = view_count + 1
   where id = p_post_id and is_published
  returning view_count into v_count;

  delete from private.blog_post_views where view_date < v_today - 1;
  delete from private.blog_view_salts where view_date < v_today - 1;
  return v_count;
end;
$$;
revoke execute on function private.record_blog_view(uuid, text) from public, anon, authenticated;
grant execute on function private.record_blog_view(uuid, text) to service_role;

-- The old one-view-per-call function is no longer used by the API.
revoke execute on function private.increment_blog_view(uuid) from service_role;

-- -----------------------------------------------------------------------------
-- Triggers
-- -----------------------------------------------------------------------------
drop trigger if exists profiles_clean_display_name on public.profiles;
create trigger profiles_clean_display_name
  before insert or update of display_name on public.profiles
  for each row execute function private.clean_profile_display_name();

-- -----------------------------------------------------------------------------
-- Storage: essays are written by the API (service role) only; file types
-- -----------------------------------------------------------------------------
drop policy if exists "essays: owners upload to their folder" on storage.objects;
drop policy if exists "essays: owners update their files" on storage.objects;

-- Storage compares the upload's Content-Type with these exactly (type and
-- subtype, parameters included), so the blog's text attachments, sent as
-- `text/plain; charset=utf-8`, are listed in that form too.
update storage.buckets
   set allowed_mime_types = array[
         'text/plain',
         'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
         'application/pdf',
         'image/jpeg',
         'image/png',
         'image/webp'
       ]
 where id = 'essays';

update storage.buckets
   set allowed_mime_types = array[
         'image/jpeg',
         'image/png',
         'image/gif',
         'image/webp',
         'application/pdf',
         'text/plain',
         'text/plain; charset=utf-8',
         'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
       ]
 where id = 'blog';
