-- =============================================================================
-- Security and rate limits (rate_limits by ip or device, docs/product.md#limits): devices,
-- fixed-window rate-limit counters per (identifier, type, action) counted
-- atomically, abuse events (one row each time a limit turns a request away),
-- email verifications. Written by the API with the service connection;
-- readable / manageable by admins only.
-- =============================================================================

-- -----------------------------------------------------------------------------
-- Tables
-- -----------------------------------------------------------------------------
create table if not exists public.devices (
  id             uuid primary key default gen_random_uuid(),
  device_token   text not null unique,
  fingerprint    text,
  ip_address     text,
  user_agent     text,
  language       text,
  timezone       text,
  platform       text,
  request_count  integer not null default 0 check (request_count >= 0),
  risk_score     integer not null default 0 check (risk_score between 0 and 100),
  last_seen_at   timestamptz not null default now(),
  created_at     timestamptz not null default now(),
  updated_at     timestamptz not null default now()
);

comment on table public.devices is 'Browsers/devices seen by the API (guest abuse prevention). Admin-only.';
comment on column public.devices.device_token is 'Opaque random token stored by the client.';
comment on column public.devices.fingerprint is 'Hash of client characteristics (never raw data).';
comment on column public.devices.risk_score is '0 (trusted) .. 100 (blocked).';

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
  device_id     uuid references public.devices (id) on delete set null,
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

create table if not exists public.email_verifications (
  id                 uuid primary key default gen_random_uuid(),
  device_id          uuid references public.devices (id) on delete cascade,
  email              text not null,
  verification_code  text not null,
  is_verified        boolean not null default false,
  expires_at         timestamptz not null,
  verified_at        timestamptz,
  created_at         timestamptz not null default now()
);

comment on table public.email_verifications is 'One-time email codes. Admin-only.';
comment on column public.email_verifications.verification_code is
  'Code (or its hash) sent by email; valid until expires_at.';

-- -----------------------------------------------------------------------------
-- Indexes
-- -----------------------------------------------------------------------------
create index if not exists devices_fingerprint_idx on public.devices (fingerprint);
create index if not exists devices_ip_address_idx on public.devices (ip_address);
create index if not exists rate_limits_reset_at_idx on public.rate_limits (reset_at);
create index if not exists abuse_tracking_device_id_idx on public.abuse_tracking (device_id);
create index if not exists abuse_tracking_ip_address_idx on public.abuse_tracking (ip_address);
create index if not exists abuse_tracking_detected_at_idx on public.abuse_tracking (detected_at desc);
create index if not exists email_verifications_device_id_idx on public.email_verifications (device_id);
create index if not exists email_verifications_email_idx on public.email_verifications (email, created_at desc);

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
drop trigger if exists devices_set_updated_at on public.devices;
create trigger devices_set_updated_at
  before update on public.devices
  for each row execute function private.set_updated_at();

drop trigger if exists rate_limits_set_updated_at on public.rate_limits;
create trigger rate_limits_set_updated_at
  before update on public.rate_limits
  for each row execute function private.set_updated_at();

-- -----------------------------------------------------------------------------
-- Privileges: the API writes these rows with the service connection; admins may read and delete
-- them (RLS), never write them (no member-writable column, so no rule to repeat in checks).
-- -----------------------------------------------------------------------------
revoke all on public.devices from anon, authenticated;
grant select, delete on public.devices to authenticated;
grant all on public.devices to service_role;

revoke all on public.rate_limits from anon, authenticated;
grant select, delete on public.rate_limits to authenticated;
grant all on public.rate_limits to service_role;

revoke all on public.abuse_tracking from anon, authenticated;
grant select, delete on public.abuse_tracking to authenticated;
grant all on public.abuse_tracking to service_role;

revoke all on public.email_verifications from anon, authenticated;
grant select, delete on public.email_verifications to authenticated;
grant all on public.email_verifications to service_role;

-- -----------------------------------------------------------------------------
-- RLS: admin-only
-- -----------------------------------------------------------------------------
alter table public.devices enable row level security;
alter table public.rate_limits enable row level security;
alter table public.abuse_tracking enable row level security;
alter table public.email_verifications enable row level security;

-- devices
drop policy if exists "admins read devices" on public.devices;
create policy "admins read devices" on public.devices
  for select to authenticated
  using ((select private.is_admin()));

drop policy if exists "admins insert devices" on public.devices;
create policy "admins insert devices" on public.devices
  for insert to authenticated
  with check ((select private.is_admin()));

drop policy if exists "admins update devices" on public.devices;
create policy "admins update devices" on public.devices
  for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

drop policy if exists "admins delete devices" on public.devices;
create policy "admins delete devices" on public.devices
  for delete to authenticated
  using ((select private.is_admin()));

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

-- email_verifications
drop policy if exists "admins read email_verifications" on public.email_verifications;
create policy "admins read email_verifications" on public.email_verifications
  for select to authenticated
  using ((select private.is_admin()));

drop policy if exists "admins insert email_verifications" on public.email_verifications;
create policy "admins insert email_verifications" on public.email_verifications
  for insert to authenticated
  with check ((select private.is_admin()));

drop policy if exists "admins update email_verifications" on public.email_verifications;
create policy "admins update email_verifications" on public.email_verifications
  for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

drop policy if exists "admins delete email_verifications" on public.email_verifications;
create policy "admins delete email_verifications" on public.email_verifications
  for delete to authenticated
  using ((select private.is_admin()));
