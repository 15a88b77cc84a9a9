-- =============================================================================
-- Plans, the user's current subscription, and usage (docs/product.md#roles-and-plans, #limits).
-- One use per graded essay: guests have 3 uses in total
-- (profiles.guest_usage_count); members have the monthly count of the plan in
-- force per Asia/Seoul month (usage_tracking.essay_count). Free uses (guests and
-- free-plan members) are also counted per client address and device token per
-- Asia/Seoul day (private.free_use_counters). Uses are reserved atomically when
-- answers are queued (row locks, so concurrent requests can never exceed a
-- limit) and returned by private.release_usage() (grading migration).
-- Lifecycle: a Toss payment buys one month of a plan (payments migration); when
-- it ends the account returns to the trial plan ('expired') unless a lower plan
-- was scheduled for that end. Due changes are applied lazily, under row locks,
-- where the plan in force is read (usage_snapshot, reserve_usage, GET /auth/me,
-- the admin list).
-- =============================================================================

-- -----------------------------------------------------------------------------
-- Tables
-- -----------------------------------------------------------------------------
create table if not exists public.subscription_plans (
  id                    text primary key
                          check (id ~ '^[a-z][a-z0-9_-]*$'),
  name                  text not null,
  description           text not null default '',
  price                 integer not null check (price >= 0),
  currency              text not null default 'KRW',
  billing_period        text not null default 'monthly'
                          check (billing_period in ('monthly', 'yearly')),
  max_essays_per_month  integer not null check (max_essays_per_month >= 0),
  max_files_per_upload  integer not null default 1 check (max_files_per_upload >= 1),
  max_users             integer not null default 1 check (max_users >= 1),
  features              jsonb not null default '[]'::jsonb
                          check (jsonb_typeof(features) = 'array'),
  is_active             boolean not null default true,
  created_at            timestamptz not null default now()
);

comment on table public.subscription_plans is
  'Plan catalogue (trial, individual, educator, business). Publicly readable while active.';
comment on column public.subscription_plans.price is
  'Price per billing period in the smallest unit of `currency` (KRW has no minor unit); 0 = free.';
comment on column public.subscription_plans.max_files_per_upload is
  'How many essay files one upload may carry; > 1 enables multi-file and batch grading.';
comment on column public.subscription_plans.features is
  'JSON array of Korean feature strings shown on the plans page.';

create table if not exists public.subscriptions (
  id                        uuid primary key default gen_random_uuid(),
  user_id                   uuid not null unique references public.profiles (id) on delete cascade,
  plan_id                   text not null default 'trial' references public.subscription_plans (id),
  status                    text not null default 'trial'
                              check (status in ('active', 'canceled', 'expired', 'trial')),
  start_date                timestamptz not null default now(),
  end_date                  timestamptz,
  renews_at                 timestamptz,
  canceled_at               timestamptz,
  trial_ends_at             timestamptz,
  created_at                timestamptz not null default now(),
  updated_at                timestamptz not null default now(),
  -- references public.payments (id) on delete set null: added by the payments migration
  last_payment_id           text,
  scheduled_plan_id         text references public.subscription_plans (id)
);

comment on table public.subscriptions is
  'The CURRENT subscription of a user (exactly one row per user, created by the auth trigger). '
  'Changed only by the service connection (plan selection, payments, admin).';
comment on column public.subscriptions.status is
  'trial (the free plan), active (paid, until end_date), canceled or expired. Limits follow '
  'private.effective_plan_id(), which falls back to trial outside an active period.';
comment on column public.subscriptions.end_date is
  'End of the paid period (null = open ended, e.g. trial).';
comment on column public.subscriptions.renews_at is
  'Next renewal date for paid plans.';
comment on column public.subscriptions.trial_ends_at is
  'When set, a trial-status subscription stops counting as in force after this moment.';
comment on column public.subscriptions.last_payment_id is
  'The payments order (Toss orderId) that last activated or extended this subscription.';
comment on column public.subscriptions.scheduled_plan_id is
  'Plan that replaces the current one when end_date passes: trial (chosen, cancellable) or a lower '
  'paid plan already paid for (scheduled_payment_id). Null: the account returns to trial (expired).';

create table if not exists public.usage_tracking (
  id               uuid primary key default gen_random_uuid(),
  user_id          uuid not null references public.profiles (id) on delete cascade,
  subscription_id  uuid references public.subscriptions (id) on delete set null,
  essay_count      integer not null default 0 check (essay_count >= 0),
  period_start     timestamptz not null,
  period_end       timestamptz not null,
  last_reset_at    timestamptz,
  created_at       timestamptz not null default now(),
  updated_at       timestamptz not null default now(),
  unique (user_id, period_start),
  check (period_end > period_start)
);

comment on table public.usage_tracking is
  'Essays graded per user per Asia/Seoul calendar month. Rows are created by the auth trigger '
  'and by private.ensure_current_usage(); counts change only through the service connection.';
comment on column public.usage_tracking.period_start is
  'Start of the Asia/Seoul month (inclusive), see private.current_period().';
comment on column public.usage_tracking.period_end is
  'Start of the next Asia/Seoul month (exclusive upper bound).';

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
comment on column private.free_use_counters.day is
  'The Asia/Seoul calendar day counted; rows older than a week are pruned by private.take_free_uses().';

-- -----------------------------------------------------------------------------
-- Indexes (user_id of subscriptions / usage_tracking are covered by their unique constraints)
-- -----------------------------------------------------------------------------
create index if not exists subscription_plans_active_price_idx
  on public.subscription_plans (is_active, price);
create index if not exists subscriptions_plan_id_idx on public.subscriptions (plan_id);
create index if not exists subscriptions_status_idx on public.subscriptions (status);
create index if not exists subscriptions_last_payment_id_idx on public.subscriptions (last_payment_id);
create index if not exists subscriptions_due_idx on public.subscriptions (end_date) where status = 'active';
create index if not exists subscriptions_scheduled_plan_id_idx on public.subscriptions (scheduled_plan_id);
create index if not exists usage_tracking_subscription_id_idx on public.usage_tracking (subscription_id);
create index if not exists usage_tracking_period_idx on public.usage_tracking (period_start, period_end);
create index if not exists free_use_counters_day_idx on private.free_use_counters (day);

-- -----------------------------------------------------------------------------
-- Functions: periods and usage rows
-- -----------------------------------------------------------------------------

/**
 * The Asia/Seoul calendar month containing p_at, as [period_start, period_end).
 *   select * from private.current_period();            -- this month
 *   select (private.current_period(now())).period_start;
 */
create or replace function private.current_period(
  p_at timestamptz default now(),
  out period_start timestamptz,
  out period_end timestamptz
)
language sql
stable
security definer
set search_path = ''
as $$
  select
    date_trunc('month', p_at at time zone 'Asia/Seoul') at time zone 'Asia/Seoul',
    (date_trunc('month', p_at at time zone 'Asia/Seoul') + interval '1 month') at time zone 'Asia/Seoul';
$$;
revoke execute on function private.current_period(timestamptz) from public, anon;
grant execute on function private.current_period(timestamptz) to authenticated, service_role;

/**
 * Returns the usage_tracking row of p_user_id for the Asia/Seoul month of p_at,
 * creating it (essay_count 0, linked to the current subscription) if missing.
 * Safe under concurrency (insert … on conflict do nothing, then select).
 */
create or replace function private.ensure_current_usage(
  p_user_id uuid,
  p_at timestamptz default now()
)
returns public.usage_tracking
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_period record;
  v_row public.usage_tracking;
begin
  select * into v_period from private.current_period(p_at);

  insert into public.usage_tracking (user_id, subscription_id, essay_count, period_start, period_end, last_reset_at)
  values (
    p_user_id,
    (select s.id from public.subscriptions s where s.user_id = p_user_id),
    0, v_period.period_start, v_period.period_end, now()
  )
  on conflict (user_id, period_start) do nothing;

  select * into v_row
    from public.usage_tracking u
   where u.user_id = p_user_id and u.period_start = v_period.period_start;
  return v_row;
end;
$$;
revoke execute on function private.ensure_current_usage(uuid, timestamptz) from public, anon, authenticated;
grant execute on function private.ensure_current_usage(uuid, timestamptz) to service_role;

-- -----------------------------------------------------------------------------
-- Functions: plans
-- -----------------------------------------------------------------------------

/**
 * Applies what fell due on p_user_id's subscription: while it is 'active' and end_date has
 * passed, either the prepaid scheduled plan starts (its month runs from the old end_date)
 * or the account returns to the trial plan — status 'trial' when the user chose trial,
 * else 'expired'. Each step is one conditional UPDATE, so concurrent callers serialise on
 * the row lock and each change happens once. Returns the row (null when there is none).
 *   select private.apply_due_subscription_changes('…'::uuid);
 */
create or replace function private.apply_due_subscription_changes(p_user_id uuid)
returns public.subscriptions
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_sub public.subscriptions;
  v_steps integer := 0;
begin
  loop
    v_steps := v_steps + 1;
    -- a prepaid lower plan starts where the paid month ended
    update public.subscriptions s
       set plan_id = s.scheduled_plan_id,
           status = 'active',
           start_date = s.end_date,
           end_date = s.end_date + interval '1 month',
           renews_at = s.end_date + interval '1 month',
           last_payment_id = s.scheduled_payment_id,
           scheduled_plan_id = null,
           scheduled_payment_id = null
     where s.user_id = p_user_id
       and s.status = 'active'
       and s.end_date <= now()
       and s.scheduled_payment_id is not null
       and s.scheduled_plan_id is not null
    returning * into v_sub;
    exit when not found or v_steps > 3;
  end loop;

  update public.subscriptions s
     set plan_id = 'trial',
         status = case when s.scheduled_plan_id = 'trial' then 'trial' else 'expired' end,
         renews_at = null,
         trial_ends_at = null,
         scheduled_plan_id = null,
         scheduled_payment_id = null
   where s.user_id = p_user_id
     and s.status = 'active'
     and s.end_date <= now()
  returning * into v_sub;

  if not found then
    select * into v_sub from public.subscriptions s where s.user_id = p_user_id;
  end if;
  return v_sub;
end;
$$;
revoke execute on function private.apply_due_subscription_changes(uuid) from public, anon, authenticated;
grant execute on function private.apply_due_subscription_changes(uuid) to service_role;

/**
 * Applies due changes for up to p_limit accounts whose paid period has ended (oldest first);
 * for the admin member list. Returns how many accounts were looked at.
 */
create or replace function private.apply_all_due_subscription_changes(p_limit integer default 500)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user uuid;
  v_n integer := 0;
begin
  for v_user in
    select s.user_id from public.subscriptions s
     where s.status = 'active' and s.end_date <= now()
     order by s.end_date
     limit greatest(coalesce(p_limit, 500), 0)
  loop
    perform private.apply_due_subscription_changes(v_user);
    v_n := v_n + 1;
  end loop;
  return v_n;
end;
$$;
revoke execute on function private.apply_all_due_subscription_changes(integer) from public, anon, authenticated;
grant execute on function private.apply_all_due_subscription_changes(integer) to service_role;

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
 * Paid plans a user could move up to: active plans with a higher monthly count
 * than p_limit and a price above 0, cheapest first, as
 *   [{ id, name, maxEssaysPerMonth, features, price }]
 */
create or replace function private.upgrade_options(p_limit integer)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
           'id', pl.id,
           'name', pl.name,
           'maxEssaysPerMonth', pl.max_essays_per_month,
           'features', pl.features,
           'price', pl.price
         ) order by pl.price, pl.id), '[]'::jsonb)
    from public.subscription_plans pl
   where pl.is_active and pl.price > 0 and pl.max_essays_per_month > coalesce(p_limit, 0);
$$;
revoke execute on function private.upgrade_options(integer) from public, anon, authenticated;
grant execute on function private.upgrade_options(integer) to service_role;

/**
 * Puts p_user_id on the free trial plan (POST /subscription/select with planId 'trial').
 * Returns the updated subscription row (creating it if the user somehow has none).
 */
create or replace function private.select_trial_plan(p_user_id uuid)
returns public.subscriptions
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_sub public.subscriptions;
begin
  insert into public.subscriptions as s
    (user_id, plan_id, status, start_date, end_date, renews_at, canceled_at)
  values
    (p_user_id, 'trial', 'trial', now(), null, null, null)
  on conflict (user_id) do update
    set plan_id = 'trial',
        status = 'trial',
        start_date = now(),
        end_date = null,
        renews_at = null,
        canceled_at = null
  returning * into v_sub;

  perform private.ensure_current_usage(p_user_id);
  update public.usage_tracking u
     set subscription_id = v_sub.id
   where u.user_id = p_user_id
     and u.period_start = (select cp.period_start from private.current_period() cp);

  return v_sub;
end;
$$;
revoke execute on function private.select_trial_plan(uuid) from public, anon, authenticated;
grant execute on function private.select_trial_plan(uuid) to service_role;

/**
 * POST /subscription/select {planId: 'trial'}: during a paid month the trial plan is
 * scheduled for its end (returns the row with scheduled_plan_id = 'trial'); outside one
 * the account moves to trial at once (private.select_trial_plan). Raises P0001
 * 'paid_schedule' when a prepaid lower plan is already scheduled (cancelled only by refund).
 */
create or replace function private.choose_trial_plan(p_user_id uuid)
returns public.subscriptions
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_sub public.subscriptions;
begin
  perform private.apply_due_subscription_changes(p_user_id);
  select * into v_sub from public.subscriptions s where s.user_id = p_user_id for update;
  if found and v_sub.status = 'active' and v_sub.end_date > now() then
    if v_sub.scheduled_payment_id is not null then
      raise exception 'paid_schedule' using errcode = 'P0001';
    end if;
    update public.subscriptions s set scheduled_plan_id = 'trial'
     where s.user_id = p_user_id
    returning * into v_sub;
    return v_sub;
  end if;
  return private.select_trial_plan(p_user_id);
end;
$$;
revoke execute on function private.choose_trial_plan(uuid) from public, anon, authenticated;
grant execute on function private.choose_trial_plan(uuid) to service_role;

/**
 * DELETE /subscription/schedule: cancels a scheduled move to the trial plan (the paid plan
 * then simply ends at end_date as before the choice, i.e. expired unless paid again).
 * Returns the row; raises P0001 'paid_schedule' for a prepaid schedule and 'no_schedule'
 * when nothing is scheduled.
 */
create or replace function private.cancel_scheduled_change(p_user_id uuid)
returns public.subscriptions
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_sub public.subscriptions;
begin
  perform private.apply_due_subscription_changes(p_user_id);
  select * into v_sub from public.subscriptions s where s.user_id = p_user_id for update;
  if not found or v_sub.scheduled_plan_id is null then
    raise exception 'no_schedule' using errcode = 'P0001';
  end if;
  if v_sub.scheduled_payment_id is not null then
    raise exception 'paid_schedule' using errcode = 'P0001';
  end if;
  update public.subscriptions s set scheduled_plan_id = null
   where s.user_id = p_user_id
  returning * into v_sub;
  return v_sub;
end;
$$;
revoke execute on function private.cancel_scheduled_change(uuid) from public, anon, authenticated;
grant execute on function private.cancel_scheduled_change(uuid) to service_role;

-- -----------------------------------------------------------------------------
-- Functions: usage quota
-- -----------------------------------------------------------------------------

/**
 * Usage snapshot of p_user_id (no locks, no writes except creating the month's row and
 * applying a subscription change that fell due, private.apply_due_subscription_changes):
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
  perform private.apply_due_subscription_changes(p_user_id);
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
 * A subscription change that fell due is applied first (before the usage row is locked).
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
  -- before any row lock: the subscription row is locked before the usage row, as in activation
  perform private.apply_due_subscription_changes(p_user_id);

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

-- -----------------------------------------------------------------------------
-- Triggers
-- -----------------------------------------------------------------------------
drop trigger if exists subscriptions_set_updated_at on public.subscriptions;
create trigger subscriptions_set_updated_at
  before update on public.subscriptions
  for each row execute function private.set_updated_at();

drop trigger if exists usage_tracking_set_updated_at on public.usage_tracking;
create trigger usage_tracking_set_updated_at
  before update on public.usage_tracking
  for each row execute function private.set_updated_at();

-- -----------------------------------------------------------------------------
-- Reference data: the plan catalogue. It lives in a migration (not only in
-- seed.sql) because `supabase db push` does not run the seed and every new
-- user needs the `trial` plan. seed.sql repeats it idempotently.
-- -----------------------------------------------------------------------------
insert into public.subscription_plans
  (id, name, description, price, currency, billing_period, max_essays_per_month, max_files_per_upload, max_users, features, is_active)
values
  ('trial', '체험판', 'AI 글쓰기 채점을 무료로 체험해 보세요.', 0, 'KRW', 'monthly', 10, 1, 1,
   '["기본 AI 분석"]'::jsonb, true),
  ('individual', '개인', '꾸준히 글쓰기를 연습하는 개인 학습자를 위한 플랜', 9900, 'KRW', 'monthly', 100, 1, 1,
   '["상세 피드백 제공", "이메일 지원", "분석 이력 관리"]'::jsonb, true),
  ('educator', '교육자', '여러 학생의 답안을 한 번에 채점하는 교사·강사를 위한 플랜', 29900, 'KRW', 'monthly', 500, 10, 1,
   '["최고 수준의 AI 분석", "우선 지원", "무제한 이력 보관"]'::jsonb, true),
  ('business', '기업', '학원·교육기관을 위한 대량 채점 플랜', 99000, 'KRW', 'monthly', 3000, 50, 10,
   '["전담 계정 매니저", "맞춤형 평가 기준", "실시간 채팅 지원"]'::jsonb, true)
on conflict (id) do nothing;

-- -----------------------------------------------------------------------------
-- Privileges
-- -----------------------------------------------------------------------------
revoke all on public.subscription_plans from anon, authenticated;
grant select on public.subscription_plans to anon, authenticated;
-- Plans are reference data written by migrations and the service connection; admins may delete an
-- unused one (RLS). No member-writable column, so no rule to repeat in checks.
grant delete on public.subscription_plans to authenticated;
grant all on public.subscription_plans to service_role;

revoke all on public.subscriptions from anon, authenticated;
grant select on public.subscriptions to authenticated;
grant all on public.subscriptions to service_role;

revoke all on public.usage_tracking from anon, authenticated;
grant select on public.usage_tracking to authenticated;
grant all on public.usage_tracking to service_role;

revoke all on table private.free_use_counters from public, anon, authenticated;
grant select, insert, update, delete on table private.free_use_counters to service_role;

-- -----------------------------------------------------------------------------
-- RLS
-- -----------------------------------------------------------------------------
alter table public.subscription_plans enable row level security;
alter table public.subscriptions enable row level security;
alter table public.usage_tracking enable row level security;

-- subscription_plans
drop policy if exists "visitors read active plans" on public.subscription_plans;
create policy "visitors read active plans" on public.subscription_plans
  for select to anon
  using (is_active);

drop policy if exists "members read active plans; admins read all" on public.subscription_plans;
create policy "members read active plans; admins read all" on public.subscription_plans
  for select to authenticated
  using (is_active or (select private.is_admin()));

drop policy if exists "admins insert plans" on public.subscription_plans;
create policy "admins insert plans" on public.subscription_plans
  for insert to authenticated
  with check ((select private.is_admin()));

drop policy if exists "admins update plans" on public.subscription_plans;
create policy "admins update plans" on public.subscription_plans
  for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

drop policy if exists "admins delete plans" on public.subscription_plans;
create policy "admins delete plans" on public.subscription_plans
  for delete to authenticated
  using ((select private.is_admin()));

-- subscriptions (writes: service connection only)
drop policy if exists "users read their own subscription; admins read all" on public.subscriptions;
create policy "users read their own subscription; admins read all" on public.subscriptions
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

-- usage_tracking (writes: service connection only)
drop policy if exists "users read their own usage; admins read all" on public.usage_tracking;
create policy "users read their own usage; admins read all" on public.usage_tracking
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));
