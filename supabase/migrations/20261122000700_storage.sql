-- =============================================================================
-- Storage: buckets and object policies.
--   essays — private; objects live under `<user id>/...`; owners manage their
--            own folder, admins read.
--   blog   — public bucket: files are read through their public URLs, which
--            need no policy; no SELECT policy for anon (it would let anyone
--            list the bucket); admins read (uploads return the row) and write.
-- One permissive policy per role and action and bucket.
-- =============================================================================

-- -----------------------------------------------------------------------------
-- Buckets (10 MB per object)
-- -----------------------------------------------------------------------------
insert into storage.buckets (id, name, public, file_size_limit)
values
  ('essays', 'essays', false, 10485760),
  ('blog', 'blog', true, 10485760)
on conflict (id) do nothing;

-- -----------------------------------------------------------------------------
-- Policies on storage.objects
-- -----------------------------------------------------------------------------

-- essays: owner folder
drop policy if exists "essays: owners read their files" on storage.objects;
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

drop policy if exists "essays: owners upload to their folder" on storage.objects;
create policy "essays: owners upload to their folder" on storage.objects
  for insert to authenticated
  with check (
    bucket_id = 'essays'
    and (storage.foldername(name))[1] = (select auth.uid())::text
  );

drop policy if exists "essays: owners update their files" on storage.objects;
create policy "essays: owners update their files" on storage.objects
  for update to authenticated
  using (
    bucket_id = 'essays'
    and (storage.foldername(name))[1] = (select auth.uid())::text
  )
  with check (
    bucket_id = 'essays'
    and (storage.foldername(name))[1] = (select auth.uid())::text
  );

drop policy if exists "essays: owners delete their files" on storage.objects;
create policy "essays: owners delete their files" on storage.objects
  for delete to authenticated
  using (
    bucket_id = 'essays'
    and (storage.foldername(name))[1] = (select auth.uid())::text
  );

-- blog: public URLs for everyone (no policy), admin read and write
drop policy if exists "blog: anyone reads files" on storage.objects;
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
