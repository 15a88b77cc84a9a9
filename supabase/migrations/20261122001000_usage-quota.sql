-- =============================================================================
-- Usage quota (PRODUCT_SPEC §6, §9): one use per graded essay. Guests have 3
-- uses in total (profiles.guest_usage_count); members have their plan's
-- monthly count per Asia/Seoul month (usage_tracking.essay_count).
-- Uses are reserved atomically when answers are queued (row locks, so
-- concurrent requests can never exceed the limit) and returned by
-- private.release_usage() when grading fails.
-- Also: file metadata columns used by the workspace API.
-- =============================================================================

-- -----------------------------------------------------------------------------
-- Columns
-- -----------------------------------------------------------------------------
alter table public.essay_submissions add column if not exists essay_mime_type text;
alter table public.essay_submissions add column if not exists usage_period_start timestamptz;
alter table public.analysis_sessions add column if not exists prompt_mime_type text;
alter table public.analysis_sessions add column if not exists criteria_mime_type text;

comment on column public.essay_submissions.essay_mime_type is
  'MIME type of the stored original (decided from its bytes); image/* means essay_content is empty '
  'until the grader reads the image. Null for typed essays.';
comment on column public.essay_submissions.usage_period_start is
  'The Asia/Seoul month (usage_tracking.period_start) the reserved use was counted in; '
  'null when it was a guest use (profiles.guest_usage_count) or nothing was reserved.';
comment on column public.analysis_sessions.prompt_mime_type is
  'MIME type of the stored prompt original; image/* means prompt_content is empty until read by the grader.';
comment on column public.analysis_sessions.criteria_mime_type is
  'MIME type of the stored criteria original (null without a criteria file).';

-- Batch staging: a batch-uploaded answer is a `pending` row with usage_charged = false
-- until POST /sessions/{id}/start-batch reserves its use. The grading worker only claims
-- pending rows with usage_charged = true.
create index if not exists essay_submissions_staged_idx
  on public.essay_submissions (session_id)
  where status = 'pending' and not usage_charged;

-- -----------------------------------------------------------------------------
-- Functions
-- -----------------------------------------------------------------------------

/**
 * Usage snapshot of p_user_id (no locks, no writes except creating the month's row):
 *   { isGuest, planId, planName, current, limit, remaining, periodStart, resetDate }
 * Guests: current = guest_usage_count, limit 3, resetDate null (the free uses never reset).
 * Members: this Asia/Seoul month's essay_count against the plan's max_essays_per_month;
 * the plan is the subscription's plan (trial without one), as in GET /usage/status.
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

  select pl.* into v_plan
    from public.subscriptions s
    join public.subscription_plans pl
      on pl.id = s.plan_id
   where s.user_id = p_user_id;
  if not found then
    select * into v_plan from public.subscription_plans where id = 'trial';
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
      'resetDate', null
    );
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
    'resetDate', v_usage.period_end
  );
end;
$$;
revoke execute on function private.usage_snapshot(uuid) from public, anon, authenticated;
grant execute on function private.usage_snapshot(uuid) to service_role;

/**
 * Atomically reserves p_count uses for p_user_id: all of them or none.
 * Locks the guest's profile row or the member's usage row of this Asia/Seoul
 * month (FOR UPDATE), so concurrent calls serialise and never exceed the limit.
 * Returns the snapshot (after the reservation when it succeeded) plus
 *   allowed   – whether the uses were reserved,
 *   reserved  – how many were reserved (0 or p_count).
 * Mark the submissions usage_charged = true (and usage_period_start =
 * periodStart) in the same transaction.
 */
create or replace function private.reserve_usage(p_user_id uuid, p_count integer default 1)
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
  update public.usage_tracking set essay_count = essay_count + p_count where id = v_row.id;
  return private.usage_snapshot(p_user_id) || jsonb_build_object('allowed', true, 'reserved', p_count);
end;
$$;
revoke execute on function private.reserve_usage(uuid, integer) from public, anon, authenticated;
grant execute on function private.reserve_usage(uuid, integer) to service_role;

/**
 * Returns the use reserved by submission p_submission_id, once: decrements the
 * usage row of the month it was counted in (or the guest counter) and clears
 * usage_charged. Returns false when nothing was reserved (already returned).
 */
create or replace function private.release_usage(p_submission_id uuid)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_sub public.essay_submissions;
begin
  select * into v_sub from public.essay_submissions s where s.id = p_submission_id for update;
  if not found or not v_sub.usage_charged then
    return false;
  end if;

  if v_sub.usage_period_start is not null then
    update public.usage_tracking u
       set essay_count = greatest(u.essay_count - 1, 0)
     where u.user_id = v_sub.user_id and u.period_start = v_sub.usage_period_start;
  else
    update public.profiles p
       set guest_usage_count = greatest(p.guest_usage_count - 1, 0)
     where p.id = v_sub.user_id;
  end if;

  update public.essay_submissions s set usage_charged = false where s.id = p_submission_id;
  return true;
end;
$$;
revoke execute on function private.release_usage(uuid) from public, anon, authenticated;
grant execute on function private.release_usage(uuid) to service_role;

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
