-- =============================================================================
-- Subscription lifecycle (billing issue items 1–2): a Toss payment buys one month
-- of a plan; when the month ends the account returns to the trial plan (status
-- 'expired'); paying the same plan again before the end extends it; a lower plan
-- chosen during a paid month is scheduled for its end (the free plan without
-- payment and cancellable; a lower paid plan prepaid, its month starting at the
-- end); a higher plan is a new payment that starts at once. Refunds are an admin
-- action recorded on the payment row (Toss cancel API); a full refund ends the
-- period it paid for. Due changes are applied lazily, under row locks, where the
-- plan in force is read (usage_snapshot, reserve_usage, GET /auth/me, the admin list).
-- =============================================================================

-- -----------------------------------------------------------------------------
-- Columns
-- -----------------------------------------------------------------------------
alter table public.subscriptions
  add column if not exists scheduled_plan_id text references public.subscription_plans (id),
  add column if not exists scheduled_payment_id text references public.payments (id) on delete set null;

comment on column public.subscriptions.scheduled_plan_id is
  'Plan that replaces the current one when end_date passes: trial (chosen, cancellable) or a lower '
  'paid plan already paid for (scheduled_payment_id). Null: the account returns to trial (expired).';
comment on column public.subscriptions.scheduled_payment_id is
  'The payment (order) that prepaid scheduled_plan_id for the month starting at end_date.';

alter table public.payments
  add column if not exists period_start    timestamptz,
  add column if not exists period_end      timestamptz,
  add column if not exists receipt_url     text check (receipt_url is null or receipt_url ~ '^https://'),
  add column if not exists refunded_amount integer not null default 0 check (refunded_amount >= 0),
  add column if not exists refunded_at     timestamptz,
  add column if not exists refund_reason   text check (refund_reason is null or char_length(refund_reason) <= 200),
  add column if not exists refunded_by     uuid references public.profiles (id) on delete set null;

comment on column public.payments.period_start is
  'Start of the month this payment bought (now, the end of the period it extends, or the end of a higher plan''s period).';
comment on column public.payments.period_end is
  'End of the month this payment bought.';
comment on column public.payments.receipt_url is
  'Toss receipt page (Payment.receipt.url) when Toss gives one.';
comment on column public.payments.refunded_amount is
  'KRW refunded so far through the Toss cancel API (admin action); = amount when fully refunded.';
comment on column public.payments.refunded_by is
  'The admin who recorded the (last) refund.';

do $$
begin
  alter table public.payments drop constraint if exists payments_status_check;
  alter table public.payments add constraint payments_status_check
    check (status in ('pending', 'done', 'failed', 'canceled', 'refunded', 'partially_refunded'));
  if not exists (
    select 1 from pg_constraint
     where conrelid = 'public.payments'::regclass and conname = 'payments_refund_not_above_amount'
  ) then
    alter table public.payments
      add constraint payments_refund_not_above_amount check (refunded_amount <= amount);
  end if;
end $$;

comment on column public.payments.status is
  'pending (intent created) → done (confirmed and activated, once) | failed | canceled; '
  'done → partially_refunded | refunded (admin refund through Toss).';

create index if not exists subscriptions_due_idx on public.subscriptions (end_date) where status = 'active';
create index if not exists subscriptions_scheduled_plan_id_idx on public.subscriptions (scheduled_plan_id);
create index if not exists subscriptions_scheduled_payment_id_idx on public.subscriptions (scheduled_payment_id);
create index if not exists payments_refunded_by_idx on public.payments (refunded_by);

-- -----------------------------------------------------------------------------
-- Functions: applying due changes
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

-- -----------------------------------------------------------------------------
-- Functions: scheduling the free plan
-- -----------------------------------------------------------------------------

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
-- Functions: activation (replaces the payments migration's version)
-- -----------------------------------------------------------------------------

/**
 * Marks order p_order_id as paid and applies it to the buyer's subscription, exactly once:
 * the order moves pending → done in a conditional update, so a second (or concurrent) call
 * finds no pending row and returns null without touching the subscription.
 * Runs in the caller's transaction. During a paid month (status active, end_date future):
 *   - the same plan: the period is extended by a month (a scheduled move to trial is dropped);
 *   - a cheaper paid plan: prepaid for the month starting at end_date (scheduled_plan_id);
 *   - a dearer plan: a new month starts now (the rest of the old month is not carried over).
 * Otherwise a new month starts now. The order's period_start / period_end record the month.
 *   select * from private.activate_subscription('ord_…', 'pk_…', '카드', now());
 */
create or replace function private.activate_subscription(
  p_order_id text,
  p_payment_key text,
  p_method text,
  p_approved_at timestamptz
)
returns public.subscriptions
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_payment public.payments;
  v_sub public.subscriptions;
  v_current_price integer;
  v_new_price integer;
  v_in_period boolean := false;
begin
  update public.payments p
     set status = 'done',
         payment_key = p_payment_key,
         method = p_method,
         approved_at = coalesce(p_approved_at, now()),
         activated_at = now(),
         failure_code = null,
         failure_message = null
   where p.id = p_order_id
     and p.status = 'pending'
  returning * into v_payment;

  if not found then
    return null;
  end if;

  perform private.apply_due_subscription_changes(v_payment.user_id);
  select * into v_sub from public.subscriptions s where s.user_id = v_payment.user_id for update;
  v_in_period := found and v_sub.status = 'active' and v_sub.end_date is not null and v_sub.end_date > now();

  if v_in_period then
    select pl.price into v_current_price from public.subscription_plans pl where pl.id = v_sub.plan_id;
    select pl.price into v_new_price from public.subscription_plans pl where pl.id = v_payment.plan_id;
  end if;

  if v_in_period and v_sub.plan_id = v_payment.plan_id then
    update public.payments set period_start = v_sub.end_date, period_end = v_sub.end_date + interval '1 month'
     where id = v_payment.id;
    update public.subscriptions s
       set end_date = s.end_date + interval '1 month',
           renews_at = s.end_date + interval '1 month',
           canceled_at = null,
           scheduled_plan_id = case when s.scheduled_payment_id is null then null else s.scheduled_plan_id end,
           last_payment_id = v_payment.id
     where s.user_id = v_payment.user_id
    returning * into v_sub;
  elsif v_in_period and v_new_price < v_current_price and v_sub.scheduled_payment_id is null then
    update public.payments set period_start = v_sub.end_date, period_end = v_sub.end_date + interval '1 month'
     where id = v_payment.id;
    update public.subscriptions s
       set scheduled_plan_id = v_payment.plan_id,
           scheduled_payment_id = v_payment.id
     where s.user_id = v_payment.user_id
    returning * into v_sub;
  else
    update public.payments set period_start = now(), period_end = now() + interval '1 month'
     where id = v_payment.id;
    insert into public.subscriptions as s
      (user_id, plan_id, status, start_date, end_date, renews_at, canceled_at, trial_ends_at, last_payment_id)
    values
      (v_payment.user_id, v_payment.plan_id, 'active', now(), now() + interval '1 month',
       now() + interval '1 month', null, null, v_payment.id)
    on conflict (user_id) do update
      set plan_id = excluded.plan_id,
          status = 'active',
          start_date = excluded.start_date,
          end_date = excluded.end_date,
          renews_at = excluded.renews_at,
          canceled_at = null,
          trial_ends_at = null,
          -- a prepaid lower plan stays scheduled after the new month; a chosen trial is dropped
          scheduled_plan_id = case when s.scheduled_payment_id is null then null else s.scheduled_plan_id end,
          last_payment_id = excluded.last_payment_id
    returning * into v_sub;
  end if;

  -- this month's usage row follows the subscription at once
  perform private.ensure_current_usage(v_payment.user_id);
  update public.usage_tracking u
     set subscription_id = v_sub.id
   where u.user_id = v_payment.user_id
     and u.period_start = (select cp.period_start from private.current_period() cp);

  return v_sub;
end;
$$;
revoke execute on function private.activate_subscription(text, text, text, timestamptz) from public, anon, authenticated;
grant execute on function private.activate_subscription(text, text, text, timestamptz) to service_role;

-- -----------------------------------------------------------------------------
-- Functions: refunds
-- -----------------------------------------------------------------------------

/**
 * Records a refund of p_amount KRW on order p_order_id after Toss accepted the cancel
 * (p_admin = the admin, p_reason = the cancelReason sent). Status becomes 'refunded'
 * when the whole amount is refunded, else 'partially_refunded'. A full refund ends what
 * the payment bought: a prepaid scheduled plan is unscheduled; a future extension is
 * taken back (end_date returns to the payment's period_start); a month in progress ends
 * now (the account returns to trial, 'expired'). Returns the updated order; raises
 * P0001 'not_refundable' when the order is not paid or the amount exceeds what is left.
 */
create or replace function private.record_refund(
  p_order_id text,
  p_amount integer,
  p_reason text,
  p_admin uuid
)
returns public.payments
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_payment public.payments;
  v_sub public.subscriptions;
begin
  update public.payments p
     set refunded_amount = p.refunded_amount + p_amount,
         refunded_at = now(),
         refund_reason = left(p_reason, 200),
         refunded_by = p_admin,
         status = case when p.refunded_amount + p_amount >= p.amount then 'refunded' else 'partially_refunded' end
   where p.id = p_order_id
     and p.status in ('done', 'partially_refunded')
     and p_amount > 0
     and p.refunded_amount + p_amount <= p.amount
  returning * into v_payment;
  if not found then
    raise exception 'not_refundable' using errcode = 'P0001';
  end if;
  if v_payment.status <> 'refunded' then
    return v_payment;
  end if;

  perform private.apply_due_subscription_changes(v_payment.user_id);
  select * into v_sub from public.subscriptions s where s.user_id = v_payment.user_id for update;
  if not found or v_sub.status <> 'active' then
    return v_payment;
  end if;

  if v_sub.scheduled_payment_id = v_payment.id then
    update public.subscriptions set scheduled_plan_id = null, scheduled_payment_id = null
     where user_id = v_payment.user_id;
  elsif v_sub.plan_id = v_payment.plan_id and v_payment.period_end is not null and v_payment.period_end > now() then
    if v_payment.period_start > now() and v_payment.period_end = v_sub.end_date then
      update public.subscriptions set end_date = v_payment.period_start, renews_at = v_payment.period_start
       where user_id = v_payment.user_id;
    else
      update public.subscriptions set end_date = now(), renews_at = null
       where user_id = v_payment.user_id;
      perform private.apply_due_subscription_changes(v_payment.user_id);
    end if;
  end if;
  return v_payment;
end;
$$;
revoke execute on function private.record_refund(text, integer, text, uuid) from public, anon, authenticated;
grant execute on function private.record_refund(text, integer, text, uuid) to service_role;

-- -----------------------------------------------------------------------------
-- Functions: usage (the plans migration's versions, now applying due changes first)
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
