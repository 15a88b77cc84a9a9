-- =============================================================================
-- auth.users → public: profile, trial subscription and current usage row on
-- sign-up (members and anonymous guests); email / guest flag kept in sync.
-- =============================================================================

-- -----------------------------------------------------------------------------
-- Functions
-- -----------------------------------------------------------------------------

/**
 * Trigger (after insert on auth.users): creates
 *   - public.profiles: username = raw_user_meta_data.username, or
 *     guest_<12 hex> for anonymous users (user_<12 hex> for any other user
 *     created without a username, e.g. from the dashboard); display_name from
 *     metadata display_name / displayName; email; is_guest = is_anonymous;
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
  v_username text;
  v_display_name text;
begin
  v_username := nullif(btrim(new.raw_user_meta_data ->> 'username'), '');
  if v_username is null then
    v_username := (case when v_is_guest then 'guest_' else 'user_' end)
                  || left(replace(gen_random_uuid()::text, '-', ''), 12);
  end if;

  v_display_name := nullif(btrim(coalesce(
    new.raw_user_meta_data ->> 'display_name',
    new.raw_user_meta_data ->> 'displayName'
  )), '');

  insert into public.profiles (id, username, email, display_name, is_guest)
  values (new.id, v_username, new.email, v_display_name, v_is_guest);

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
drop trigger if exists on_auth_user_created on auth.users;
create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function private.handle_new_user();

drop trigger if exists on_auth_user_updated on auth.users;
create trigger on_auth_user_updated
  after update of email, is_anonymous on auth.users
  for each row execute function private.handle_user_updated();
