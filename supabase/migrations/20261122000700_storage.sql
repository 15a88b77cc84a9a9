-- =============================================================================
-- Storage: buckets and object policies.
--   essays — private; objects live under `<user id>/...` and are written by
--            the API only (service role), which decides every object name;
--            owners read and delete their own folder, admins read.
--   blog   — public bucket: files are read through their public URLs, which
--            need no policy; no SELECT policy for anon (it would let anyone
--            list the bucket); admins read (uploads return the row) and write.
-- One permissive policy per role and action and bucket.
-- Per-user bound in `essays`: private.reserve_storage holds room for an upload
-- before its bytes travel (private.storage_reservations).
-- =============================================================================

-- -----------------------------------------------------------------------------
-- Buckets (10 MB per object; only the file types the app stores). Storage
-- compares the upload's Content-Type with these exactly (type and subtype,
-- parameters included), so the blog's text attachments, sent as
-- `text/plain; charset=utf-8`, are listed in that form too.
-- -----------------------------------------------------------------------------
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values
  ('essays', 'essays', false, 10485760, array[
     'text/plain',
     'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
     'application/pdf',
     'image/jpeg',
     'image/png',
     'image/webp'
   ]),
  ('blog', 'blog', true, 10485760, array[
     'image/jpeg',
     'image/png',
     'image/gif',
     'image/webp',
     'application/pdf',
     'text/plain',
     'text/plain; charset=utf-8',
     'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
   ])
on conflict (id) do nothing;

-- -----------------------------------------------------------------------------
-- RLS: policies on storage.objects
-- -----------------------------------------------------------------------------

-- essays: owner folder (no insert / update policy: uploads go through the API)
drop policy if exists "essays: owners read their files; admins read all" on storage.objects;
create policy "essays: owners read their files; admins read all" on storage.objects
  for select to authenticated
  using (
    bucket_id = 'essays'
    and (
      (storage.foldername(name))[1] = (select auth.uid())::text
      or (select private.is_admin())
    )
  );

drop policy if exists "essays: owners delete their files" on storage.objects;
create policy "essays: owners delete their files" on storage.objects
  for delete to authenticated
  using (
    bucket_id = 'essays'
    and (storage.foldername(name))[1] = (select auth.uid())::text
  );

-- blog: public URLs for everyone (no policy), admin read and write
drop policy if exists "blog: admins read files" on storage.objects;
create policy "blog: admins read files" on storage.objects
  for select to authenticated
  using (
    bucket_id = 'blog'
    and (select private.is_admin())
  );

drop policy if exists "blog: admins upload files" on storage.objects;
create policy "blog: admins upload files" on storage.objects
  for insert to authenticated
  with check (
    bucket_id = 'blog'
    and (select private.is_admin())
  );

drop policy if exists "blog: admins update files" on storage.objects;
create policy "blog: admins update files" on storage.objects
  for update to authenticated
  using (
    bucket_id = 'blog'
    and (select private.is_admin())
  )
  with check (
    bucket_id = 'blog'
    and (select private.is_admin())
  );

drop policy if exists "blog: admins delete files" on storage.objects;
create policy "blog: admins delete files" on storage.objects
  for delete to authenticated
  using (
    bucket_id = 'blog'
    and (select private.is_admin())
  );

-- -----------------------------------------------------------------------------
-- Reservations: room is reserved before the bytes travel, so concurrent
-- uploads of one user are admitted in order (the first that fit win) and the
-- stored total never goes above the bound.
-- Tables
-- -----------------------------------------------------------------------------
create table if not exists private.storage_reservations (
  path        text primary key,
  owner_id    uuid not null,
  bytes       bigint not null check (bytes >= 0),
  expires_at  timestamptz not null
);

comment on table private.storage_reservations is
  'Room held in the essays bucket for an upload in progress (removed once stored or abandoned; '
  'an expired row no longer counts, so a crashed upload frees its room).';

create index if not exists storage_reservations_owner_idx
  on private.storage_reservations (owner_id);

-- -----------------------------------------------------------------------------
-- Functions
-- -----------------------------------------------------------------------------

/**
 * Reserves room for p_paths (with p_bytes in total) in p_owner's essays folder,
 * all or none: stored objects plus live reservations of that owner, plus these,
 * must stay within p_max_files and p_max_bytes. Serialised per owner by a
 * transaction-scoped advisory lock. Returns true when reserved.
 */
create or replace function private.reserve_storage(
  p_owner uuid,
  p_paths text[],
  p_bytes bigint[],
  p_max_files integer,
  p_max_bytes bigint
)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_files bigint;
  v_bytes numeric;
begin
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('private.reserve_storage:' || p_owner::text, 0));
  delete from private.storage_reservations r where r.owner_id = p_owner and r.expires_at < now();
  -- One statement, so one snapshot: an upload that finishes meanwhile (its object stored, then its
  -- reservation ended) is counted exactly once, as the reservation or as the object. Two
  -- statements could skip the object as still reserved, then find the reservation ended, and let one more in.
  select (select count(*) from private.storage_reservations r where r.owner_id = p_owner)
         + count(*),
         (select coalesce(sum(r.bytes), 0) from private.storage_reservations r where r.owner_id = p_owner)
         + coalesce(sum(case when jsonb_typeof(o.metadata -> 'size') = 'number'
                             then (o.metadata ->> 'size')::numeric else 0 end), 0)
    into v_files, v_bytes
    from storage.objects o
   where o.bucket_id = 'essays' and o.name like p_owner::text || '/%'
     and not exists (select 1 from private.storage_reservations r where r.path = o.name);
  if v_files + coalesce(array_length(p_paths, 1), 0) > p_max_files
     or v_bytes + (select coalesce(sum(b), 0) from unnest(p_bytes) b) > p_max_bytes then
    return false;
  end if;
  insert into private.storage_reservations (path, owner_id, bytes, expires_at)
  select p, p_owner, b, now() + interval '10 minutes'
    from unnest(p_paths, p_bytes) as t(p, b);
  return true;
end;
$$;
revoke execute on function private.reserve_storage(uuid, text[], bigint[], integer, bigint) from public, anon, authenticated;
grant execute on function private.reserve_storage(uuid, text[], bigint[], integer, bigint) to service_role;

/**
 * Ends the reservations of p_paths: the upload finished (the objects now count
 * themselves) or was abandoned (their room is free again).
 */
create or replace function private.release_storage(p_paths text[])
returns void
language sql
security definer
set search_path = ''
as $$
  delete from private.storage_reservations r where r.path = any(p_paths);
$$;
revoke execute on function private.release_storage(text[]) from public, anon, authenticated;
grant execute on function private.release_storage(text[]) to service_role;
