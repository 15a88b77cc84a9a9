-- =============================================================================
-- Plans, the user's current subscription, and monthly usage (Asia/Seoul months)
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
  stripe_subscription_id    text,
  stripe_payment_intent_id  text,
  created_at                timestamptz not null default now(),
  updated_at                timestamptz not null default now()
);

comment on table public.subscriptions is
  'The CURRENT subscription of a user (exactly one row per user, created by the auth trigger). '
  'Changed only by the service connection (plan selection, payments, admin).';
comment on column public.subscriptions.end_date is
  'End of the paid period (null = open ended, e.g. trial).';
comment on column public.subscriptions.renews_at is
  'Next renewal date for paid plans.';
comment on column public.subscriptions.stripe_subscription_id is
  'Legacy field from the original product (payments now use Toss).';

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

-- -----------------------------------------------------------------------------
-- Indexes (user_id of subscriptions / usage_tracking are covered by their unique constraints)
-- -----------------------------------------------------------------------------
create index if not exists subscription_plans_active_price_idx
  on public.subscription_plans (is_active, price);
create index if not exists subscriptions_plan_id_idx on public.subscriptions (plan_id);
create index if not exists subscriptions_status_idx on public.subscriptions (status);
create index if not exists usage_tracking_subscription_id_idx on public.usage_tracking (subscription_id);
create index if not exists usage_tracking_period_idx on public.usage_tracking (period_start, period_end);

-- -----------------------------------------------------------------------------
-- Functions
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
   '["기본 AI 분석", "개별 파일 업로드"]'::jsonb, true),
  ('individual', '개인', '꾸준히 글쓰기를 연습하는 개인 학습자를 위한 플랜', 9900, 'KRW', 'monthly', 100, 1, 1,
   '["상세 피드백 제공", "이메일 지원", "분석 이력 관리"]'::jsonb, true),
  ('educator', '교육자', '여러 학생의 답안을 한 번에 채점하는 교사·강사를 위한 플랜', 29900, 'KRW', 'monthly', 500, 10, 1,
   '["최고 수준의 AI 분석", "최대 10명 학생 답안 동시 채점", "우선 지원", "무제한 이력 보관"]'::jsonb, true),
  ('business', '기업', '학원·교육기관을 위한 대량 채점 플랜', 99000, 'KRW', 'monthly', 3000, 50, 1,
   '["전담 계정 매니저", "최대 50개 답안 동시 채점", "맞춤형 평가 기준", "실시간 채팅 지원"]'::jsonb, true)
on conflict (id) do nothing;

-- -----------------------------------------------------------------------------
-- Privileges
-- -----------------------------------------------------------------------------
revoke all on public.subscription_plans from anon, authenticated;
grant select on public.subscription_plans to anon, authenticated;
grant insert, update, delete on public.subscription_plans to authenticated;  -- admins only (RLS)
grant all on public.subscription_plans to service_role;

revoke all on public.subscriptions from anon, authenticated;
grant select on public.subscriptions to authenticated;
grant all on public.subscriptions to service_role;

revoke all on public.usage_tracking from anon, authenticated;
grant select on public.usage_tracking to authenticated;
grant all on public.usage_tracking to service_role;

-- -----------------------------------------------------------------------------
-- RLS
-- -----------------------------------------------------------------------------
alter table public.subscription_plans enable row level security;
alter table public.subscriptions enable row level security;
alter table public.usage_tracking enable row level security;

-- subscription_plans
drop policy if exists "anyone reads active plans" on public.subscription_plans;
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
drop policy if exists "users read their own subscription" on public.subscriptions;
drop policy if exists "users read their own subscription; admins read all" on public.subscriptions;
create policy "users read their own subscription; admins read all" on public.subscriptions
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

-- usage_tracking (writes: service connection only)
drop policy if exists "users read their own usage" on public.usage_tracking;
drop policy if exists "users read their own usage; admins read all" on public.usage_tracking;
create policy "users read their own usage; admins read all" on public.usage_tracking
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

