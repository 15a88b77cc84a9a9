-- =============================================================================
-- Payments → subscriptions: the exactly-once activation of a confirmed order,
-- and the switch back to the free trial plan.
-- Called only by the api function's service connection.
-- =============================================================================

-- -----------------------------------------------------------------------------
-- Columns
-- -----------------------------------------------------------------------------
alter table public.subscriptions
  add column if not exists last_payment_id text references public.payments (id) on delete set null;

comment on column public.subscriptions.last_payment_id is
  'The payments order (Toss orderId) that last activated or extended this subscription.';

alter table public.payments
  add column if not exists activated_at timestamptz;

comment on column public.payments.activated_at is
  'When this order activated the subscription (set once, together with status = done).';

-- -----------------------------------------------------------------------------
-- Indexes
-- -----------------------------------------------------------------------------
create index if not exists subscriptions_last_payment_id_idx on public.subscriptions (last_payment_id);

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
