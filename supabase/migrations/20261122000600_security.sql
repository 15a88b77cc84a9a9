-- =============================================================================
-- Abuse prevention: devices, rate limits, abuse events, email verifications.
-- Written by the API with the service connection; readable/manageable by
-- admins only.
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
  type          text not null check (type in ('ip', 'device')),
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
comment on column public.rate_limits.identifier is 'IP address or device token, according to type.';
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
comment on column public.abuse_tracking.event_type is 'e.g. rate_limited, guest_farming, suspicious_device.';
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
-- Privileges + RLS: admin-only
-- -----------------------------------------------------------------------------
do $$
declare
  t text;
begin
  foreach t in array array['devices', 'rate_limits', 'abuse_tracking', 'email_verifications'] loop
    execute format('revoke all on public.%I from anon, authenticated', t);
    execute format('grant select, insert, update, delete on public.%I to authenticated', t);
    execute format('grant all on public.%I to service_role', t);
    execute format('alter table public.%I enable row level security', t);

    execute format('drop policy if exists "admins read %1$s" on public.%1$I', t);
    execute format('create policy "admins read %1$s" on public.%1$I for select to authenticated '
                   'using ((select private.is_admin()))', t);
    execute format('drop policy if exists "admins insert %1$s" on public.%1$I', t);
    execute format('create policy "admins insert %1$s" on public.%1$I for insert to authenticated '
                   'with check ((select private.is_admin()))', t);
    execute format('drop policy if exists "admins update %1$s" on public.%1$I', t);
    execute format('create policy "admins update %1$s" on public.%1$I for update to authenticated '
                   'using ((select private.is_admin())) with check ((select private.is_admin()))', t);
    execute format('drop policy if exists "admins delete %1$s" on public.%1$I', t);
    execute format('create policy "admins delete %1$s" on public.%1$I for delete to authenticated '
                   'using ((select private.is_admin()))', t);
  end loop;
end;
$$;
