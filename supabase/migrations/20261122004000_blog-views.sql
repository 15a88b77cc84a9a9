-- =============================================================================
-- Blog view counting (issue 6). Visitors may not update blog_posts, so the
-- count goes through one narrow security-definer function. Views do not
-- touch updated_at (the edit time shown to admins).
-- =============================================================================

-- -----------------------------------------------------------------------------
-- Functions
-- -----------------------------------------------------------------------------

/**
 * Adds one view to a PUBLISHED post and returns the new count (null when the
 * post does not exist or is not published).
 *   select private.increment_blog_view('…post id…');
 * Called by the API's service connection once per visitor session (the SPA
 * sends ?view=1 the first time a browser tab opens the post).
 */
create or replace function private.increment_blog_view(p_post_id uuid)
returns integer
language sql
volatile
security definer
set search_path = ''
as $$
  update public.blog_posts
     set view_count = view_count + 1
   where id = p_post_id
     and is_published
  returning view_count;
$$;
revoke execute on function private.increment_blog_view(uuid) from public;
revoke execute on function private.increment_blog_view(uuid) from anon, authenticated;
grant execute on function private.increment_blog_view(uuid) to service_role;

-- -----------------------------------------------------------------------------
-- Triggers: keep updated_at for edits only (a view changes view_count alone)
-- -----------------------------------------------------------------------------
drop trigger if exists blog_posts_set_updated_at on public.blog_posts;
create trigger blog_posts_set_updated_at
  before update on public.blog_posts
  for each row
  when (old.view_count is not distinct from new.view_count)
  execute function private.set_updated_at();
