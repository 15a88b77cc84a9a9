-- =============================================================================
-- Security and rate limits (rate_limits by ip or device, docs/product.md#limits):
-- fixed-window rate-limit counters per (identifier, type, action) counted
-- atomically, and abuse events (one row each time a limit turns a request
-- away). Written by the API with the service connection; readable / manageable
-- by admins only.
-- =============================================================================

-- -----------------------------------------------------------------------------
-- Tables
-- -----------------------------------------------------------------------------
create table if not exists public.rate_limits (
  id            uuid primary key default gen_random_uuid(),
  identifier    text not null,
  type          text not null check (type in ('ip', 'device', 'user')),
  action        text not null,
  count         integer not null default 1 check (count >= 0),
  window_start  timestamptz not null default now(),
  reset_at      timestamptz not null,
  created_at    timestamptz not null default now(),
  updated_at    timestamptz not null default now(),
  unique (identifier, type, action)
);

comment on table public.rate_limits is
  'Fixed-window counters, one row per (identifier, type, action); the API resets the row '
  'in place (count = 1, window_start = now()) once reset_at has passed. Admin-only.';
comment on column public.rate_limits.identifier is 'IP address, device token or user id, according to type.';
comment on column public.rate_limits.type is 'ip, device, or user (per-account limits, e.g. sessions created per hour).';
comment on column public.rate_limits.action is 'Limited action, e.g. guest_create, register, login.';
comment on column public.rate_limits.reset_at is 'End of the current window.';

create table if not exists public.abuse_tracking (
  id            uuid primary key default gen_random_uuid(),
  ip_address    text,
  event_type    text not null,
  description   text,
  metadata      jsonb not null default '{}'::jsonb,
  risk_score    integer not null default 0 check (risk_score between 0 and 100),
  action_taken  text,
  detected_at   timestamptz not null default now(),
  created_at    timestamptz not null default now()
);

comment on table public.abuse_tracking is 'Detected abuse events (audit log). Admin-only.';
comment on column public.abuse_tracking.event_type is 'e.g. rate_limit (written by private.hit_rate_limit), guest_farming, suspicious_device.';
comment on column public.abuse_tracking.action_taken is 'e.g. none, throttled, blocked.';

-- -----------------------------------------------------------------------------
-- Indexes
-- -----------------------------------------------------------------------------
create index if not exists rate_limits_reset_at_idx on public.rate_limits (reset_at);
create index if not exists abuse_tracking_ip_address_idx on public.abuse_tracking (ip_address);
create index if not exists abuse_tracking_detected_at_idx on public.abuse_tracking (detected_at desc);

-- -----------------------------------------------------------------------------
-- Functions
-- -----------------------------------------------------------------------------

/**
 * Counts one hit of p_action for p_identifier in a fixed window of
 * p_window_seconds and says whether it is within p_limit:
 *   { allowed, count, limit, resetAt }
 * The row is reset in place once its window has passed. A refused hit is
 * recorded in public.abuse_tracking (ip_address = identifier for type 'ip').
 */
create or replace function private.hit_rate_limit(
  p_identifier text,
  p_type text,
  p_action text,
  p_limit integer,
  p_window_seconds integer
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.rate_limits;
begin
  insert into public.rate_limits as r (identifier, type, action, count, window_start, reset_at)
  values (p_identifier, p_type, p_action, 1, now(), now() + make_interval(secs => p_window_seconds))
  on conflict (identifier, type, action) do update
     set count = case when r.reset_at <= now() then 1 else r.count + 1 end,
         window_start = case when r.reset_at <= now() then now() else r.window_start end,
         reset_at = case when r.reset_at <= now() then now() + make_interval(secs => p_window_seconds)
                         else r.reset_at end
  returning * into v_row;

  if v_row.count > p_limit then
    insert into public.abuse_tracking (ip_address, event_type, description, metadata, risk_score, action_taken)
    values (case when p_type = 'ip' then p_identifier end, 'rate_limit',
            p_action || ' over ' || p_limit || ' per ' || p_window_seconds || ' s',
            jsonb_build_object('identifier', p_identifier, 'type', p_type, 'action', p_action, 'count', v_row.count),
            least(100, 40 + v_row.count - p_limit), 'blocked');
  end if;

  return jsonb_build_object('allowed', v_row.count <= p_limit, 'count', v_row.count,
                            'limit', p_limit, 'resetAt', v_row.reset_at);
end;
$$;
revoke execute on function private.hit_rate_limit(text, text, text, integer, integer) from public, anon, authenticated;
grant execute on function private.hit_rate_limit(text, text, text, integer, integer) to service_role;

-- -----------------------------------------------------------------------------
-- Triggers
-- -----------------------------------------------------------------------------
drop trigger if exists rate_limits_set_updated_at on public.rate_limits;
create trigger rate_limits_set_updated_at
  before update on public.rate_limits
  for each row execute function private.set_updated_at();

-- -----------------------------------------------------------------------------
-- Privileges: the API writes these rows with the service connection; admins may read and delete
-- them (RLS), never write them (no member-writable column, so no rule to repeat in checks).
-- -----------------------------------------------------------------------------
revoke all on public.rate_limits, public.abuse_tracking from anon, authenticated;
grant select, delete on public.rate_limits, public.abuse_tracking to authenticated;
grant all on public.rate_limits, public.abuse_tracking to service_role;

-- -----------------------------------------------------------------------------
-- RLS: admin-only
-- -----------------------------------------------------------------------------
alter table public.rate_limits enable row level security;
alter table public.abuse_tracking enable row level security;

-- rate_limits
drop policy if exists "admins read rate_limits" on public.rate_limits;
create policy "admins read rate_limits" on public.rate_limits
  for select to authenticated
  using ((select private.is_admin()));

drop policy if exists "admins insert rate_limits" on public.rate_limits;
create policy "admins insert rate_limits" on public.rate_limits
  for insert to authenticated
  with check ((select private.is_admin()));

drop policy if exists "admins update rate_limits" on public.rate_limits;
create policy "admins update rate_limits" on public.rate_limits
  for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

drop policy if exists "admins delete rate_limits" on public.rate_limits;
create policy "admins delete rate_limits" on public.rate_limits
  for delete to authenticated
  using ((select private.is_admin()));

-- abuse_tracking
drop policy if exists "admins read abuse_tracking" on public.abuse_tracking;
create policy "admins read abuse_tracking" on public.abuse_tracking
  for select to authenticated
  using ((select private.is_admin()));

drop policy if exists "admins insert abuse_tracking" on public.abuse_tracking;
create policy "admins insert abuse_tracking" on public.abuse_tracking
  for insert to authenticated
  with check ((select private.is_admin()));

drop policy if exists "admins update abuse_tracking" on public.abuse_tracking;
create policy "admins update abuse_tracking" on public.abuse_tracking
  for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

drop policy if exists "admins delete abuse_tracking" on public.abuse_tracking;
create policy "admins delete abuse_tracking" on public.abuse_tracking
  for delete to authenticated
  using ((select private.is_admin()));
