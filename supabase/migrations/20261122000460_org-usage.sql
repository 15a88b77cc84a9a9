-- =============================================================================
-- The organisation's pooled quota (기관 공동 한도) and per-teacher caps.
-- An organisation's plan is its owner's: gradings of an assignment made in an
-- organisation's space (analysis_sessions.org_id) are counted on the OWNER's
-- usage row (public.usage_tracking) against the owner's plan in force, so the
-- owner's personal gradings share the same pool. Each grading is also counted
-- per member (public.org_usage) against the member's optional monthly cap
-- (org_members.monthly_cap, null = none).
-- Reservation (private.reserve_session_usage) locks, in one transaction and in
-- this order: the owner's subscription row (due changes), the owner's profile
-- and usage row (as private.reserve_usage does), then the member's org_usage
-- row; so concurrent gradings of several teachers never exceed the pool or a
-- cap, and never deadlock with the owner's personal gradings.
-- What was charged is stamped on the answer (essay_submissions.usage_user_id,
-- usage_org_id, usage_member_id) when it is marked usage_charged, so a use is
-- always given back (private.release_usage) to the rows it was taken from,
-- whatever happens to the organisation's ownership meanwhile.
-- =============================================================================

-- -----------------------------------------------------------------------------
-- Tables
-- -----------------------------------------------------------------------------
create table if not exists public.org_usage (
  org_id        uuid not null references public.organisations (id) on delete cascade,
  user_id       uuid not null references public.profiles (id) on delete cascade,
  period_start  timestamptz not null,
  essay_count   integer not null default 0 check (essay_count >= 0),
  updated_at    timestamptz not null default now(),
  primary key (org_id, user_id, period_start)
);

comment on table public.org_usage is
  'Gradings from an organisation''s pooled quota per member per Asia/Seoul month (period_start as in '
  'usage_tracking). Members read their own rows, owners and managers all; the service writes.';

alter table public.essay_submissions
  add column if not exists usage_user_id uuid,
  add column if not exists usage_org_id uuid,
  add column if not exists usage_member_id uuid;

comment on column public.essay_submissions.usage_user_id is
  'Whose usage_tracking row the held use was counted on (the organisation owner for an organisation''s '
  'assignment); null: the answer''s user_id. Stamped when usage_charged is set; server-written only.';
comment on column public.essay_submissions.usage_org_id is
  'The organisation whose member counter (org_usage) the held use was counted on; null: none.';
comment on column public.essay_submissions.usage_member_id is
  'The member (org_usage.user_id) the held use was attributed to; null: none.';

-- -----------------------------------------------------------------------------
-- Indexes (org_id is the primary key's prefix)
-- -----------------------------------------------------------------------------
create index if not exists org_usage_user_id_idx on public.org_usage (user_id);

-- -----------------------------------------------------------------------------
-- Functions
-- -----------------------------------------------------------------------------

/** The owner of organisation p_org_id (whose plan and usage row are the pool), null when none. */
create or replace function private.org_pool_owner(p_org_id uuid)
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select m.user_id from public.org_members m where m.org_id = p_org_id and m.role = 'owner';
$$;
revoke execute on function private.org_pool_owner(uuid) from public, anon, authenticated;
grant execute on function private.org_pool_owner(uuid) to service_role;

/**
 * The pool of organisation p_org_id as member p_member_id sees it: the owner's
 * private.usage_snapshot (current / limit / plan / periodStart / resetDate of
 * the pool) plus orgId, poolUserId, poolRemaining and
 * member { userId, current, cap } (this month's gradings of the member, their cap
 * or null). `remaining` is what the member may still use: the pool's remaining,
 * bounded by the cap. Null when the organisation has no owner.
 */
create or replace function private.org_usage_snapshot(p_org_id uuid, p_member_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_owner uuid := private.org_pool_owner(p_org_id);
  v_snap jsonb;
  v_used integer;
  v_cap integer;
  v_pool integer;
begin
  if v_owner is null then
    return null;
  end if;
  v_snap := private.usage_snapshot(v_owner);
  select o.essay_count into v_used from public.org_usage o
   where o.org_id = p_org_id and o.user_id = p_member_id
     and o.period_start = (v_snap ->> 'periodStart')::timestamptz;
  select m.monthly_cap into v_cap from public.org_members m where m.org_id = p_org_id and m.user_id = p_member_id;
  v_used := coalesce(v_used, 0);
  v_pool := (v_snap ->> 'remaining')::integer;
  return v_snap || jsonb_build_object(
    'orgId', p_org_id,
    'poolUserId', v_owner,
    'poolRemaining', v_pool,
    'remaining', case when v_cap is null then v_pool else least(v_pool, greatest(v_cap - v_used, 0)) end,
    'member', jsonb_build_object('userId', p_member_id, 'current', v_used, 'cap', v_cap)
  );
end;
$$;
revoke execute on function private.org_usage_snapshot(uuid, uuid) from public, anon, authenticated;
grant execute on function private.org_usage_snapshot(uuid, uuid) to service_role;

/**
 * Reserves p_count uses of organisation p_org_id's pool for member p_member_id,
 * all or none. Locks the owner's subscription (due changes), profile and usage
 * row, then the member's org_usage row (FOR UPDATE). Refused when the pool has
 * fewer than p_count left (orgLimit 'pool') or the member's cap would be passed
 * (orgLimit 'member'); a free (price 0) owner plan also takes the daily free
 * budgets (private.take_free_uses, freeLimit as private.reserve_usage).
 * Returns private.org_usage_snapshot (after the reservation) plus allowed and
 * reserved.
 */
create or replace function private.reserve_org_usage(
  p_org_id uuid,
  p_member_id uuid,
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
  v_owner uuid := private.org_pool_owner(p_org_id);
  v_row public.usage_tracking;
  v_member public.org_usage;
  v_cap integer;
  v_snapshot jsonb;
  v_refused text;
begin
  if p_count is null or p_count < 1 then
    raise exception 'reserve_org_usage: p_count must be positive' using errcode = '22023';
  end if;
  if v_owner is null then
    raise exception 'reserve_org_usage: organisation without owner' using errcode = 'P0002';
  end if;
  -- the lock order of private.reserve_usage (subscription, profile, usage row), then the member's row
  perform private.apply_due_subscription_changes(v_owner);
  perform 1 from public.profiles p where p.id = v_owner for update;
  v_row := private.ensure_current_usage(v_owner);
  select * into v_row from public.usage_tracking u where u.id = v_row.id for update;
  insert into public.org_usage (org_id, user_id, period_start)
  values (p_org_id, p_member_id, v_row.period_start)
  on conflict do nothing;
  select * into v_member from public.org_usage o
   where o.org_id = p_org_id and o.user_id = p_member_id and o.period_start = v_row.period_start
     for update;
  select m.monthly_cap into v_cap from public.org_members m where m.org_id = p_org_id and m.user_id = p_member_id;

  v_snapshot := private.org_usage_snapshot(p_org_id, p_member_id);
  if v_row.essay_count + p_count > (v_snapshot ->> 'limit')::integer then
    return v_snapshot || jsonb_build_object('allowed', false, 'reserved', 0, 'orgLimit', 'pool');
  end if;
  if v_cap is not null and v_member.essay_count + p_count > v_cap then
    return v_snapshot || jsonb_build_object('allowed', false, 'reserved', 0, 'orgLimit', 'member');
  end if;
  if (v_snapshot ->> 'free')::boolean then
    v_refused := private.take_free_uses(p_address, p_device, p_count, p_address_limit, p_device_limit);
    if v_refused is not null then
      return v_snapshot || jsonb_build_object('allowed', false, 'reserved', 0, 'freeLimit', v_refused);
    end if;
  end if;
  update public.usage_tracking u set essay_count = u.essay_count + p_count where u.id = v_row.id;
  update public.org_usage o set essay_count = o.essay_count + p_count, updated_at = now()
   where o.org_id = p_org_id and o.user_id = p_member_id and o.period_start = v_row.period_start;
  return private.org_usage_snapshot(p_org_id, p_member_id) || jsonb_build_object('allowed', true, 'reserved', p_count);
end;
$$;
revoke execute on function private.reserve_org_usage(uuid, uuid, integer, text, text, integer, integer)
  from public, anon, authenticated;
grant execute on function private.reserve_org_usage(uuid, uuid, integer, text, text, integer, integer) to service_role;

/**
 * Reserves p_count uses for answers of session p_session_id requested by
 * p_user_id (the teacher; for a student's draft, the assignment's teacher):
 * from the organisation's pool when the session belongs to one
 * (private.reserve_org_usage, the member being p_user_id), else exactly as
 * private.reserve_usage(p_user_id). When allowed, what was charged is kept for
 * this transaction (setting app.usage_charge) and stamped on the session's
 * answers marked usage_charged in it (private.stamp_usage_charge).
 */
create or replace function private.reserve_session_usage(
  p_session_id uuid,
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
  v_org uuid;
  v_res jsonb;
begin
  select s.org_id into v_org from public.analysis_sessions s where s.id = p_session_id;
  if v_org is null then
    v_res := private.reserve_usage(p_user_id, p_count, p_address, p_device, p_address_limit, p_device_limit);
  else
    v_res := private.reserve_org_usage(v_org, p_user_id, p_count, p_address, p_device, p_address_limit, p_device_limit);
  end if;
  if (v_res ->> 'allowed')::boolean then
    perform set_config('app.usage_charge', jsonb_build_object(
      'sessionId', p_session_id,
      'poolUserId', coalesce(v_res ->> 'poolUserId', p_user_id::text),
      'orgId', v_org,
      'memberId', case when v_org is not null then p_user_id end
    )::text, true);
  end if;
  return v_res;
end;
$$;
revoke execute on function private.reserve_session_usage(uuid, uuid, integer, text, text, integer, integer)
  from public, anon, authenticated;
grant execute on function private.reserve_session_usage(uuid, uuid, integer, text, text, integer, integer)
  to service_role;

/**
 * Trigger (before insert or update of usage_charged on essay_submissions): an
 * answer marked as holding a use records where it was counted: the charge this
 * transaction reserved for its session (private.reserve_session_usage), else
 * (a newly charged answer without one) its own user's usage row as before.
 */
create or replace function private.stamp_usage_charge()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_charge jsonb := nullif(current_setting('app.usage_charge', true), '')::jsonb;
begin
  if not new.usage_charged then
    return new;
  end if;
  if v_charge is not null and (v_charge ->> 'sessionId')::uuid = new.session_id then
    new.usage_user_id := (v_charge ->> 'poolUserId')::uuid;
    new.usage_org_id := (v_charge ->> 'orgId')::uuid;
    new.usage_member_id := (v_charge ->> 'memberId')::uuid;
  elsif tg_op = 'INSERT' or not old.usage_charged then
    new.usage_user_id := null;
    new.usage_org_id := null;
    new.usage_member_id := null;
  end if;
  return new;
end;
$$;
revoke execute on function private.stamp_usage_charge() from public, anon, authenticated;

-- -----------------------------------------------------------------------------
-- Triggers
-- -----------------------------------------------------------------------------
drop trigger if exists essay_submissions_stamp_usage_charge on public.essay_submissions;
create trigger essay_submissions_stamp_usage_charge
  before insert or update of usage_charged on public.essay_submissions
  for each row execute function private.stamp_usage_charge();

-- -----------------------------------------------------------------------------
-- Privileges: members read; the service connection writes
-- -----------------------------------------------------------------------------
revoke all on public.org_usage from anon, authenticated;
grant select on public.org_usage to authenticated;
grant all on public.org_usage to service_role;

-- -----------------------------------------------------------------------------
-- RLS
-- -----------------------------------------------------------------------------
alter table public.org_usage enable row level security;

drop policy if exists "members read their own use; owners and managers read all" on public.org_usage;
create policy "members read their own use; owners and managers read all" on public.org_usage
  for select to authenticated
  using (
    (user_id = (select auth.uid()) and private.is_org_member(org_id))
    or private.org_role(org_id) in ('owner', 'manager')
  );
