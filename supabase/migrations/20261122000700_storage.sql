-- =============================================================================
-- Storage: buckets and object policies.
--   essays — private; objects live under `<user id>/...` and are written by
--            the API only (service role), which decides every object name;
--            owners read and delete their own folder, admins read.
--   blog   — public bucket: files are read through their public URLs, which
--            need no policy; no SELECT policy for anon (it would let anyone
--            list the bucket); admins read (uploads return the row) and write.
-- One permissive policy per role and action and bucket.
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
