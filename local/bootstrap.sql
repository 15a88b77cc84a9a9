-- What a Supabase project provides before app migrations run (roles, auth, storage, realtime).
-- Local stand-in only; idempotent. Runs as the bootstrap superuser `supabase_admin` (as on the platform);
-- app migrations then run as the non-superuser `postgres` with the platform's grants.
-- Sources: Supabase's platform documentation and
-- supabase/postgres (migrations/db, ansible/files/postgresql_config/supautils.conf.j2).

-- ===== roles =====
do $$
begin
  if current_user <> 'supabase_admin' or not (select rolsuper from pg_roles where rolname = current_user) then
    raise exception 'bootstrap.sql must run as the superuser supabase_admin (it runs as %)', current_user;
  end if;
  if not exists (select from pg_roles where rolname = 'postgres') then create role postgres login; end if;
  if not exists (select from pg_roles where rolname = 'anon') then create role anon nologin noinherit; end if;
  if not exists (select from pg_roles where rolname = 'authenticated') then create role authenticated nologin noinherit; end if;
  if not exists (select from pg_roles where rolname = 'service_role') then create role service_role nologin noinherit bypassrls; end if;
  if not exists (select from pg_roles where rolname = 'authenticator') then create role authenticator login noinherit; end if;
  if not exists (select from pg_roles where rolname = 'supabase_auth_admin') then create role supabase_auth_admin noinherit createrole login; end if;
  if not exists (select from pg_roles where rolname = 'supabase_storage_admin') then create role supabase_storage_admin noinherit createrole login; end if;
  if not exists (select from pg_roles where rolname = 'supabase_realtime_admin') then create role supabase_realtime_admin noinherit nologin; end if;
  if not exists (select from pg_roles where rolname = 'supabase_superuser') then create role supabase_superuser nologin; end if;
  if not exists (select from pg_roles where rolname = 'dashboard_user') then create role dashboard_user nologin createdb createrole replication; end if;
end $$;

-- `postgres` is what migrations, the SQL editor and SUPABASE_DB_URL use: not a superuser
-- (migrations/db/migrations/10000000000000_demote-postgres.sql), no membership in the service admins.
alter role postgres nosuperuser createdb createrole login replication bypassrls inherit password 'postgres';
alter role supabase_admin set search_path to public, extensions;
alter role postgres set search_path to "$user", public, extensions;
grant anon, authenticated, service_role to authenticator;
alter role anon inherit;
alter role authenticated inherit;
alter role service_role inherit;
grant anon, authenticated, service_role to postgres;
grant pg_read_all_data, pg_monitor, pg_signal_backend, supabase_superuser to postgres;
do $$
begin
  -- Older local data folders gave these to postgres; the platform no longer does (2025).
  if pg_has_role('postgres', 'supabase_auth_admin', 'member') then revoke supabase_auth_admin from postgres; end if;
  if pg_has_role('postgres', 'supabase_storage_admin', 'member') then revoke supabase_storage_admin from postgres; end if;
end $$;
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';

alter database postgres owner to postgres;
grant all on database postgres to postgres;
grant usage on schema public to postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on sequences to postgres, anon, authenticated, service_role;

create schema if not exists extensions;
create extension if not exists pgcrypto with schema extensions;
create extension if not exists "uuid-ossp" with schema extensions;
grant usage on schema extensions to postgres, anon, authenticated, service_role;
grant all on schema extensions to postgres;
grant all on all routines in schema extensions to postgres;

do $$
begin
  if not exists (select from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end $$;

-- ===== auth =====
create schema if not exists auth authorization supabase_admin;
alter schema auth owner to supabase_admin;
grant usage on schema auth to anon, authenticated, service_role, postgres;
grant all on schema auth to supabase_auth_admin;

create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255),
  email_change varchar(255),
  email_change_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  is_super_admin boolean,
  created_at timestamptz,
  updated_at timestamptz,
  phone text unique default null,
  phone_confirmed_at timestamptz,
  phone_change text default '',
  phone_change_token varchar(255) default '',
  phone_change_sent_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  email_change_token_current varchar(255) default '',
  email_change_confirm_status smallint default 0 check (email_change_confirm_status >= 0 and email_change_confirm_status <= 2),
  banned_until timestamptz,
  reauthentication_token varchar(255) default '',
  reauthentication_sent_at timestamptz,
  is_sso_user boolean not null default false,
  deleted_at timestamptz,
  is_anonymous boolean not null default false
);
create unique index if not exists users_email_partial_key on auth.users (email) where (is_sso_user = false);
create index if not exists users_instance_id_idx on auth.users (instance_id);
create index if not exists users_is_anonymous_idx on auth.users (is_anonymous);
alter table auth.users enable row level security;
-- GoTrue writes '' itself: the token columns have no defaults (shared/SUPABASE_PLATFORM.md).
alter table auth.users alter column confirmation_token drop default, alter column recovery_token drop default,
  alter column email_change_token_new drop default, alter column email_change drop default;

create table if not exists auth.identities (
  provider_id text not null,
  user_id uuid not null references auth.users(id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz,
  updated_at timestamptz,
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid primary key default gen_random_uuid(),
  unique (provider_id, provider)
);
create index if not exists identities_user_id_idx on auth.identities (user_id);

create table if not exists auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users(id) on delete cascade,
  created_at timestamptz,
  updated_at timestamptz,
  factor_id uuid,
  aal text,
  not_after timestamptz,
  refreshed_at timestamp,
  user_agent text,
  ip inet,
  tag text
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);

create table if not exists auth.refresh_tokens (
  instance_id uuid,
  id bigserial primary key,
  token varchar(255) unique,
  user_id varchar(255),
  revoked boolean,
  created_at timestamptz,
  updated_at timestamptz,
  parent varchar(255),
  session_id uuid references auth.sessions(id) on delete cascade
);
create index if not exists refresh_tokens_session_id_revoked_idx on auth.refresh_tokens (session_id, revoked);
create index if not exists refresh_tokens_parent_idx on auth.refresh_tokens (parent);

alter table auth.users owner to supabase_auth_admin;
alter table auth.identities owner to supabase_auth_admin;
alter table auth.sessions owner to supabase_auth_admin;
alter table auth.refresh_tokens owner to supabase_auth_admin;
grant all on all tables in schema auth to postgres, supabase_auth_admin;
grant all on all sequences in schema auth to postgres, supabase_auth_admin;

create or replace function auth.uid() returns uuid language sql stable as $$
  select coalesce(nullif(current_setting('request.jwt.claim.sub', true), ''),
                  (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub'))::uuid $$;
create or replace function auth.role() returns text language sql stable as $$
  select coalesce(nullif(current_setting('request.jwt.claim.role', true), ''),
                  (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role'))::text $$;
create or replace function auth.email() returns text language sql stable as $$
  select coalesce(nullif(current_setting('request.jwt.claim.email', true), ''),
                  (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email'))::text $$;
create or replace function auth.jwt() returns jsonb language sql stable as $$
  select coalesce(nullif(current_setting('request.jwt.claim', true), ''),
                  nullif(current_setting('request.jwt.claims', true), ''))::jsonb $$;
alter function auth.uid() owner to supabase_auth_admin;
alter function auth.role() owner to supabase_auth_admin;
alter function auth.email() owner to supabase_auth_admin;
alter function auth.jwt() owner to supabase_auth_admin;
grant execute on function auth.uid(), auth.role(), auth.email(), auth.jwt() to anon, authenticated, service_role, postgres;

-- ===== storage =====
create schema if not exists storage authorization supabase_admin;
alter schema storage owner to supabase_admin;
grant usage on schema storage to postgres, anon, authenticated, service_role;
grant all on schema storage to supabase_storage_admin;
alter default privileges in schema storage grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges in schema storage grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges in schema storage grant all on sequences to postgres, anon, authenticated, service_role;

create table if not exists storage.buckets (
  id text primary key,
  name text not null,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  owner_id text,
  type text not null default 'STANDARD',
  versioning_status text
);
alter table storage.buckets add column if not exists type text not null default 'STANDARD';
alter table storage.buckets add column if not exists versioning_status text;
create unique index if not exists bname on storage.buckets (name);

create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text references storage.buckets(id),
  name text,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  owner_id text,
  user_metadata jsonb,
  is_versioned boolean not null default false,
  is_delete_marker boolean not null default false,
  archived_at timestamptz
);
alter table storage.objects add column if not exists is_versioned boolean not null default false;
alter table storage.objects add column if not exists is_delete_marker boolean not null default false;
alter table storage.objects add column if not exists archived_at timestamptz;
create unique index if not exists bucketid_objname on storage.objects (bucket_id, name);
create index if not exists name_prefix_search on storage.objects (name text_pattern_ops);
alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;
alter table storage.buckets owner to supabase_storage_admin;
alter table storage.objects owner to supabase_storage_admin;
grant all on storage.buckets, storage.objects to anon, authenticated, service_role, postgres;

create or replace function storage.foldername(name text) returns text[] language plpgsql immutable as $$
declare _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[1 : array_length(_parts, 1) - 1];
end $$;
create or replace function storage.filename(name text) returns text language plpgsql immutable as $$
declare _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[array_length(_parts, 1)];
end $$;
create or replace function storage.extension(name text) returns text language plpgsql immutable as $$
declare _parts text[]; _filename text;
begin
  select string_to_array(name, '/') into _parts;
  select _parts[array_length(_parts, 1)] into _filename;
  return reverse(split_part(reverse(_filename), '.', 1));
end $$;
alter function storage.foldername(text) owner to supabase_storage_admin;
alter function storage.filename(text) owner to supabase_storage_admin;
alter function storage.extension(text) owner to supabase_storage_admin;
grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text) to anon, authenticated, service_role, postgres;

-- Rows leave storage through the Storage API only: it sets storage.allow_delete_query for its own
-- statements; a direct SQL delete is refused (as supabase/storage does).
create or replace function storage.protect_delete() returns trigger language plpgsql as $$
begin
  if coalesce(current_setting('storage.allow_delete_query', true), 'false') != 'true' then
    raise exception 'Direct deletion from storage tables is not allowed. Use the Storage API instead.'
      using hint = 'This prevents accidental data loss from orphaned objects.', errcode = '42501';
  end if;
  return null;
end $$;
alter function storage.protect_delete() owner to supabase_storage_admin;
drop trigger if exists protect_buckets_delete on storage.buckets;
create trigger protect_buckets_delete before delete on storage.buckets
  for each statement execute function storage.protect_delete();
drop trigger if exists protect_objects_delete on storage.objects;
create trigger protect_objects_delete before delete on storage.objects
  for each statement execute function storage.protect_delete();
grant all on all tables in schema storage to postgres, supabase_storage_admin;
grant all on all routines in schema storage to postgres;

-- ===== realtime =====
create schema if not exists realtime authorization supabase_admin;
alter schema realtime owner to supabase_admin;
grant usage on schema realtime to postgres, anon, authenticated, service_role;
grant all on schema realtime to supabase_realtime_admin;

create table if not exists realtime.messages (
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp not null default now(),
  inserted_at timestamp not null default now(),
  id uuid not null default gen_random_uuid(),
  binary_payload bytea,
  check (payload is null or binary_payload is null),
  primary key (id, inserted_at)
) partition by range (inserted_at);
-- Partitioned by day; the Realtime service (here gateway/realtime.ts) creates the daily partitions
-- ahead and drops old ones. No default partition: a message for a day without one is lost with a
-- WARNING, as on the platform.
drop table if exists realtime.messages_default;
alter table realtime.messages owner to supabase_realtime_admin;
create index if not exists messages_inserted_at_topic_index on realtime.messages (inserted_at desc, topic)
  where extension = 'broadcast' and private is true;
alter table realtime.messages enable row level security;
grant all on realtime.messages to postgres;
grant select, insert, update on realtime.messages to anon, authenticated, service_role;

create or replace function realtime.topic() returns text language sql stable
  as $$ select nullif(current_setting('realtime.topic', true), '')::text $$;
grant execute on function realtime.topic() to postgres, anon, authenticated, service_role;

create or replace function realtime.send(payload jsonb, event text, topic text, private boolean default true)
returns void language plpgsql as $$
declare
  generated_id uuid;
  final_payload jsonb;
begin
  begin
    generated_id := gen_random_uuid();
    if payload ? 'id' then
      final_payload := payload;
    else
      final_payload := jsonb_set(payload, '{id}', to_jsonb(generated_id));
    end if;
    perform set_config('realtime.topic', topic, true);
    insert into realtime.messages (id, payload, event, topic, private, extension)
    values (generated_id, final_payload, event, topic, private, 'broadcast');
  exception when others then
    raise warning 'WarnSendingBroadcastMessage: %', sqlerrm;
  end;
end $$;

create or replace function realtime.broadcast_changes(
  topic_name text, event_name text, operation text, table_name text, table_schema text,
  new record, old record, level text default 'ROW'
) returns void language plpgsql as $$
declare
  row_data jsonb;
begin
  if level = 'STATEMENT' then
    raise exception 'function can only be triggered for each row, not for each statement';
  end if;
  if operation in ('INSERT', 'UPDATE', 'DELETE') then
    row_data := jsonb_build_object('old_record', old, 'record', new, 'operation', operation,
                                   'table', table_name, 'schema', table_schema);
    perform realtime.send(row_data, event_name, topic_name);
  else
    raise exception 'Unexpected operation: %', operation;
  end if;
exception when others then
  raise exception 'Failed to process the row: %', sqlerrm;
end $$;
grant execute on function realtime.send(jsonb, text, text, boolean) to postgres, anon, authenticated, service_role;
grant execute on function realtime.broadcast_changes(text, text, text, text, text, record, record, text)
  to postgres, anon, authenticated, service_role;

-- Local delivery path: notify the gateway with the id only.
create or replace function realtime.notify_broadcast() returns trigger language plpgsql as $$
begin
  perform pg_notify('realtime_broadcast',
    json_build_object('id', new.id, 'topic', new.topic, 'private', coalesce(new.private, false))::text);
  return null;
end $$;
drop trigger if exists notify_broadcast on realtime.messages;
create trigger notify_broadcast after insert on realtime.messages
  for each row when (new.extension = 'broadcast' and new.event is not null)
  execute function realtime.notify_broadcast();

-- ===== supautils (emulated) =====
-- On the platform the supautils hook lets the privileged role `postgres` create/alter/drop policies and
-- drop triggers on the platform tables listed in `supautils.policy_grants` / `drop_trigger_grants`,
-- although it does not own them. supautils is a C hook that embedded Postgres cannot load, so the
-- stand-in emulates exactly that allowance with event triggers (local/README.md, "Roles"):
--   ddl_command_start  for CREATE/ALTER/DROP POLICY and DROP TRIGGER issued by `postgres`: makes
--                      `postgres` a member of the tables' owner roles for this one statement;
--   sql_drop / ddl_command_end: checks that the statement touched only a listed table (or one that
--                      `postgres` owns anyway) and takes the membership back.
-- Role membership is transactional: if the statement fails, the grant is rolled back with it.
create schema if not exists supautils authorization supabase_admin;
revoke all on schema supautils from public;

/** The tables of supautils.policy_grants (and drop_trigger_grants) for role postgres, from supautils.conf. */
create or replace function supautils.granted_tables() returns text[] language sql immutable set search_path = '' as $$
  select array['auth.audit_log_entries', 'auth.identities', 'auth.refresh_tokens', 'auth.sessions', 'auth.users',
               'realtime.messages', 'storage.buckets', 'storage.migrations', 'storage.objects',
               'storage.s3_multipart_uploads', 'storage.s3_multipart_uploads_parts'] $$;

/** The role the statement runs as, seen from inside a security definer event trigger function. */
create or replace function supautils.invoker() returns name language sql stable set search_path = '' as $$
  select case when current_setting('role') <> 'none' then current_setting('role')::name else session_user end $$;

/** Owner roles whose membership `postgres` receives for one policy / drop-trigger statement. */
create or replace function supautils.owner_roles() returns name[] language sql immutable set search_path = '' as $$
  select array['supabase_auth_admin', 'supabase_storage_admin', 'supabase_realtime_admin']::name[] $$;

/** ddl_command_start: lends the owner roles to `postgres` for this statement. */
create or replace function supautils.lend_owner_roles() returns event_trigger language plpgsql security definer
set search_path = '' as $$
declare r name;
begin
  if supautils.invoker() <> 'postgres' then return; end if;
  foreach r in array supautils.owner_roles() loop
    if not exists (select 1 from pg_catalog.pg_auth_members m
                    where m.roleid = r::regrole and m.member = 'postgres'::regrole) then
      execute pg_catalog.format('grant %I to postgres', r);
      perform pg_catalog.set_config('supautils.lent', coalesce(pg_catalog.current_setting('supautils.lent', true), '') || r || ',', true);
    end if;
  end loop;
end $$;

/** ddl_command_end: takes the lent roles back and checks that each new or altered policy is on an allowed table. */
create or replace function supautils.take_back_owner_roles() returns event_trigger language plpgsql security definer
set search_path = '' as $$
declare r text; c record;
begin
  for r in select unnest(pg_catalog.string_to_array(pg_catalog.current_setting('supautils.lent', true), ',')) loop
    if r <> '' then execute pg_catalog.format('revoke %I from postgres', r); end if;
  end loop;
  perform pg_catalog.set_config('supautils.lent', '', true);
  if supautils.invoker() <> 'postgres' then return; end if;
  for c in select p.polrelid::regclass as rel, cl.relowner
             from pg_catalog.pg_event_trigger_ddl_commands() d
             join pg_catalog.pg_policy p on d.classid = 'pg_catalog.pg_policy'::regclass and p.oid = d.objid
             join pg_catalog.pg_class cl on cl.oid = p.polrelid loop
    if not pg_catalog.pg_has_role('postgres', c.relowner, 'usage') and not (c.rel::text = any (supautils.granted_tables())) then
      raise exception 'must be owner of table %', c.rel using errcode = '42501';
    end if;
  end loop;
end $$;

/** sql_drop: a policy or trigger dropped by `postgres` must be on a table it owns or a listed one. */
create or replace function supautils.check_drop() returns event_trigger language plpgsql security definer
set search_path = '' as $$
declare c record; lent text[];
begin
  if supautils.invoker() <> 'postgres' then return; end if;
  lent := pg_catalog.string_to_array(coalesce(pg_catalog.current_setting('supautils.lent', true), ''), ',');
  for c in select o.object_type, o.address_names from pg_catalog.pg_event_trigger_dropped_objects() o
            where o.object_type in ('policy', 'trigger') and o.original loop
    if not (pg_catalog.array_to_string(c.address_names[1:2], '.') = any (supautils.granted_tables()))
       and exists (select 1 from pg_catalog.pg_class cl join pg_catalog.pg_namespace n on n.oid = cl.relnamespace
                    where n.nspname = c.address_names[1] and cl.relname = c.address_names[2]
                      and cl.relowner::regrole::text = any (lent)) then
      raise exception 'must be owner of table %', pg_catalog.array_to_string(c.address_names[1:2], '.') using errcode = '42501';
    end if;
  end loop;
end $$;
revoke all on all functions in schema supautils from public;

drop event trigger if exists supautils_lend_owner_roles;
create event trigger supautils_lend_owner_roles on ddl_command_start
  when tag in ('CREATE POLICY', 'ALTER POLICY', 'DROP POLICY', 'DROP TRIGGER')
  execute function supautils.lend_owner_roles();
drop event trigger if exists supautils_take_back_owner_roles;
create event trigger supautils_take_back_owner_roles on ddl_command_end
  when tag in ('CREATE POLICY', 'ALTER POLICY', 'DROP POLICY', 'DROP TRIGGER')
  execute function supautils.take_back_owner_roles();
drop event trigger if exists supautils_check_drop;
create event trigger supautils_check_drop on sql_drop
  when tag in ('DROP POLICY', 'DROP TRIGGER')
  execute function supautils.check_drop();
