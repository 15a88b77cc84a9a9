-- =============================================================================
-- Abuse limits (security issue items 3 and 4):
--  * the plan IN FORCE decides every limit: private.effective_plan_id() gives
--    the subscription's plan only while its status is active (or trial) and its
--    end_date has not passed, else 'trial' (a plan bought once no longer lasts
--    forever);
--  * free gradings (guest uses and the uses of members on a free plan) are also
--    counted per client address and per device token per Asia/Seoul day,
--    atomically with the reservation, however the account was made (guests
--    signed in straight through Auth included).
-- =============================================================================

-- -----------------------------------------------------------------------------
-- Tables
-- -----------------------------------------------------------------------------
create table if not exists private.free_use_counters (
  identifier  text not null check (char_length(identifier) between 1 and 200),
  type        text not null check (type in ('ip', 'device')),
  day         date not null,
  count       integer not null default 0 check (count >= 0),
  primary key (identifier, type, day)
);

comment on table private.free_use_counters is
  'Free gradings (guests and free-plan members) reserved per client address (type ip) or device '
  'token (type device) per Asia/Seoul day; written only by private.reserve_usage().';

create index if not exists free_use_counters_day_idx on private.free_use_counters (day);

revoke all on table private.free_use_counters from public, anon, authenticated;
grant select, insert, update, delete on table private.free_use_counters to service_role;

-- -----------------------------------------------------------------------------
-- Functions
-- -----------------------------------------------------------------------------

/**
 * The plan in force for p_user_id now: the subscription's plan when its status
 * is 'active' (or 'trial', within trial_ends_at) and end_date is null or in the
 * future; otherwise (canceled, expired, lapsed, no subscription) 'trial'.
 * Every limit (monthly uses, files per upload, batch permission) uses this.
 */
create or replace function private.effective_plan_id(p_user_id uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((
    select s.plan_id
      from public.subscriptions s
     where s.user_id = p_user_id
       and s.status in ('active', 'trial')
       and (s.end_date is null or s.end_date > now())
       and (s.status <> 'trial' or s.trial_ends_at is null or s.trial_ends_at > now())
  ), 'trial');
$$;
revoke execute on function private.effective_plan_id(uuid) from public, anon, authenticated;
grant execute on function private.effective_plan_id(uuid) to service_role;

/**
 * Usage snapshot of p_user_id (no locks, no writes except creating the month's row):
 *   { isGuest, planId, planName, current, limit, remaining, periodStart, resetDate, free }
 * Guests: current = guest_usage_count, limit 3, resetDate null (the free uses never reset).
 * Members: this Asia/Seoul month's essay_count against max_essays_per_month of the plan in
 * force (private.effective_plan_id). `free` is true for guests and free (price 0) plans.
 */
create or replace function private.usage_snapshot(p_user_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_profile public.profiles;
  v_plan public.subscription_plans;
  v_usage public.usage_tracking;
begin
  select * into v_profile from public.profiles p where p.id = p_user_id;
  if not found then
    return null;
  end if;

  if v_profile.is_guest then
    select * into v_plan from public.subscription_plans where id = 'trial';
    return jsonb_build_object(
      'isGuest', true,
      'planId', 'trial',
      'planName', coalesce(v_plan.name, '게스트'),
      'current', v_profile.guest_usage_count,
      'limit', 3,
      'remaining', greatest(3 - v_profile.guest_usage_count, 0),
      'periodStart', null,
      'resetDate', null,
      'free', true
    );
  end if;

  select * into v_plan from public.subscription_plans where id = private.effective_plan_id(p_user_id);
  if not found then
    select * into v_plan from public.subscription_plans where id = 'trial';
  end if;

  v_usage := private.ensure_current_usage(p_user_id);
  return jsonb_build_object(
    'isGuest', false,
    'planId', v_plan.id,
    'planName', v_plan.name,
    'current', v_usage.essay_count,
    'limit', v_plan.max_essays_per_month,
    'remaining', greatest(v_plan.max_essays_per_month - v_usage.essay_count, 0),
    'periodStart', v_usage.period_start,
    'resetDate', v_usage.period_end,
    'free', coalesce(v_plan.price, 0) = 0
  );
end;
$$;
revoke execute on function private.usage_snapshot(uuid) from public, anon, authenticated;
grant execute on function private.usage_snapshot(uuid) to service_role;

/**
 * Takes p_count free uses from today's (Asia/Seoul) counters of p_address and
 * p_device, all or none, under row locks. A null identifier or limit is not
 * counted. Returns null when taken, else which budget is spent: 'address' or
 * 'device' (then nothing is counted).
 */
create or replace function private.take_free_uses(
  p_address text,
  p_device text,
  p_count integer,
  p_address_limit integer,
  p_device_limit integer
)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_day date := (now() at time zone 'Asia/Seoul')::date;
  v_address text := nullif(left(p_address, 200), '');
  v_device text := nullif(left(p_device, 200), '');
  v_count integer;
begin
  if p_address_limit is null then v_address := null; end if;
  if p_device_limit is null then v_device := null; end if;

  if v_address is not null then
    insert into private.free_use_counters (identifier, type, day) values (v_address, 'ip', v_day)
      on conflict do nothing;
    select c.count into v_count from private.free_use_counters c
     where c.identifier = v_address and c.type = 'ip' and c.day = v_day for update;
    if v_count + p_count > p_address_limit then
      return 'address';
    end if;
  end if;

  if v_device is not null then
    insert into private.free_use_counters (identifier, type, day) values (v_device, 'device', v_day)
      on conflict do nothing;
    select c.count into v_count from private.free_use_counters c
     where c.identifier = v_device and c.type = 'device' and c.day = v_day for update;
    if v_count + p_count > p_device_limit then
      return 'device';
    end if;
  end if;

  update private.free_use_counters c
     set count = c.count + p_count
   where c.day = v_day
     and ((c.type = 'ip' and c.identifier = v_address) or (c.type = 'device' and c.identifier = v_device));

  -- Old days are of no use any more.
  delete from private.free_use_counters c where c.day < v_day - 7;
  return null;
end;
$$;
revoke execute on function private.take_free_uses(text, text, integer, integer, integer) from public, anon, authenticated;
grant execute on function private.take_free_uses(text, text, integer, integer, integer) to service_role;

drop function if exists private.reserve_usage(uuid, integer);

/**
 * Atomically reserves p_count uses for p_user_id: all of them or none.
 * Locks the guest's profile row or the member's usage row of this Asia/Seoul
 * month (FOR UPDATE), so concurrent calls serialise and never exceed the limit.
 * Free uses (guests, free-plan members) must also fit today's budget of the
 * client address p_address (p_address_limit) and device token p_device
 * (p_device_limit), see private.take_free_uses; null limits are not checked.
 * Returns the snapshot (after the reservation when it succeeded) plus
 *   allowed    – whether the uses were reserved,
 *   reserved   – how many were reserved (0 or p_count),
 *   freeLimit  – 'address' or 'device' when that daily free budget refused it.
 * Mark the submissions usage_charged = true (and usage_period_start =
 * periodStart) in the same transaction.
 */
create or replace function private.reserve_usage(
  p_user_id uuid,
  p_count integer,
  p_address text,
  p_device text,
  p_address_limit integer,
  p_device_limit integer
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_is_guest boolean;
  v_used integer;
  v_row public.usage_tracking;
  v_snapshot jsonb;
  v_limit integer;
  v_refused text;
begin
  if p_count is null or p_count < 1 then
    raise exception 'reserve_usage: p_count must be positive' using errcode = '22023';
  end if;

  select p.is_guest, p.guest_usage_count into v_is_guest, v_used
    from public.profiles p where p.id = p_user_id
     for update;
  if not found then
    raise exception 'reserve_usage: unknown user' using errcode = 'P0002';
  end if;

  if v_is_guest then
    if v_used + p_count > 3 then
      return private.usage_snapshot(p_user_id) || jsonb_build_object('allowed', false, 'reserved', 0);
    end if;
    v_refused := private.take_free_uses(p_address, p_device, p_count, p_address_limit, p_device_limit);
    if v_refused is not null then
      return private.usage_snapshot(p_user_id)
        || jsonb_build_object('allowed', false, 'reserved', 0, 'freeLimit', v_refused);
    end if;
    update public.profiles set guest_usage_count = guest_usage_count + p_count where id = p_user_id;
    return private.usage_snapshot(p_user_id) || jsonb_build_object('allowed', true, 'reserved', p_count);
  end if;

  v_row := private.ensure_current_usage(p_user_id);
  select * into v_row from public.usage_tracking u where u.id = v_row.id for update;
  v_snapshot := private.usage_snapshot(p_user_id);
  v_limit := (v_snapshot ->> 'limit')::integer;
  if v_row.essay_count + p_count > v_limit then
    return v_snapshot || jsonb_build_object('allowed', false, 'reserved', 0);
  end if;
  if (v_snapshot ->> 'free')::boolean then
    v_refused := private.take_free_uses(p_address, p_device, p_count, p_address_limit, p_device_limit);
    if v_refused is not null then
      return v_snapshot || jsonb_build_object('allowed', false, 'reserved', 0, 'freeLimit', v_refused);
    end if;
  end if;
  update public.usage_tracking set essay_count = essay_count + p_count where id = v_row.id;
  return private.usage_snapshot(p_user_id) || jsonb_build_object('allowed', true, 'reserved', p_count);
end;
$$;
revoke execute on function private.reserve_usage(uuid, integer, text, text, integer, integer)
  from public, anon, authenticated;
grant execute on function private.reserve_usage(uuid, integer, text, text, integer, integer) to service_role;
