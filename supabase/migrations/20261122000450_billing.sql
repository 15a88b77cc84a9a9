-- =============================================================================
-- Billing (Toss 자동결제): subscriptions that renew on a card kept on file.
-- Subscriptions, billing keys and payments belong to a billing account (one per
-- member now; organisations add one each: nothing here assumes a person pays).
-- The Toss billing key is stored only encrypted (AES-GCM under the function's
-- BILLING_KEY_SECRET, in private.billing_keys: no grants to anon/authenticated,
-- RLS on with no policies, a schema PostgREST never exposes).
-- Toss schedules nothing: the scheduled tick charges each due period exactly
-- once (order id derived from the subscription, the period and the attempt; the
-- Idempotency-Key from the order id) under the subscription's row lock.
-- A renewing subscription's end_date is the end of its grace: renews_at (the
-- paid period's end) + 5 days 1 hour, so the plan stays in force while a
-- declined renewal is retried 1, 3 and 5 days after renews_at; after the last
-- failure (or a cancellation) end_date comes back to the paid end and the
-- plans migration's lazy expiry returns the account to the trial plan.
-- In-app notices and the function's mail outbox (retried) live here too.
-- =============================================================================

-- -----------------------------------------------------------------------------
-- Tables
-- -----------------------------------------------------------------------------
alter table public.subscription_plans
  add column if not exists yearly_price integer check (yearly_price is null or yearly_price >= 0);
comment on column public.subscription_plans.yearly_price is
  'Price of one year (billing period yearly) in KRW; null = no yearly option.';
update public.subscription_plans set yearly_price = price * 10
 where id in ('individual', 'educator', 'business') and yearly_price is null;

create table if not exists private.billing_accounts (
  id               uuid primary key default gen_random_uuid(),
  -- the paying member; an organisation's account will have its own owner column instead
  owner_user_id    uuid unique references public.profiles (id) on delete cascade,
  -- Toss customerKey: random, never the user id or an email
  customer_key     text not null unique
                     check (customer_key ~ '^[A-Za-z0-9_=.@-]+$' and char_length(customer_key) between 2 and 300),
  -- the plan chosen at POST /billing/subscribe, charged when the card comes back
  pending_plan_id  text references public.subscription_plans (id),
  pending_period   text check (pending_period in ('monthly', 'yearly')),
  pending_at       timestamptz,
  created_at       timestamptz not null default now(),
  updated_at       timestamptz not null default now(),
  constraint billing_accounts_one_owner check (num_nonnulls(owner_user_id) = 1)
);
comment on table private.billing_accounts is
  'Who pays: one per member (owner_user_id). Holds the random Toss customerKey and the plan chosen '
  'before the card registration. Service connection only.';

create table if not exists private.billing_keys (
  billing_account_id  uuid primary key references private.billing_accounts (id) on delete cascade,
  -- 'v1.' + base64(iv) + '.' + base64(AES-GCM ciphertext), additional data = the account id
  key_ciphertext      text not null check (key_ciphertext like 'v1.%'),
  card_masked         text not null default '',
  card_company        text not null default '',
  registered_at       timestamptz not null default now()
);
comment on table private.billing_keys is
  'The Toss billing key of an account, encrypted by the function (AES-GCM, BILLING_KEY_SECRET); '
  'the card number only masked. Deleted with the account (withdrawal destroys it).';

create table if not exists private.billing_notices (
  id                  bigint generated always as identity primary key,
  billing_account_id  uuid not null references private.billing_accounts (id) on delete cascade,
  kind                text not null check (kind in ('renewal_upcoming', 'payment_failed', 'subscription_ended', 'renewed', 'price_change')),
  message             text not null check (char_length(message) <= 500),
  created_at          timestamptz not null default now()
);
comment on table private.billing_notices is 'In-app billing notices (결제 관리), newest first.';

create table if not exists private.mail_outbox (
  id               bigint generated always as identity primary key,
  to_address       text not null check (char_length(to_address) between 3 and 320),
  subject          text not null check (char_length(subject) <= 200),
  body             text not null check (char_length(body) <= 20000),
  -- one mail per event (e.g. the notice of one renewal date)
  dedupe_key       text unique,
  attempts         integer not null default 0 check (attempts >= 0),
  next_attempt_at  timestamptz not null default now(),
  sent_at          timestamptz,
  last_error       text,
  created_at       timestamptz not null default now()
);
comment on table private.mail_outbox is
  'Mail the function sends itself (billing notices), sent by the tick over SMTP (TLS, port 465) and '
  'retried with backoff, at most 8 attempts (lib/mail/outbox.ts).';

alter table public.subscriptions
  add column if not exists billing_account_id uuid references private.billing_accounts (id) on delete set null,
  add column if not exists billing_period text check (billing_period is null or billing_period in ('monthly', 'yearly')),
  add column if not exists auto_renew boolean not null default false,
  add column if not exists renewal_attempts integer not null default 0 check (renewal_attempts between 0 and 4),
  add column if not exists next_attempt_at timestamptz,
  add column if not exists renewal_notice_for timestamptz,
  add column if not exists price integer check (price is null or price >= 0),
  add column if not exists next_price integer check (next_price is null or next_price >= 0),
  add column if not exists next_price_from timestamptz,
  add column if not exists change_plan_id text references public.subscription_plans (id),
  add column if not exists change_period text check (change_period is null or change_period in ('monthly', 'yearly')),
  add column if not exists change_price integer check (change_price is null or change_price >= 0);
comment on column public.subscriptions.auto_renew is
  'Charged again on the card on file at renews_at (false once 구독 해지 is chosen or the retries ran out).';
comment on column public.subscriptions.renewal_attempts is
  'Declined charges of the period starting at renews_at (retried 1, 3 and 5 days after it).';
comment on column public.subscriptions.next_attempt_at is
  'When the next renewal charge is due (null = at renews_at).';
comment on column public.subscriptions.renewal_notice_for is
  'The renews_at whose 7-day notice was sent (once per period).';
comment on column public.subscriptions.price is
  'The price of one period this subscription renews at (price lock): what it was charged, kept when '
  'the plan''s price rises until the increase applies (next_price_from); a decrease replaces it at once.';
comment on column public.subscriptions.next_price is
  'An announced price increase: charged from the first renewal on or after next_price_from.';
comment on column public.subscriptions.next_price_from is
  'The first renewal date the announced next_price applies to (at least 30 days after the announcement).';
comment on column public.subscriptions.change_plan_id is
  'A downgrade (or period change) chosen in 결제 관리: the next renewal charges this plan''s price and '
  'switches to it; null = none (cancellable until then).';
comment on column public.subscriptions.change_period is
  'The billing period the next renewal switches to with change_plan_id (null = unchanged).';
comment on column public.subscriptions.change_price is
  'The price quoted when the scheduled change was chosen: what that renewal charges (a price change '
  'announced meanwhile is not applied to it; afterwards it is the locked price like any other).';

alter table public.payments
  add column if not exists billing_account_id uuid references private.billing_accounts (id) on delete set null,
  add column if not exists kind text not null default 'one_time'
    check (kind in ('one_time', 'subscription', 'renewal', 'upgrade')),
  add column if not exists billing_period text check (billing_period is null or billing_period in ('monthly', 'yearly'));
comment on column public.payments.kind is
  'one_time (1개월 이용권, widget), subscription (the first charge on a registered card), renewal (the tick), '
  'upgrade (the prorated difference of a plan upgrade in the middle of a period).';

-- -----------------------------------------------------------------------------
-- Indexes
-- -----------------------------------------------------------------------------
create index if not exists billing_accounts_pending_plan_id_idx on private.billing_accounts (pending_plan_id);
create index if not exists billing_notices_account_idx on private.billing_notices (billing_account_id, created_at desc);
create index if not exists mail_outbox_due_idx on private.mail_outbox (next_attempt_at) where sent_at is null;
create index if not exists subscriptions_billing_account_id_idx on public.subscriptions (billing_account_id);
create index if not exists subscriptions_change_plan_id_idx on public.subscriptions (change_plan_id);
create index if not exists subscriptions_renewal_due_idx on public.subscriptions (renews_at) where auto_renew;
create index if not exists payments_billing_account_id_idx on public.payments (billing_account_id);
-- one paid charge per period of an account's subscription, whatever runs twice
create unique index if not exists payments_one_charge_per_period
  on public.payments (billing_account_id, period_start)
  where kind in ('subscription', 'renewal') and status in ('done', 'partially_refunded', 'refunded');

-- -----------------------------------------------------------------------------
-- Functions
-- -----------------------------------------------------------------------------

/** The length of a billing period. */
create or replace function private.billing_interval(p_period text)
returns interval
language sql
immutable
set search_path = ''
as $$
  select case p_period when 'yearly' then interval '1 year' else interval '1 month' end;
$$;
revoke execute on function private.billing_interval(text) from public, anon, authenticated;
grant execute on function private.billing_interval(text) to service_role;

/** How long after renews_at a renewing plan stays in force while a declined charge is retried. */
create or replace function private.billing_grace()
returns interval
language sql
immutable
set search_path = ''
as $$
  select interval '5 days 1 hour';
$$;
revoke execute on function private.billing_grace() from public, anon, authenticated;
grant execute on function private.billing_grace() to service_role;

/** The price of p_plan_id for one p_period (null when the plan has no such period). */
create or replace function private.billing_price(p_plan_id text, p_period text)
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select case p_period when 'yearly' then pl.yearly_price else pl.price end
    from public.subscription_plans pl where pl.id = p_plan_id;
$$;
revoke execute on function private.billing_price(text, text) from public, anon, authenticated;
grant execute on function private.billing_price(text, text) to service_role;

/**
 * What p_sub's next renewal charges: a chosen downgrade or period change (change_plan_id /
 * change_period) at the price quoted when it was chosen; otherwise the locked price, or the announced
 * next_price once the renewal falls on or after next_price_from.
 */
create or replace function private.renewal_terms(p_sub public.subscriptions)
returns table (plan_id text, billing_period text, amount integer)
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(p_sub.change_plan_id, p_sub.plan_id),
         coalesce(p_sub.change_period, p_sub.billing_period, 'monthly'),
         case
           when p_sub.change_plan_id is not null or p_sub.change_period is not null
             then coalesce(p_sub.change_price,
                           private.billing_price(coalesce(p_sub.change_plan_id, p_sub.plan_id),
                                                 coalesce(p_sub.change_period, p_sub.billing_period, 'monthly')))
           when p_sub.next_price_from is not null and p_sub.renews_at >= p_sub.next_price_from then p_sub.next_price
           else coalesce(p_sub.price, private.billing_price(p_sub.plan_id, coalesce(p_sub.billing_period, 'monthly')))
         end;
$$;
revoke execute on function private.renewal_terms(public.subscriptions) from public, anon, authenticated;
grant execute on function private.renewal_terms(public.subscriptions) to service_role;

/** The order name of a subscription charge: `<plan> 정기 구독 (월간|연간)`. */
create or replace function private.billing_order_name(p_plan_id text, p_period text)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select pl.name || ' 정기 구독 (' || case p_period when 'yearly' then '연간' else '월간' end || ')'
    from public.subscription_plans pl where pl.id = p_plan_id;
$$;
revoke execute on function private.billing_order_name(text, text) from public, anon, authenticated;
grant execute on function private.billing_order_name(text, text) to service_role;

/** Queues a mail to the account owner's address (none for an account without one); deduplicated by p_key. */
create or replace function private.queue_billing_mail(p_account uuid, p_subject text, p_body text, p_key text)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into private.mail_outbox (to_address, subject, body, dedupe_key)
  select p.email, p_subject, p_body, p_key
    from private.billing_accounts a join public.profiles p on p.id = a.owner_user_id
   where a.id = p_account and p.email is not null
  on conflict (dedupe_key) do nothing;
$$;
revoke execute on function private.queue_billing_mail(uuid, text, text, text) from public, anon, authenticated;
grant execute on function private.queue_billing_mail(uuid, text, text, text) to service_role;

/** 'YYYY. M. D.' in Asia/Seoul, for notices. */
create or replace function private.seoul_date(p_at timestamptz)
returns text
language sql
stable
set search_path = ''
as $$
  select to_char(p_at at time zone 'Asia/Seoul', 'YYYY. FMMM. FMDD.');
$$;
revoke execute on function private.seoul_date(timestamptz) from public, anon, authenticated;
grant execute on function private.seoul_date(timestamptz) to service_role;

/**
 * A pending order of kind p_kind was paid: it becomes done once, with Toss's payment key, method,
 * approval time and receipt (earlier failure details cleared). Returns the order, or null when it was
 * not a pending order of that kind (already settled: the caller changes nothing).
 */
create or replace function private.settle_billing_order(
  p_order_id text, p_kind text, p_payment_key text, p_method text, p_approved_at timestamptz, p_receipt_url text
)
returns public.payments
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_payment public.payments;
begin
  update public.payments p
     set status = 'done', payment_key = p_payment_key, method = p_method,
         approved_at = coalesce(p_approved_at, now()), activated_at = now(), receipt_url = p_receipt_url,
         failure_code = null, failure_message = null
   where p.id = p_order_id and p.status = 'pending' and p.kind = p_kind
  returning * into v_payment;
  if not found then
    return null;
  end if;
  return v_payment;
end;
$$;
revoke execute on function private.settle_billing_order(text, text, text, text, timestamptz, text) from public, anon, authenticated;
grant execute on function private.settle_billing_order(text, text, text, text, timestamptz, text) to service_role;

/**
 * The first charge of a subscription succeeded (order p_order_id, kind 'subscription'): the order
 * becomes done (once: a conditional update) and the buyer's subscription starts now on the card,
 * renewing at now + the period. Returns the subscription (null when the order was not pending).
 */
create or replace function private.start_billing_subscription(
  p_order_id text, p_payment_key text, p_method text, p_approved_at timestamptz, p_receipt_url text
)
returns public.subscriptions
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_payment public.payments;
  v_sub public.subscriptions;
  v_end timestamptz;
begin
  v_payment := private.settle_billing_order(p_order_id, 'subscription', p_payment_key, p_method, p_approved_at, p_receipt_url);
  if v_payment.id is null then
    return null;
  end if;
  -- the first period starts when the card was charged
  update public.payments p
     set period_start = now(), period_end = now() + private.billing_interval(p.billing_period)
   where p.id = v_payment.id
  returning * into v_payment;
  v_end := v_payment.period_end;

  insert into public.subscriptions as s
    (user_id, plan_id, status, start_date, end_date, renews_at, canceled_at, trial_ends_at, last_payment_id,
     billing_account_id, billing_period, auto_renew, renewal_attempts, next_attempt_at, price)
  values
    (v_payment.user_id, v_payment.plan_id, 'active', now(), v_end + private.billing_grace(), v_end, null, null,
     v_payment.id, v_payment.billing_account_id, v_payment.billing_period, true, 0, null, v_payment.amount)
  on conflict (user_id) do update
    set plan_id = excluded.plan_id, status = 'active', start_date = excluded.start_date,
        end_date = excluded.end_date, renews_at = excluded.renews_at, canceled_at = null,
        trial_ends_at = null, scheduled_plan_id = null, scheduled_payment_id = null,
        last_payment_id = excluded.last_payment_id, billing_account_id = excluded.billing_account_id,
        billing_period = excluded.billing_period, auto_renew = true, renewal_attempts = 0,
        next_attempt_at = null, renewal_notice_for = null, price = excluded.price,
        next_price = null, next_price_from = null, change_plan_id = null, change_period = null, change_price = null
  returning * into v_sub;

  update private.billing_accounts a
     set pending_plan_id = null, pending_period = null, pending_at = null
   where a.id = v_payment.billing_account_id;

  perform private.ensure_current_usage(v_payment.user_id);
  update public.usage_tracking u set subscription_id = v_sub.id
   where u.user_id = v_payment.user_id
     and u.period_start = (select cp.period_start from private.current_period() cp);
  return v_sub;
end;
$$;
revoke execute on function private.start_billing_subscription(text, text, text, timestamptz, text) from public, anon, authenticated;
grant execute on function private.start_billing_subscription(text, text, text, timestamptz, text) to service_role;

/** The order id of a subscription's renewal of the period starting at p_renews_at, attempt p_attempt. */
create or replace function private.renewal_order_id(p_sub_id uuid, p_renews_at timestamptz, p_attempt integer)
returns text
language sql
immutable
set search_path = ''
as $$
  select 'rn_' || replace(p_sub_id::text, '-', '') || '_' || floor(extract(epoch from p_renews_at))::bigint || '_' || p_attempt;
$$;
revoke execute on function private.renewal_order_id(uuid, timestamptz, integer) from public, anon, authenticated;
grant execute on function private.renewal_order_id(uuid, timestamptz, integer) to service_role;

/**
 * True when the renewal charge of the subscription is due: renewing, active, its time (next_attempt_at or
 * renews_at) passed, and the order of this period and attempt not settled already (paid or declined with
 * the subscription not moved on: charging it again is wrong, and it must not hold up the rest).
 */
create or replace function private.renewal_charge_due(p_sub public.subscriptions)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select p_sub.auto_renew and p_sub.canceled_at is null and p_sub.status = 'active'
     and coalesce(p_sub.next_attempt_at, p_sub.renews_at) <= now()
     and not exists (
       select 1 from public.payments p
        where p.id = private.renewal_order_id(p_sub.id, p_sub.renews_at, p_sub.renewal_attempts)
          and p.status <> 'pending');
$$;
revoke execute on function private.renewal_charge_due(public.subscriptions) from public, anon, authenticated;
grant execute on function private.renewal_charge_due(public.subscriptions) to service_role;

/**
 * Locks the next subscription whose renewal charge is due (auto_renew, not canceled, active,
 * next_attempt_at or renews_at passed), skipping rows another tick holds, makes sure the pending
 * order of this period and attempt exists (id 'rn_<subscription>_<period start, epoch s>_<attempt>')
 * and returns it with the encrypted billing key; no row when nothing is due. A subscription whose order
 * of this period and attempt is settled already is skipped (never charged twice, never holding up the rest).
 * The caller charges and
 * records the outcome in the same transaction, so the lock covers the charge.
 */
create or replace function private.claim_due_renewal()
returns table (
  subscription_id uuid, user_id uuid, billing_account_id uuid, customer_key text, key_ciphertext text,
  plan_id text, plan_name text, billing_period text, amount integer, period_start timestamptz,
  period_end timestamptz, attempt integer, order_id text
)
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_sub public.subscriptions;
  v_order text;
  v_terms record;
begin
  select * into v_sub from public.subscriptions s
   where s.auto_renew and s.canceled_at is null and s.status = 'active'
     and coalesce(s.next_attempt_at, s.renews_at) <= now()
     -- the cheap conditions above (the partial index), then the whole rule
     and private.renewal_charge_due(s)
   order by coalesce(s.next_attempt_at, s.renews_at)
   limit 1
   for update skip locked;
  if not found then
    return;
  end if;
  v_order := private.renewal_order_id(v_sub.id, v_sub.renews_at, v_sub.renewal_attempts);
  -- the plan, period and price of the next period (a scheduled downgrade, the price lock)
  select * into v_terms from private.renewal_terms(v_sub);
  -- the order of this period and attempt (the same one again after a charge whose outcome was lost)
  insert into public.payments (id, user_id, plan_id, amount, order_name, status, kind, billing_account_id,
                               billing_period, period_start, period_end)
  values (v_order, v_sub.user_id, v_terms.plan_id, coalesce(v_terms.amount, 0),
          private.billing_order_name(v_terms.plan_id, v_terms.billing_period), 'pending', 'renewal',
          v_sub.billing_account_id, v_terms.billing_period, v_sub.renews_at,
          v_sub.renews_at + private.billing_interval(v_terms.billing_period))
  on conflict (id) do nothing;
  return query
    select v_sub.id, v_sub.user_id, a.id, a.customer_key, k.key_ciphertext, p.plan_id, p.order_name,
           p.billing_period, p.amount, p.period_start, p.period_end, v_sub.renewal_attempts, p.id
      from public.payments p
      join private.billing_accounts a on a.id = v_sub.billing_account_id
      left join private.billing_keys k on k.billing_account_id = a.id
     where p.id = v_order and p.status = 'pending';
end;
$$;
revoke execute on function private.claim_due_renewal() from public, anon, authenticated;
grant execute on function private.claim_due_renewal() to service_role;

/**
 * A renewal charge succeeded: the order becomes done (once) and the subscription moves one period
 * on (renews_at = the period's end, end_date = that + grace, retries cleared) on the plan, period
 * and price charged: a scheduled downgrade applies now, an announced price is now the locked one.
 */
create or replace function private.record_renewal(
  p_order_id text, p_payment_key text, p_method text, p_approved_at timestamptz, p_receipt_url text
)
returns public.subscriptions
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_payment public.payments;
  v_sub public.subscriptions;
begin
  v_payment := private.settle_billing_order(p_order_id, 'renewal', p_payment_key, p_method, p_approved_at, p_receipt_url);
  if v_payment.id is null then
    return null;
  end if;
  update public.subscriptions s
     set start_date = v_payment.period_start, renews_at = v_payment.period_end,
         end_date = v_payment.period_end + private.billing_grace(), renewal_attempts = 0,
         next_attempt_at = null, last_payment_id = v_payment.id, status = 'active',
         plan_id = v_payment.plan_id, billing_period = v_payment.billing_period, price = v_payment.amount,
         change_plan_id = null, change_period = null, change_price = null,
         -- an increase announced for a later renewal of the same plan and period stays pending
         next_price = case when s.next_price_from > v_payment.period_start and s.plan_id = v_payment.plan_id
                                and s.billing_period is not distinct from v_payment.billing_period
                           then s.next_price end,
         next_price_from = case when s.next_price_from > v_payment.period_start and s.plan_id = v_payment.plan_id
                                     and s.billing_period is not distinct from v_payment.billing_period
                                then s.next_price_from end
   where s.billing_account_id = v_payment.billing_account_id and s.renews_at = v_payment.period_start
  returning * into v_sub;
  return v_sub;
end;
$$;
revoke execute on function private.record_renewal(text, text, text, timestamptz, text) from public, anon, authenticated;
grant execute on function private.record_renewal(text, text, text, timestamptz, text) to service_role;

/**
 * A renewal charge was declined: the order is failed; the next try is 1, 3 and 5 days after
 * renews_at (the plan stays in force meanwhile), each with a notice and a mail. After the last
 * one the subscription stops renewing and ends now (the account returns to trial, losing no work).
 */
create or replace function private.record_renewal_failure(p_order_id text, p_code text, p_message text)
returns public.subscriptions
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_payment public.payments;
  v_sub public.subscriptions;
  v_retry_days integer[] := array[1, 3, 5];
  v_next timestamptz;
  v_text text;
begin
  update public.payments p
     set status = 'failed', failure_code = left(p_code, 100), failure_message = left(p_message, 300)
   where p.id = p_order_id and p.status = 'pending' and p.kind = 'renewal'
  returning * into v_payment;
  if not found then
    return null;
  end if;
  select * into v_sub from public.subscriptions s
   where s.billing_account_id = v_payment.billing_account_id and s.renews_at = v_payment.period_start
   for update;
  if not found then
    return null;
  end if;

  if v_sub.renewal_attempts < 3 then
    v_next := v_sub.renews_at + make_interval(days => v_retry_days[v_sub.renewal_attempts + 1]);
    update public.subscriptions s
       set renewal_attempts = s.renewal_attempts + 1, next_attempt_at = v_next
     where s.id = v_sub.id
    returning * into v_sub;
    v_text := format('%s원 정기 결제가 카드사에서 거절되었습니다. %s에 다시 시도합니다. 결제 관리에서 결제 수단을 변경할 수 있으며, 그때까지 플랜은 계속 이용할 수 있습니다.',
                     to_char(v_payment.amount, 'FM999,999,999'), private.seoul_date(v_next));
    insert into private.billing_notices (billing_account_id, kind, message)
    values (v_payment.billing_account_id, 'payment_failed', v_text);
    perform private.queue_billing_mail(v_payment.billing_account_id, '[AI 논술 첨삭] 정기 결제 실패 안내', v_text,
                                       'failed:' || v_payment.id);
  else
    update public.subscriptions s
       set renewal_attempts = 4, next_attempt_at = null, auto_renew = false, end_date = now()
     where s.id = v_sub.id
    returning * into v_sub;
    v_text := '정기 결제가 네 번 모두 거절되어 구독이 종료되었고 체험판으로 전환되었습니다. 작성한 채점 기록은 그대로 남아 있습니다. 결제 관리에서 다시 구독할 수 있습니다.';
    insert into private.billing_notices (billing_account_id, kind, message)
    values (v_payment.billing_account_id, 'subscription_ended', v_text);
    perform private.queue_billing_mail(v_payment.billing_account_id, '[AI 논술 첨삭] 구독 종료 안내', v_text,
                                       'ended:' || v_payment.id);
    v_sub := private.apply_due_subscription_changes(v_sub.user_id);
  end if;
  return v_sub;
end;
$$;
revoke execute on function private.record_renewal_failure(text, text, text) from public, anon, authenticated;
grant execute on function private.record_renewal_failure(text, text, text) to service_role;

/**
 * 7 days before a renewal: one in-app notice and one mail per period with the amount and the
 * date (renewal_notice_for remembers the period). Returns how many were queued.
 */
create or replace function private.queue_renewal_notices()
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.subscriptions;
  v_terms record;
  v_n integer := 0;
  v_text text;
begin
  for v_row in
    update public.subscriptions s
       set renewal_notice_for = s.renews_at
     where s.auto_renew and s.canceled_at is null and s.status = 'active'
       and s.renews_at > now() and s.renews_at <= now() + interval '7 days'
       and s.renewal_notice_for is distinct from s.renews_at
    returning s.*
  loop
    select * into v_terms from private.renewal_terms(v_row);
    v_text := format('%s에 %s 플랜 %s원이 등록된 카드로 자동 결제됩니다. 원하지 않으시면 그 전에 결제 관리에서 구독을 해지할 수 있습니다.',
                     private.seoul_date(v_row.renews_at),
                     (select pl.name from public.subscription_plans pl where pl.id = v_terms.plan_id),
                     to_char(v_terms.amount, 'FM999,999,999'));
    insert into private.billing_notices (billing_account_id, kind, message)
    values (v_row.billing_account_id, 'renewal_upcoming', v_text);
    perform private.queue_billing_mail(v_row.billing_account_id, '[AI 논술 첨삭] 정기 결제 예정 안내', v_text,
                                       'notice:' || v_row.billing_account_id || ':' || extract(epoch from v_row.renews_at)::bigint);
    v_n := v_n + 1;
  end loop;
  return v_n;
end;
$$;
revoke execute on function private.queue_renewal_notices() from public, anon, authenticated;
grant execute on function private.queue_renewal_notices() to service_role;

/**
 * Whether the scheduled tick has billing work: a renewal charge due, a 7-day notice to send, or a
 * mail waiting in the outbox. pg_cron's tick condition and the local tick ask this.
 */
create or replace function private.billing_work_due()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
           select 1 from public.subscriptions s
            where s.auto_renew and s.canceled_at is null and s.status = 'active'
              and (private.renewal_charge_due(s)
                   or (s.renews_at > now() and s.renews_at <= now() + interval '7 days'
                       and s.renewal_notice_for is distinct from s.renews_at)))
      or exists (select 1 from private.mail_outbox m
                  where m.sent_at is null and m.next_attempt_at <= now() and m.attempts < 8);
$$;
revoke execute on function private.billing_work_due() from public, anon, authenticated;
grant execute on function private.billing_work_due() to service_role;

/**
 * A plan upgrade's prorated charge succeeded (order p_order_id, kind 'upgrade'): the order becomes
 * done (once) and the subscription switches to the order's plan now, renews_at unchanged, renewing
 * at the new plan's price (a scheduled downgrade or a pending price increase is dropped).
 * Returns the subscription (null when the order was not pending).
 */
create or replace function private.record_plan_upgrade(
  p_order_id text, p_payment_key text, p_method text, p_approved_at timestamptz, p_receipt_url text
)
returns public.subscriptions
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_payment public.payments;
  v_sub public.subscriptions;
begin
  v_payment := private.settle_billing_order(p_order_id, 'upgrade', p_payment_key, p_method, p_approved_at, p_receipt_url);
  if v_payment.id is null then
    return null;
  end if;
  update public.subscriptions s
     set plan_id = v_payment.plan_id,
         price = private.billing_price(v_payment.plan_id, coalesce(s.billing_period, 'monthly')),
         next_price = null, next_price_from = null, change_plan_id = null, change_period = null, change_price = null
   where s.billing_account_id = v_payment.billing_account_id and s.auto_renew
  returning * into v_sub;
  return v_sub;
end;
$$;
revoke execute on function private.record_plan_upgrade(text, text, text, timestamptz, text) from public, anon, authenticated;
grant execute on function private.record_plan_upgrade(text, text, text, timestamptz, text) to service_role;

/**
 * A plan's price for p_period changed to p_price: every renewing subscription on that plan and
 * period hears of it. An increase applies from the first renewal at least 30 days from now
 * (next_price / next_price_from; renewals before it charge the locked price), announced in the
 * app and by mail with the new price and that date. A decrease becomes the locked price at once,
 * so the next renewal charges it. Returns how many subscriptions were told.
 */
create or replace function private.announce_price_change(p_plan_id text, p_period text, p_price integer)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_sub public.subscriptions;
  v_locked integer;
  v_from timestamptz;
  v_name text;
  v_text text;
  v_n integer := 0;
begin
  if p_price is null then
    return 0;
  end if;
  select pl.name into v_name from public.subscription_plans pl where pl.id = p_plan_id;
  for v_sub in
    select * from public.subscriptions s
     where s.plan_id = p_plan_id and coalesce(s.billing_period, 'monthly') = p_period
       and s.auto_renew and s.canceled_at is null and s.status = 'active' and s.end_date > now()
     for update
  loop
    v_locked := coalesce(v_sub.price, p_price);
    if p_price > v_locked then
      v_from := v_sub.renews_at;
      while v_from < now() + interval '30 days' loop
        v_from := v_from + private.billing_interval(p_period);
      end loop;
      update public.subscriptions s set next_price = p_price, next_price_from = v_from where s.id = v_sub.id;
      v_text := format('%s 플랜 요금이 %s원에서 %s원으로 인상됩니다. 인상된 요금은 %s 결제부터 적용되며, 그 전까지는 지금 요금으로 결제됩니다. 원하지 않으시면 그 전에 결제 관리에서 구독을 해지할 수 있습니다.',
                       v_name, to_char(v_locked, 'FM999,999,999'), to_char(p_price, 'FM999,999,999'),
                       private.seoul_date(v_from));
    elsif p_price < v_locked or v_sub.next_price is not null then
      update public.subscriptions s set price = p_price, next_price = null, next_price_from = null where s.id = v_sub.id;
      v_text := format('%s 플랜 요금이 %s원으로 변경되어 다음 결제일(%s)부터 적용됩니다.',
                       v_name, to_char(p_price, 'FM999,999,999'), private.seoul_date(v_sub.renews_at));
    else
      continue;
    end if;
    insert into private.billing_notices (billing_account_id, kind, message)
    values (v_sub.billing_account_id, 'price_change', v_text);
    perform private.queue_billing_mail(v_sub.billing_account_id, '[AI 논술 첨삭] 요금 변경 안내', v_text,
                                       'price:' || v_sub.id || ':' || p_period || ':' || p_price || ':'
                                       || floor(extract(epoch from now()))::bigint);
    v_n := v_n + 1;
  end loop;
  return v_n;
end;
$$;
revoke execute on function private.announce_price_change(text, text, integer) from public, anon, authenticated;
grant execute on function private.announce_price_change(text, text, integer) to service_role;

/** After a plan's price or yearly price changes (however it is edited), its renewing subscriptions are told. */
create or replace function private.plan_price_changed()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.price is distinct from old.price then
    perform private.announce_price_change(new.id, 'monthly', new.price);
  end if;
  if new.yearly_price is distinct from old.yearly_price then
    perform private.announce_price_change(new.id, 'yearly', new.yearly_price);
  end if;
  return new;
end;
$$;
revoke execute on function private.plan_price_changed() from public, anon, authenticated;

-- -----------------------------------------------------------------------------
-- Triggers
-- -----------------------------------------------------------------------------
drop trigger if exists billing_accounts_set_updated_at on private.billing_accounts;
create trigger billing_accounts_set_updated_at
  before update on private.billing_accounts
  for each row execute function private.set_updated_at();

drop trigger if exists subscription_plans_price_changed on public.subscription_plans;
create trigger subscription_plans_price_changed
  after update of price, yearly_price on public.subscription_plans
  for each row execute function private.plan_price_changed();

-- -----------------------------------------------------------------------------
-- Privileges: the service connection only (no grants to anon / authenticated)
-- -----------------------------------------------------------------------------
revoke all on table private.billing_accounts, private.billing_keys, private.billing_notices, private.mail_outbox
  from public, anon, authenticated;
grant select, insert, update, delete on table private.billing_accounts, private.billing_keys,
  private.billing_notices, private.mail_outbox to service_role;

-- -----------------------------------------------------------------------------
-- RLS: on, with no policies (nothing but the service connection reads them)
-- -----------------------------------------------------------------------------
alter table private.billing_accounts enable row level security;
alter table private.billing_keys enable row level security;
alter table private.billing_notices enable row level security;
alter table private.mail_outbox enable row level security;
