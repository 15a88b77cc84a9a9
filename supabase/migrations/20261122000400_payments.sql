-- =============================================================================
-- Payments: Toss Payments orders (one row per payment intent / order id) and
-- the exactly-once activation of a confirmed order's subscription.
-- Written only by the service connection; owners and admins read.
-- =============================================================================

-- -----------------------------------------------------------------------------
-- Tables
-- -----------------------------------------------------------------------------
create table if not exists public.payments (
  id               text primary key check (char_length(id) between 6 and 64),
  user_id          uuid not null references public.profiles (id) on delete cascade,
  plan_id          text not null references public.subscription_plans (id),
  amount           integer not null check (amount >= 0),
  currency         text not null default 'KRW',
  order_name       text not null,
  status           text not null default 'pending'
                     check (status in ('pending', 'done', 'failed', 'canceled')),
  payment_key      text unique,
  method           text,
  approved_at      timestamptz,
  failure_code     text,
  failure_message  text,
  created_at       timestamptz not null default now(),
  updated_at       timestamptz not null default now(),
  activated_at     timestamptz
);

comment on table public.payments is
  'Payment orders. Created by POST /payments/create-intent with the plan price; confirmed once '
  'by POST /payments/toss-confirm (amount checked against this row). Service connection only.';
comment on column public.payments.id is
  'Order id sent to Toss (orderId, 6-64 chars) = the intent id returned to the client.';
comment on column public.payments.amount is
  'Amount in KRW fixed at intent creation; the confirmation must match it.';
comment on column public.payments.status is
  'pending (intent created) → done (confirmed and activated, once) | failed | canceled.';
comment on column public.payments.payment_key is
  'Toss paymentKey, set on confirmation; unique so one Toss payment activates one order.';
comment on column public.payments.method is
  'Payment method reported by Toss (e.g. 카드, 간편결제).';
comment on column public.payments.failure_code is
  'Toss error code when status = failed.';
comment on column public.payments.activated_at is
  'When this order activated the subscription (set once, together with status = done).';

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

-- -----------------------------------------------------------------------------
-- Functions
-- -----------------------------------------------------------------------------

/**
 * Marks order p_order_id as paid and activates the buyer's subscription for one monthly
 * period, exactly once: the order moves pending → done in a conditional update, so a
 * second (or concurrent) call finds no pending row and returns null without touching
 * the subscription. Runs in the caller's transaction.
 *
 * Period: a new or different plan starts now and ends a month later; paying again for the
 * plan that is already active extends its current end by a month.
 *
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
  v_start timestamptz := now();
  v_end timestamptz := now() + interval '1 month';
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

  select * into v_sub from public.subscriptions s where s.user_id = v_payment.user_id for update;

  if found
     and v_sub.plan_id = v_payment.plan_id
     and v_sub.status = 'active'
     and v_sub.end_date is not null
     and v_sub.end_date > now() then
    v_start := v_sub.start_date;
    v_end := v_sub.end_date + interval '1 month';
  end if;

  insert into public.subscriptions as s
    (user_id, plan_id, status, start_date, end_date, renews_at, canceled_at, trial_ends_at, last_payment_id)
  values
    (v_payment.user_id, v_payment.plan_id, 'active', v_start, v_end, v_end, null, null, v_payment.id)
  on conflict (user_id) do update
    set plan_id = excluded.plan_id,
        status = 'active',
        start_date = excluded.start_date,
        end_date = excluded.end_date,
        renews_at = excluded.renews_at,
        canceled_at = null,
        trial_ends_at = null,
        last_payment_id = excluded.last_payment_id
  returning * into v_sub;

  -- this month's usage row follows the new subscription at once
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
