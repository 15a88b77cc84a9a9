-- =============================================================================
-- Grading: analysis sessions (prompt + criteria), essay submissions (also the
-- job queue of the grading worker) and analysis results.
-- =============================================================================

-- -----------------------------------------------------------------------------
-- Tables
-- -----------------------------------------------------------------------------
create table if not exists public.analysis_sessions (
  id                   uuid primary key default gen_random_uuid(),
  user_id              uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  prompt_content       text not null default '',
  criteria_content     text,
  prompt_filename      text,
  criteria_filename    text,
  prompt_file_path     text,
  criteria_file_path   text,
  created_at           timestamptz not null default now(),
  updated_at           timestamptz not null default now()
);

comment on table public.analysis_sessions is
  'A grading work item: the essay prompt plus optional grading criteria.';
comment on column public.analysis_sessions.prompt_content is
  'Text extracted from the prompt file (or typed).';
comment on column public.analysis_sessions.prompt_file_path is
  'Object name in the `essays` storage bucket (<user id>/...).';
comment on column public.analysis_sessions.criteria_file_path is
  'Object name in the `essays` storage bucket (<user id>/...), null when no criteria file.';

create table if not exists public.essay_submissions (
  id                      uuid primary key default gen_random_uuid(),
  session_id              uuid not null references public.analysis_sessions (id) on delete cascade,
  user_id                 uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  student_name            text,
  student_id              text,
  essay_content           text not null default '',
  essay_file_path         text,
  essay_filename          text,
  status                  text not null default 'pending'
                            check (status in ('pending', 'analyzing', 'completed', 'error')),
  progress                integer not null default 0 check (progress between 0 and 100),
  progress_message        text not null default '대기 중입니다',
  submitted_at            timestamptz not null default now(),
  analysis_started_at     timestamptz,
  analysis_completed_at   timestamptz,
  attempts                integer not null default 0 check (attempts >= 0),
  lease_expires_at        timestamptz,
  last_error              text,
  usage_charged           boolean not null default false
);

comment on table public.essay_submissions is
  'One student essay in a session; also the grading job (claimed with FOR UPDATE SKIP LOCKED). '
  'Users may insert/delete their own and edit student_name/student_id; job columns are service-only.';
comment on column public.essay_submissions.user_id is
  'Owner; must be the owner of the session (enforced by the insert policy).';
comment on column public.essay_submissions.essay_file_path is
  'Object name in the `essays` storage bucket (<user id>/...), null for typed essays.';
comment on column public.essay_submissions.progress is
  'Grading progress 0..100, written by the worker together with progress_message.';
comment on column public.essay_submissions.attempts is
  'How many times a worker has claimed this job.';
comment on column public.essay_submissions.lease_expires_at is
  'While status = analyzing: when the claiming worker''s lease runs out and the job may be re-claimed.';
comment on column public.essay_submissions.last_error is
  'Reason of the last failure (internal; shown to the user only as a Korean message).';
comment on column public.essay_submissions.usage_charged is
  'True while this submission holds one unit of monthly/guest quota; cleared when the quota is returned.';

create table if not exists public.analysis_results (
  id                  uuid primary key default gen_random_uuid(),
  submission_id       uuid not null unique references public.essay_submissions (id) on delete cascade,
  overall_score       numeric not null check (overall_score >= 0),
  max_score           numeric not null default 100 check (max_score > 0),
  category_scores     jsonb not null default '[]'::jsonb,
  strengths           jsonb not null default '[]'::jsonb,
  improvement_areas   jsonb not null default '[]'::jsonb,
  detailed_feedback   text not null default '',
  suggestions         jsonb not null default '[]'::jsonb,
  created_at          timestamptz not null default now()
);

comment on table public.analysis_results is
  'Grading result of one submission (written by the worker with the service connection).';
comment on column public.analysis_results.category_scores is
  'JSON array of {name, score, maxScore, feedback}.';
comment on column public.analysis_results.strengths is 'JSON array of Korean strings.';
comment on column public.analysis_results.improvement_areas is 'JSON array of Korean strings.';
comment on column public.analysis_results.suggestions is 'JSON array of Korean strings.';

-- -----------------------------------------------------------------------------
-- Indexes (analysis_results.submission_id is covered by its unique constraint)
-- -----------------------------------------------------------------------------
create index if not exists analysis_sessions_user_created_idx
  on public.analysis_sessions (user_id, created_at desc);
create index if not exists essay_submissions_session_id_idx
  on public.essay_submissions (session_id, submitted_at);
create index if not exists essay_submissions_user_id_idx
  on public.essay_submissions (user_id);
create index if not exists essay_submissions_status_idx
  on public.essay_submissions (status);
create index if not exists essay_submissions_queue_idx
  on public.essay_submissions (submitted_at)
  where status in ('pending', 'analyzing');

-- -----------------------------------------------------------------------------
-- Helper functions
-- -----------------------------------------------------------------------------

/**
 * True when the caller (auth.uid()) owns analysis session p_session_id.
 */
create or replace function private.owns_session(p_session_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.analysis_sessions s
     where s.id = p_session_id
       and s.user_id = (select auth.uid())
  );
$$;
revoke execute on function private.owns_session(uuid) from public, anon;
grant execute on function private.owns_session(uuid) to authenticated, service_role;

/**
 * True when the caller (auth.uid()) owns essay submission p_submission_id.
 */
create or replace function private.owns_submission(p_submission_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.essay_submissions e
     where e.id = p_submission_id
       and e.user_id = (select auth.uid())
  );
$$;
revoke execute on function private.owns_submission(uuid) from public, anon;
grant execute on function private.owns_submission(uuid) to authenticated, service_role;

-- -----------------------------------------------------------------------------
-- Triggers
-- -----------------------------------------------------------------------------
drop trigger if exists analysis_sessions_set_updated_at on public.analysis_sessions;
create trigger analysis_sessions_set_updated_at
  before update on public.analysis_sessions
  for each row execute function private.set_updated_at();

-- -----------------------------------------------------------------------------
-- Privileges (column-level: users never touch ids, owners or job columns)
-- -----------------------------------------------------------------------------
revoke all on public.analysis_sessions from anon, authenticated;
grant select, delete on public.analysis_sessions to authenticated;
grant insert (id, user_id, prompt_content, criteria_content, prompt_filename, criteria_filename,
              prompt_file_path, criteria_file_path)
  on public.analysis_sessions to authenticated;
grant update (prompt_content, criteria_content, prompt_filename, criteria_filename,
              prompt_file_path, criteria_file_path)
  on public.analysis_sessions to authenticated;
grant all on public.analysis_sessions to service_role;

revoke all on public.essay_submissions from anon, authenticated;
grant select, delete on public.essay_submissions to authenticated;
grant insert (id, session_id, user_id, student_name, student_id, essay_content,
              essay_file_path, essay_filename)
  on public.essay_submissions to authenticated;
grant update (student_name, student_id) on public.essay_submissions to authenticated;
grant all on public.essay_submissions to service_role;

revoke all on public.analysis_results from anon, authenticated;
grant select on public.analysis_results to authenticated;
grant all on public.analysis_results to service_role;

-- -----------------------------------------------------------------------------
-- RLS
-- -----------------------------------------------------------------------------
alter table public.analysis_sessions enable row level security;
alter table public.essay_submissions enable row level security;
alter table public.analysis_results enable row level security;

-- analysis_sessions
drop policy if exists "users read their own sessions" on public.analysis_sessions;
drop policy if exists "users read their own sessions; admins read all" on public.analysis_sessions;
create policy "users read their own sessions; admins read all" on public.analysis_sessions
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

drop policy if exists "users create their own sessions" on public.analysis_sessions;
create policy "users create their own sessions" on public.analysis_sessions
  for insert to authenticated
  with check (user_id = (select auth.uid()));

drop policy if exists "users update their own sessions" on public.analysis_sessions;
create policy "users update their own sessions" on public.analysis_sessions
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

drop policy if exists "users delete their own sessions" on public.analysis_sessions;
create policy "users delete their own sessions" on public.analysis_sessions
  for delete to authenticated
  using (user_id = (select auth.uid()));

-- essay_submissions
drop policy if exists "users read their own submissions" on public.essay_submissions;
drop policy if exists "users read their own submissions; admins read all" on public.essay_submissions;
create policy "users read their own submissions; admins read all" on public.essay_submissions
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

drop policy if exists "users submit to their own sessions" on public.essay_submissions;
create policy "users submit to their own sessions" on public.essay_submissions
  for insert to authenticated
  with check (
    user_id = (select auth.uid())
    and private.owns_session(session_id)
  );

drop policy if exists "users update their own submissions" on public.essay_submissions;
create policy "users update their own submissions" on public.essay_submissions
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

drop policy if exists "users delete their own submissions" on public.essay_submissions;
create policy "users delete their own submissions" on public.essay_submissions
  for delete to authenticated
  using (user_id = (select auth.uid()));

-- analysis_results (writes: service connection only)
drop policy if exists "users read results of their own submissions" on public.analysis_results;
drop policy if exists "users read results of their own submissions; admins read all" on public.analysis_results;
create policy "users read results of their own submissions; admins read all" on public.analysis_results
  for select to authenticated
  using (
    (exists (
      select 1 from public.essay_submissions e
       where e.id = analysis_results.submission_id
         and e.user_id = (select auth.uid())
    ))
    or (select private.is_admin())
  );

