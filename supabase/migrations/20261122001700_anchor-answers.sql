-- =============================================================================
-- Anchor answers (기준 답안, grading-accuracy issue item 2): a teacher attaches up
-- to 3 scored sample answers to a session (typed or read from a file, each with
-- its total and optional per-category scores). The grading worker puts them in
-- the fixed prefix of every prompt of the session as calibration examples; the
-- result records how many were used (analysis_results.anchors_used), which the
-- report shows. Anchors count toward no quota.
-- Written only by the API (service connection) after its checks; the owner reads
-- their own rows (RLS); the limit of 3 per session is enforced here as well.
-- =============================================================================

-- -----------------------------------------------------------------------------
-- Table
-- -----------------------------------------------------------------------------
create table if not exists public.session_anchors (
  id               uuid primary key default gen_random_uuid(),
  session_id       uuid not null references public.analysis_sessions (id) on delete cascade,
  user_id          uuid not null references public.profiles (id) on delete cascade,
  content          text not null check (char_length(content) between 1 and 20000),
  total_score      numeric(7, 1) not null check (total_score >= 0 and total_score <= 10000),
  category_scores  jsonb not null default '[]'::jsonb
                   check (jsonb_typeof(category_scores) = 'array' and jsonb_array_length(category_scores) <= 12),
  filename         text check (char_length(filename) <= 255),
  file_path        text check (char_length(file_path) <= 200),
  mime_type        text check (char_length(mime_type) <= 100),
  created_at       timestamptz not null default now()
);

comment on table public.session_anchors is
  'Scored sample answers (기준 답안) of a session, at most 3: calibration examples in the grading '
  'prompt. Created and deleted by the API only; the owner reads them.';
comment on column public.session_anchors.user_id is
  'Owner; always the owner of the session (checked by the trigger below).';
comment on column public.session_anchors.content is
  'The anchor answer text (typed, or read from the uploaded file).';
comment on column public.session_anchors.total_score is
  'The total the teacher gave this answer (one decimal).';
comment on column public.session_anchors.category_scores is
  'JSON array of {name, score}: optional per-category scores, names from the session rubric.';
comment on column public.session_anchors.file_path is
  'Stored original in the essays bucket (<user>/<session>/anchor-<uuid>.<ext>), null when typed.';

create index if not exists session_anchors_session_idx on public.session_anchors (session_id, created_at);

-- -----------------------------------------------------------------------------
-- Result column: how many anchors the grading used
-- -----------------------------------------------------------------------------
alter table public.analysis_results
  add column if not exists anchors_used smallint not null default 0 check (anchors_used between 0 and 3);

comment on column public.analysis_results.anchors_used is
  'Number of anchor answers (기준 답안) in the prompt when the model graded this answer (0: none, offline).';

-- -----------------------------------------------------------------------------
-- Functions: the per-session limit and the owner rule
-- -----------------------------------------------------------------------------

/**
 * Trigger (before insert on public.session_anchors): the row's owner must be the
 * session's owner, and a session holds at most 3 anchors. Anchors are part of the
 * session's setup, so they change under the same rule as the rubric and the files
 * (private.lock_session_setup, session-setup migration): the session row is locked,
 * which also counts two concurrent inserts one after the other; a sample session is
 * read-only and a session with an answer queued or being graded is busy.
 * Raises 23514 (check_violation) 'anchor_limit' when the session is full, 55000
 * 'sample_read_only' / 'session_busy' as private.lock_session_setup says.
 */
create or replace function private.check_session_anchor()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_owner uuid;
  v_state text;
begin
  v_state := private.lock_session_setup(new.session_id, true);
  select s.user_id into v_owner from public.analysis_sessions s where s.id = new.session_id;
  if v_owner is null or v_owner <> new.user_id then
    raise exception 'anchor owner mismatch' using errcode = '23503';
  end if;
  if v_state = 'sample' then
    raise exception 'sample_read_only' using errcode = '55000';
  end if;
  if v_state = 'busy' then
    raise exception 'session_busy' using errcode = '55000';
  end if;
  if (select count(*) from public.session_anchors a where a.session_id = new.session_id) >= 3 then
    raise exception 'anchor_limit' using errcode = '23514';
  end if;
  return new;
end;
$$;
revoke execute on function private.check_session_anchor() from public, anon, authenticated;

drop trigger if exists session_anchors_check on public.session_anchors;
create trigger session_anchors_check
  before insert on public.session_anchors
  for each row execute function private.check_session_anchor();

/**
 * Trigger (before delete on public.session_anchors): removing an anchor changes the
 * setup like adding one (private.lock_session_setup): 55000 'sample_read_only' /
 * 'session_busy'. Deletes cascading from the session or the account (run by the
 * foreign keys' triggers, trigger depth > 1) are never refused.
 */
create or replace function private.check_session_anchor_delete()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_state text;
begin
  if pg_trigger_depth() > 1 then
    return old;
  end if;
  v_state := private.lock_session_setup(old.session_id, true);
  if v_state = 'sample' then
    raise exception 'sample_read_only' using errcode = '55000';
  end if;
  if v_state = 'busy' then
    raise exception 'session_busy' using errcode = '55000';
  end if;
  return old;
end;
$$;
revoke execute on function private.check_session_anchor_delete() from public, anon, authenticated;

drop trigger if exists session_anchors_check_delete on public.session_anchors;
create trigger session_anchors_check_delete
  before delete on public.session_anchors
  for each row execute function private.check_session_anchor_delete();

-- -----------------------------------------------------------------------------
-- Grants and RLS
-- -----------------------------------------------------------------------------
revoke all on public.session_anchors from anon, authenticated;
grant select on public.session_anchors to authenticated;
grant all on public.session_anchors to service_role;

alter table public.session_anchors enable row level security;

drop policy if exists "owners read their anchors" on public.session_anchors;
create policy "owners read their anchors" on public.session_anchors
  for select to authenticated
  using (user_id = (select auth.uid()));
