-- =============================================================================
-- Blog: posts and their attachments. Everyone reads published posts; admins
-- manage everything. Views count at most once per visitor per post per Seoul
-- day, through one narrow security-definer function (visitors may not update
-- blog_posts), and do not touch updated_at (the edit time shown to admins).
-- =============================================================================

-- -----------------------------------------------------------------------------
-- Tables
-- -----------------------------------------------------------------------------
-- Column rules are the API's (_shared/blog.ts blogPostFieldsSchema, trimmed by zod), so a write
-- through the Data API cannot store what the API would refuse.
create table if not exists public.blog_posts (
  id                uuid primary key default gen_random_uuid(),
  author_id         uuid default auth.uid() references public.profiles (id) on delete set null,
  title             text not null check (private.is_trimmed_text(title, 200)),
  -- _shared/slug.ts SLUG_PATTERN: lowercase a-z, 0-9 and Hangul words joined by single hyphens.
  slug              text not null unique
                      check (char_length(slug) between 1 and 200
                             and slug ~ '^[a-z0-9가-힣ㄱ-ㅎㅏ-ㅣ]+(-[a-z0-9가-힣ㄱ-ㅎㅏ-ㅣ]+)*$'),
  excerpt           text not null default ''
                      check (excerpt = '' or private.is_trimmed_text(excerpt, 1000)),
  -- Some character JavaScript's trim keeps (matched from the start, so a long body costs little on
  -- the view-count updates, which re-check every constraint).
  content           text not null
                      check (char_length(content) <= 200000
                             and content ~ '[^\u0009-\u000D\u0020\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF]'),
  category          text not null default 'essay-tips'
                      check (category in ('essay-tips', 'admission-info', 'platform-guide', 'education-news')),
  tags              text[] not null default '{}' check (private.are_trimmed_texts(tags, 30, 50)),
  featured_image    text check (featured_image is null
                                or (private.is_trimmed_text(featured_image, 2000) and featured_image ~* '^https?:')),
  meta_title        text check (meta_title is null or private.is_trimmed_text(meta_title, 200)),
  meta_description  text check (meta_description is null or private.is_trimmed_text(meta_description, 500)),
  is_published      boolean not null default false,
  published_at      timestamptz,
  view_count        integer not null default 0 check (view_count >= 0),
  created_at        timestamptz not null default now(),
  updated_at        timestamptz not null default now()
);

comment on table public.blog_posts is
  'Blog posts. Visible to everyone when is_published; written by admins.';
comment on column public.blog_posts.slug is
  'URL segment (/blog/{slug}); lowercase a-z, 0-9, Hangul and hyphens plus a 6-char suffix when generated.';
comment on column public.blog_posts.content is
  'Markdown (or simple HTML) body.';
comment on column public.blog_posts.category is
  'essay-tips (작문 팁), admission-info (입시 정보), platform-guide (플랫폼 가이드), education-news (교육 뉴스).';
comment on column public.blog_posts.featured_image is
  'Optional http(s) URL of the cover image.';
comment on column public.blog_posts.published_at is
  'Set automatically the first time the post is published.';
comment on column public.blog_posts.view_count is
  'Views counted by private.record_blog_view: at most once per visitor per post per Asia/Seoul day.';

create table if not exists public.blog_attachments (
  id             uuid primary key default gen_random_uuid(),
  blog_post_id   uuid references public.blog_posts (id) on delete cascade,
  uploaded_by    uuid default auth.uid() references public.profiles (id) on delete set null,
  -- api/blog/attachments.ts cleanFilename: 1–200 characters without control characters.
  filename       text not null check (char_length(filename) between 1 and 200 and filename !~ '[\u0001-\u001F\u007F]'),
  -- The server's object name: attachments/<uuid>.<extension of the sniffed type>.
  filepath       text not null
                   check (filepath ~ '^attachments/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|gif|webp|pdf|txt|docx)$'),
  file_type      text not null check (file_type in ('image', 'document')),
  -- The sniffed type (api/blog/file-type.ts), agreeing with file_type.
  mime_type      text check (mime_type is null
                             or (file_type = 'image' and mime_type in ('image/jpeg', 'image/png', 'image/gif', 'image/webp'))
                             or (file_type = 'document' and mime_type in (
                                   'application/pdf', 'text/plain',
                                   'application/vnd.openxmlformats-officedocument.wordprocessingml.document'))),
  -- 1 byte .. 10 MiB (BLOG_ATTACHMENT_MAX_BYTES).
  file_size      integer not null check (file_size between 1 and 10485760),
  display_order  integer not null default 0 check (display_order >= 0),
  uploaded_at    timestamptz not null default now()
);

comment on table public.blog_attachments is
  'Files attached to blog posts (stored in the public `blog` bucket).';
comment on column public.blog_attachments.blog_post_id is
  'Owning post; NULL = temporary attachment uploaded before the post exists.';
comment on column public.blog_attachments.filepath is
  'Object name in the `blog` storage bucket.';
comment on column public.blog_attachments.file_size is
  'Size in bytes.';
comment on column public.blog_attachments.display_order is
  'Position of the attachment in its post (ascending).';

-- One row per (post, visitor, day) that has been counted. The visitor is a
-- salted hash (see private.record_blog_view), never an address or a user id.
create table if not exists private.blog_post_views (
  post_id      uuid not null references public.blog_posts (id) on delete cascade,
  visitor_hash text not null,
  view_date    date not null,
  primary key (post_id, view_date, visitor_hash)
);
comment on table private.blog_post_views is
  'Views already counted today: (post, sha256(day salt || visitor key), Seoul date). Rows older than yesterday are pruned.';

-- A random salt per Seoul day, so a visitor hash cannot be reversed to an
-- address by trying every address, and cannot be linked across days.
create table if not exists private.blog_view_salts (
  view_date date primary key,
  salt      bytea not null default extensions.gen_random_bytes(32)
);
comment on table private.blog_view_salts is 'Per-day random salt for blog visitor hashes; pruned with the views.';

-- -----------------------------------------------------------------------------
-- Indexes (slug is covered by its unique constraint)
-- -----------------------------------------------------------------------------
create index if not exists blog_posts_published_idx
  on public.blog_posts (published_at desc) where is_published;
create index if not exists blog_posts_category_idx on public.blog_posts (category, published_at desc);
create index if not exists blog_posts_author_id_idx on public.blog_posts (author_id);
create index if not exists blog_posts_created_at_idx on public.blog_posts (created_at desc);
create index if not exists blog_attachments_post_idx
  on public.blog_attachments (blog_post_id, display_order);
create index if not exists blog_attachments_uploaded_by_idx on public.blog_attachments (uploaded_by);
create index if not exists blog_attachments_temporary_idx
  on public.blog_attachments (uploaded_at) where blog_post_id is null;
create index if not exists blog_post_views_view_date_idx on private.blog_post_views (view_date);

-- -----------------------------------------------------------------------------
-- Functions
-- -----------------------------------------------------------------------------

/**
 * Trigger: stamps published_at the first time a post becomes published.
 */
create or replace function private.set_blog_published_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.is_published and new.published_at is null then
    new.published_at := now();
  end if;
  return new;
end;
$$;
revoke execute on function private.set_blog_published_at() from public, anon, authenticated;

/**
 * Counts one view of a PUBLISHED post by p_visitor (the API passes the user
 * id for signed-in readers, else the client address) at most once per Seoul
 * day, and returns the post's view count (null when the post does not exist
 * or is not published).
 *   select private.record_blog_view('…post id…', '203.0.113.7');
 * The visitor key is stored only as sha256(day salt || key); rows and salts
 * older than yesterday are pruned as views come in.
 */
create or replace function private.record_blog_view(p_post_id uuid, p_visitor text)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_today date := (now() at time zone 'Asia/Seoul')::date;
  v_salt bytea;
  v_count integer;
begin
  select b.view_count into v_count from public.blog_posts b where b.id = p_post_id and b.is_published;
  if not found then
    return null;
  end if;

  insert into private.blog_view_salts (view_date) values (v_today) on conflict (view_date) do nothing;
  select s.salt into v_salt from private.blog_view_salts s where s.view_date = v_today;

  insert into private.blog_post_views (post_id, visitor_hash, view_date)
  values (p_post_id,
          encode(extensions.digest(v_salt || convert_to(coalesce(p_visitor, ''), 'UTF8'), 'sha256'), 'hex'),
          v_today)
  on conflict do nothing;
  if not found then
    return v_count;
  end if;

  update public.blog_posts set view_count = view_count + 1
   where id = p_post_id and is_published
  returning view_count into v_count;

  delete from private.blog_post_views where view_date < v_today - 1;
  delete from private.blog_view_salts where view_date < v_today - 1;
  return v_count;
end;
$$;
revoke execute on function private.record_blog_view(uuid, text) from public, anon, authenticated;
grant execute on function private.record_blog_view(uuid, text) to service_role;

-- -----------------------------------------------------------------------------
-- Triggers (updated_at is for edits only: a view changes view_count alone)
-- -----------------------------------------------------------------------------
drop trigger if exists blog_posts_set_updated_at on public.blog_posts;
create trigger blog_posts_set_updated_at
  before update on public.blog_posts
  for each row
  when (old.view_count is not distinct from new.view_count)
  execute function private.set_updated_at();

drop trigger if exists blog_posts_set_published_at on public.blog_posts;
create trigger blog_posts_set_published_at
  before insert or update on public.blog_posts
  for each row execute function private.set_blog_published_at();

-- -----------------------------------------------------------------------------
-- Privileges (writes gated to admins by RLS)
-- -----------------------------------------------------------------------------
revoke all on public.blog_posts from anon, authenticated;
grant select on public.blog_posts to anon, authenticated;
-- Admins write through the API as themselves (RLS): only the columns the API writes. id, view_count,
-- published_at and the timestamps are the database's.
grant insert (author_id, title, slug, excerpt, content, category, tags, featured_image, meta_title,
              meta_description, is_published),
      update (title, slug, excerpt, content, category, tags, featured_image, meta_title, meta_description,
              is_published),
      delete
   on public.blog_posts to authenticated;
grant all on public.blog_posts to service_role;

revoke all on public.blog_attachments from anon, authenticated;
grant select on public.blog_attachments to anon, authenticated;
-- An upload inserts the row; a new post adopts its temporary attachments (blog_post_id).
grant insert (blog_post_id, uploaded_by, filename, filepath, file_type, mime_type, file_size, display_order),
      update (blog_post_id),
      delete
   on public.blog_attachments to authenticated;
grant all on public.blog_attachments to service_role;

revoke all on private.blog_post_views, private.blog_view_salts from public, anon, authenticated;

-- -----------------------------------------------------------------------------
-- RLS
-- -----------------------------------------------------------------------------
alter table public.blog_posts enable row level security;
alter table public.blog_attachments enable row level security;

-- blog_posts
drop policy if exists "visitors read published posts" on public.blog_posts;
create policy "visitors read published posts" on public.blog_posts
  for select to anon
  using (is_published);

drop policy if exists "members read published posts; admins read all" on public.blog_posts;
create policy "members read published posts; admins read all" on public.blog_posts
  for select to authenticated
  using (is_published or (select private.is_admin()));

drop policy if exists "admins insert posts" on public.blog_posts;
create policy "admins insert posts" on public.blog_posts
  for insert to authenticated
  with check ((select private.is_admin()) and author_id = (select auth.uid()));

drop policy if exists "admins update posts" on public.blog_posts;
create policy "admins update posts" on public.blog_posts
  for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

drop policy if exists "admins delete posts" on public.blog_posts;
create policy "admins delete posts" on public.blog_posts
  for delete to authenticated
  using ((select private.is_admin()));

-- blog_attachments
drop policy if exists "visitors read attachments of published posts" on public.blog_attachments;
create policy "visitors read attachments of published posts" on public.blog_attachments
  for select to anon
  using (exists (
    select 1 from public.blog_posts p
     where p.id = blog_attachments.blog_post_id
       and p.is_published
  ));

drop policy if exists "members read attachments of published posts; admins read all" on public.blog_attachments;
create policy "members read attachments of published posts; admins read all" on public.blog_attachments
  for select to authenticated
  using (
    (exists (
      select 1 from public.blog_posts p
       where p.id = blog_attachments.blog_post_id
         and p.is_published
    ))
    or (select private.is_admin())
  );

drop policy if exists "admins insert attachments" on public.blog_attachments;
create policy "admins insert attachments" on public.blog_attachments
  for insert to authenticated
  with check ((select private.is_admin()) and uploaded_by = (select auth.uid()));

drop policy if exists "admins update attachments" on public.blog_attachments;
create policy "admins update attachments" on public.blog_attachments
  for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

drop policy if exists "admins delete attachments" on public.blog_attachments;
create policy "admins delete attachments" on public.blog_attachments
  for delete to authenticated
  using ((select private.is_admin()));
