-- =============================================================================
-- Payments: Toss Payments orders (one row per payment intent / order id).
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
  updated_at       timestamptz not null default now()
);

comment on table public.payments is
  'Payment orders. Created by POST /payments/create-intent with the plan price; confirmed once '
  'by POST /payments/toss-confirm (amount checked against this row). Service connection only.';
comment on column public.payments.id is
  'Order id sent to Toss (orderId, 6-64 chars) = the intent id returned to the client.';
comment on column public.payments.amount is
  'Amount in KRW fixed at intent creation; the confirmation must match it.';
comment on column public.payments.payment_key is
  'Toss paymentKey, set on confirmation; unique so one Toss payment activates one order.';
comment on column public.payments.method is
  'Payment method reported by Toss (e.g. 카드, 간편결제).';
comment on column public.payments.failure_code is
  'Toss error code when status = failed.';

-- -----------------------------------------------------------------------------
-- Indexes
-- -----------------------------------------------------------------------------
create index if not exists payments_user_created_idx on public.payments (user_id, created_at desc);
create index if not exists payments_plan_id_idx on public.payments (plan_id);
create index if not exists payments_status_idx on public.payments (status);

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

drop policy if exists "users read their own payments" on public.payments;
drop policy if exists "users read their own payments; admins read all" on public.payments;
create policy "users read their own payments; admins read all" on public.payments
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

