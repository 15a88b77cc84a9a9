-- =============================================================================
-- Payments: Toss Payments orders (one row per payment intent / order id) and
-- the exactly-once activation of a confirmed order's subscription: one month of
-- the plan (extended when paid again; a lower plan prepaid for the end of the
-- month; a higher plan starting now; one prepaid lower plan at a time). Refunds
-- are an admin action recorded on the payment row (Toss cancel API); a full refund
-- takes out the unused part of the month it paid for, and later paid months move up.
-- Paid orders outlive the account (e-commerce law: payment records for 5 years):
-- on withdrawal they lose the buyer (user_id null) and are purged 5 years on.
-- Written only by the service connection; owners and admins read.
-- =============================================================================

-- -----------------------------------------------------------------------------
-- Tables
-- -----------------------------------------------------------------------------
create table if not exists public.payments (
  id               text primary key check (char_length(id) between 6 and 64),
  -- null once the buyer withdrew (withdrawn_at): the paid record is kept without the person
  user_id          uuid references public.profiles (id) on delete set null,
  plan_id          text not null references public.subscription_plans (id),
  amount           integer not null check (amount >= 0),
  currency         text not null default 'KRW',
  order_name       text not null,
  status           text not null default 'pending'
                     check (status in ('pending', 'done', 'failed', 'canceled', 'refunded', 'partially_refunded')),
  payment_key      text unique,
  method           text,
  approved_at      timestamptz,
  failure_code     text,
  failure_message  text,
  created_at       timestamptz not null default now(),
  updated_at       timestamptz not null default now(),
  activated_at     timestamptz,
  period_start     timestamptz,
  period_end       timestamptz,
  receipt_url      text check (receipt_url is null or receipt_url ~ '^https://'),
  refunded_amount  integer not null default 0 check (refunded_amount >= 0),
  refunded_at      timestamptz,
  refund_reason    text check (refund_reason is null or char_length(refund_reason) <= 200),
  refunded_by      uuid references public.profiles (id) on delete set null,
  withdrawn_at     timestamptz,
  constraint payments_refund_not_above_amount check (refunded_amount <= amount)
);

comment on table public.payments is
  'Payment orders. Created by POST /payments/create-intent with the plan price; confirmed once '
  'by POST /payments/toss-confirm (amount checked against this row). Service connection only.';
comment on column public.payments.id is
  'Order id sent to Toss (orderId, 6-64 chars) = the intent id returned to the client.';
comment on column public.payments.amount is
  'Amount in KRW fixed at intent creation; the confirmation must match it.';
comment on column public.payments.status is
  'pending (intent created) → done (confirmed and activated, once) | failed | canceled; '
  'done → partially_refunded | refunded (admin refund through Toss).';
comment on column public.payments.payment_key is
  'Toss paymentKey, set on confirmation; unique so one Toss payment activates one order.';
comment on column public.payments.method is
  'Payment method reported by Toss (e.g. 카드, 간편결제).';
comment on column public.payments.failure_code is
  'Toss error code when status = failed.';
comment on column public.payments.activated_at is
  'When this order activated the subscription (set once, together with status = done).';
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
comment on column public.payments.user_id is
  'The buyer; null once the account was deleted (withdrawn_at), the paid record kept without them.';
comment on column public.payments.withdrawn_at is
  'When the buyer''s account was deleted; the row (order, plan, amount, dates, method, paymentKey) '
  'is kept for the 5 years e-commerce law requires, then purged (private.purge_withdrawn_payments).';

-- A lower paid plan bought during a paid month is prepaid for the month starting at its end.
alter table public.subscriptions
  add column if not exists scheduled_payment_id text references public.payments (id) on delete set null;
comment on column public.subscriptions.scheduled_payment_id is
  'The payment (order) that prepaid scheduled_plan_id for the month starting at end_date.';

-- subscriptions.last_payment_id (plans migration) points here.
do $$
begin
  if not exists (
    select 1 from pg_constraint
     where conrelid = 'public.subscriptions'::regclass and conname = 'subscriptions_last_payment_id_fkey'
  ) then
    alter table public.subscriptions
      add constraint subscriptions_last_payment_id_fkey
      foreign key (last_payment_id) references public.payments (id) on delete set null;
  end if;
end $$;

-- -----------------------------------------------------------------------------
-- Indexes
-- -----------------------------------------------------------------------------
create index if not exists payments_user_created_idx on public.payments (user_id, created_at desc);
create index if not exists payments_plan_id_idx on public.payments (plan_id);
create index if not exists payments_status_idx on public.payments (status);
create index if not exists payments_refunded_by_idx on public.payments (refunded_by);
create index if not exists subscriptions_scheduled_payment_id_idx on public.subscriptions (scheduled_payment_id);

-- -----------------------------------------------------------------------------
-- Functions
-- -----------------------------------------------------------------------------

/**
 * Whether paying for p_plan_id now would be a second lower plan prepaid on top of one already
 * prepaid (s = the buyer's subscription): refused, one prepaid lower plan at a time.
 */
create or replace function private.second_prepaid_plan(s public.subscriptions, p_plan_id text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    s.status = 'active' and s.end_date > now() and s.plan_id <> p_plan_id
      and s.scheduled_payment_id is not null
      and (select pl.price from public.subscription_plans pl where pl.id = p_plan_id)
          < (select pl.price from public.subscription_plans pl where pl.id = s.plan_id),
    false);
$$;
revoke execute on function private.second_prepaid_plan(public.subscriptions, text) from public, anon, authenticated;
grant execute on function private.second_prepaid_plan(public.subscriptions, text) to service_role;

/**
 * Whether s is a subscription that renews on a card (Toss 자동결제) and is in force: plan changes
 * go through 결제 관리, never a one-month pass (the columns come with the billing migration).
 */
create or replace function private.renews_on_card(s public.subscriptions)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return coalesce(s.auto_renew and s.status = 'active' and s.end_date > now(), false);
end;
$$;
revoke execute on function private.renews_on_card(public.subscriptions) from public, anon, authenticated;
grant execute on function private.renews_on_card(public.subscriptions) to service_role;

/**
 * Called before an order is confirmed with Toss, in the confirming transaction: locks the buyer's
 * subscription row until that transaction ends (so two confirmations of one buyer run one after
 * the other) and checks that the order can still be applied. An order that would prepay a second
 * lower plan while one is prepaid is closed unpaid ('canceled', SCHEDULE_TAKEN) and false is
 * returned: Toss is never asked, no money moves. True otherwise (also for an unknown order).
 *   select private.prepare_order_confirmation('ord_…');
 */
create or replace function private.prepare_order_confirmation(p_order_id text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_payment public.payments;
  v_sub public.subscriptions;
begin
  select * into v_payment from public.payments p where p.id = p_order_id and p.status = 'pending';
  if not found or v_payment.user_id is null then
    return true;
  end if;
  perform private.apply_due_subscription_changes(v_payment.user_id);
  select * into v_sub from public.subscriptions s where s.user_id = v_payment.user_id for update;
  -- a one-month pass bought before a subscription that renews on a card began is never applied on top of it
  if found and v_payment.kind = 'one_time' and private.renews_on_card(v_sub) then
    update public.payments p
       set status = 'canceled', failure_code = 'RENEWING_SUBSCRIPTION',
           failure_message = 'a subscription that renews on a card is active'
     where p.id = p_order_id and p.status = 'pending';
    return false;
  end if;
  if found and private.second_prepaid_plan(v_sub, v_payment.plan_id) then
    update public.payments p
       set status = 'canceled', failure_code = 'SCHEDULE_TAKEN',
           failure_message = 'another lower plan is already prepaid'
     where p.id = p_order_id and p.status = 'pending';
    return false;
  end if;
  return true;
end;
$$;
revoke execute on function private.prepare_order_confirmation(text) from public, anon, authenticated;
grant execute on function private.prepare_order_confirmation(text) to service_role;

/**
 * Marks order p_order_id as paid and applies it to the buyer's subscription, exactly once:
 * the order moves pending → done in a conditional update, so a second (or concurrent) call
 * finds no pending row and returns null without touching the subscription.
 * Runs in the caller's transaction. During a paid month (status active, end_date future):
 *   - the same plan: the period is extended by a month (a scheduled move to trial is dropped);
 *   - a cheaper paid plan: prepaid for the month starting at end_date (scheduled_plan_id);
 *     while another is prepaid it raises P0001 'schedule_taken' and changes nothing (the paid
 *     month is never replaced; private.prepare_order_confirmation refuses such an order before
 *     Toss is asked);
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
  if found and v_payment.kind = 'one_time' and private.renews_on_card(v_sub) then
    raise exception 'renewing_subscription' using errcode = 'P0001';
  end if;
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
  elsif v_in_period and v_new_price < v_current_price then
    if private.second_prepaid_plan(v_sub, v_payment.plan_id) then
      raise exception 'schedule_taken' using errcode = 'P0001';
    end if;
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

/**
 * Records a refund of p_amount KRW on order p_order_id after Toss accepted the cancel
 * (p_admin = the admin, p_reason = the cancelReason sent). Status becomes 'refunded'
 * when the whole amount is refunded, else 'partially_refunded'. A full refund takes back
 * what the payment bought and nothing else: a prepaid scheduled plan is unscheduled; for a
 * month of the current plan, its unused part (from now, or from its start when it has not
 * begun) is taken out of the subscription and every later paid month moves up by as much,
 * keeping its full length (a second stacked month starts at the refund). When nothing paid
 * is left the account returns to trial ('expired'). For a subscription that renews on a card,
 * a full refund of the current period's charge ends the plan now and stops renewal (a past
 * period's charge takes nothing back). Returns the updated order; raises
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
  v_cut interval;
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
  if v_payment.status <> 'refunded' or v_payment.user_id is null then
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
  elsif v_sub.auto_renew and v_payment.kind in ('subscription', 'renewal') then
    -- a renewing plan: only the current period's charge takes anything back (the period is
    -- period_start..renews_at; end_date also holds the renewal grace, which is not paid time).
    -- Refunded, the plan ends now and renewal stops: no further charge on the card.
    if v_payment.period_end is not null and v_payment.period_end > now()
       and v_payment.period_end = v_sub.renews_at then
      update public.subscriptions s
         set end_date = now(), canceled_at = coalesce(s.canceled_at, now()), auto_renew = false,
             next_attempt_at = null, renewal_attempts = 0
       where s.user_id = v_payment.user_id;
      perform private.apply_due_subscription_changes(v_payment.user_id);
    end if;
  elsif v_payment.kind = 'upgrade' then
    -- the prorated difference of a plan upgrade: the period itself was paid by its own charge
    null;
  elsif v_sub.plan_id = v_payment.plan_id and v_payment.period_end is not null
        and v_payment.period_end > now() and v_payment.period_end <= v_sub.end_date then
    v_cut := v_payment.period_end - greatest(v_payment.period_start, now());
    -- later paid months of this subscription move up by as much, keeping their length
    update public.payments p
       set period_start = p.period_start - v_cut, period_end = p.period_end - v_cut
     where p.user_id = v_payment.user_id
       and p.id <> v_payment.id
       and p.id is distinct from v_sub.scheduled_payment_id
       and p.status in ('done', 'partially_refunded')
       and p.period_start >= v_payment.period_end
       and p.period_end <= v_sub.end_date;
    update public.subscriptions s
       set end_date = s.end_date - v_cut,
           renews_at = case when s.end_date - v_cut > now() then s.end_date - v_cut end
     where s.user_id = v_payment.user_id
    returning * into v_sub;
    -- a lower plan prepaid after them: its month starts at the new end (as it will be applied)
    update public.payments p
       set period_start = v_sub.end_date, period_end = v_sub.end_date + interval '1 month'
     where p.id = v_sub.scheduled_payment_id;
    perform private.apply_due_subscription_changes(v_payment.user_id);
  end if;
  return v_payment;
end;
$$;
revoke execute on function private.record_refund(text, integer, text, uuid) from public, anon, authenticated;
grant execute on function private.record_refund(text, integer, text, uuid) to service_role;

/**
 * Before an account (profile) is deleted: its paid orders (done, refunded, partially refunded) stay
 * as the payment records e-commerce law requires, without the person (user_id null, Toss receipt
 * link dropped, withdrawn_at set); orders never paid (pending, failed, canceled) are deleted.
 */
create or replace function private.keep_payment_records()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.payments p
   where p.user_id = old.id and p.status in ('pending', 'failed', 'canceled');
  update public.payments p
     set user_id = null, receipt_url = null, withdrawn_at = now()
   where p.user_id = old.id;
  return old;
end;
$$;
revoke execute on function private.keep_payment_records() from public, anon, authenticated;

drop trigger if exists profiles_keep_payment_records on public.profiles;
create trigger profiles_keep_payment_records
  before delete on public.profiles
  for each row execute function private.keep_payment_records();

/**
 * Deletes the payment records of deleted accounts once the 5 years e-commerce law keeps them
 * have passed since the order's last event (created, approved or refunded). Returns how many.
 * Run daily by pg_cron where available and hourly from the function's scheduled tick.
 *   select private.purge_withdrawn_payments();
 */
create or replace function private.purge_withdrawn_payments()
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_n integer;
begin
  delete from public.payments p
   where p.user_id is null
     and p.withdrawn_at is not null
     and greatest(p.created_at, p.approved_at, p.refunded_at) < now() - interval '5 years';
  get diagnostics v_n = row_count;
  return v_n;
end;
$$;
revoke execute on function private.purge_withdrawn_payments() from public, anon, authenticated;
grant execute on function private.purge_withdrawn_payments() to service_role;

-- Hosted: a daily pg_cron job purges them (skipped where pg_cron is absent; the tick covers it).
do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron;
    perform cron.unschedule(jobid) from cron.job where jobname = 'purge-withdrawn-payments';
    perform cron.schedule('purge-withdrawn-payments', '17 3 * * *', 'select private.purge_withdrawn_payments()');
  end if;
end $$;

-- -----------------------------------------------------------------------------
-- Triggers
-- -----------------------------------------------------------------------------
drop trigger if exists payments_set_updated_at on public.payments;
create trigger payments_set_updated_at
  before update on public.payments
  for each row execute function private.set_updated_at();

-- -----------------------------------------------------------------------------
-- Privileges
-- -----------------------------------------------------------------------------
revoke all on public.payments from anon, authenticated;
grant select on public.payments to authenticated;
grant all on public.payments to service_role;

-- -----------------------------------------------------------------------------
-- RLS
-- -----------------------------------------------------------------------------
alter table public.payments enable row level security;

drop policy if exists "users read their own payments; admins read all" on public.payments;
create policy "users read their own payments; admins read all" on public.payments
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));
