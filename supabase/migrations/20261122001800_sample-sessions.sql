-- =============================================================================
-- Sample sessions (issue 19, 샘플로 체험하기): one click creates a session from
-- the bundled sample 논술 question (supabase/functions/_shared/sample-essay.ts)
-- and queues its three sample answers. Sample answers hold no use: they are
-- never counted against the guest's 3 free uses nor a member's month, and the
-- worker claims them without a reserved use. Only the API (service role) writes
-- is_sample: users have no insert grant and may update only student_name /
-- student_id, so a user cannot mark their own answers as samples. The API
-- bounds sample runs per user and per address per day (rate limits).
-- =============================================================================

-- -----------------------------------------------------------------------------
-- Columns
-- -----------------------------------------------------------------------------
alter table public.analysis_sessions
  add column if not exists is_sample boolean not null default false;
alter table public.essay_submissions
  add column if not exists is_sample boolean not null default false;

comment on column public.analysis_sessions.is_sample is
  'True for a session made by POST /api/sessions/sample from the bundled sample; server-written only.';
comment on column public.essay_submissions.is_sample is
  'True for a bundled sample answer (POST /api/sessions/sample): queued without a reserved use '
  '(usage_charged stays false), never counted in usage; server-written only.';

-- -----------------------------------------------------------------------------
-- Indexes
-- -----------------------------------------------------------------------------
create index if not exists essay_submissions_sample_waiting_idx
  on public.essay_submissions (user_id, submitted_at)
  where status = 'pending' and is_sample;

-- The job queue claims sample answers too (no use is reserved for them):
-- private.claim_grading_jobs in the grading migration.

-- -----------------------------------------------------------------------------
-- A sample session is a read-only demonstration: only deletion
-- -----------------------------------------------------------------------------
-- Its question, criteria and answers are the bundle's, graded without a use, so
-- nothing of it may change afterwards: not its setup (question, criteria, rubric,
-- name, anchor answers: private.lock_session_setup answers 'sample'), not its
-- answers (no new ones, no retry or re-grade: private.requeue_submission refuses,
-- no renaming by the member: the update policy below), and no teacher review or
-- student link (private.check_sample_review). Deleting the session or one of its answers stays allowed.

/**
 * Trigger (before update on public.analysis_sessions): is_sample never changes, and
 * the setup columns of a sample session never change (55000 'sample_read_only').
 */
create or replace function private.check_sample_session_update()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.is_sample is distinct from old.is_sample
     or (old.is_sample and (
       new.prompt_content, new.prompt_filename, new.prompt_file_path, new.prompt_mime_type,
       new.criteria_content, new.criteria_filename, new.criteria_file_path, new.criteria_mime_type,
       new.rubric, new.title, new.user_id
     ) is distinct from (
       old.prompt_content, old.prompt_filename, old.prompt_file_path, old.prompt_mime_type,
       old.criteria_content, old.criteria_filename, old.criteria_file_path, old.criteria_mime_type,
       old.rubric, old.title, old.user_id
     )) then
    raise exception 'sample_read_only' using errcode = '55000';
  end if;
  return new;
end;
$$;
revoke execute on function private.check_sample_session_update() from public, anon, authenticated;

drop trigger if exists analysis_sessions_sample_read_only on public.analysis_sessions;
create trigger analysis_sessions_sample_read_only
  before update on public.analysis_sessions
  for each row execute function private.check_sample_session_update();

/**
 * Trigger (before insert on public.essay_submissions): a sample session takes no
 * answer but its bundled ones (written with it), and a sample answer belongs to a
 * sample session (55000 'sample_read_only').
 */
create or replace function private.check_sample_submission_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.is_sample is distinct from coalesce(
       (select s.is_sample from public.analysis_sessions s where s.id = new.session_id), new.is_sample) then
    raise exception 'sample_read_only' using errcode = '55000';
  end if;
  return new;
end;
$$;
revoke execute on function private.check_sample_submission_insert() from public, anon, authenticated;

drop trigger if exists essay_submissions_sample_read_only on public.essay_submissions;
create trigger essay_submissions_sample_read_only
  before insert on public.essay_submissions
  for each row execute function private.check_sample_submission_insert();

-- Members rename the student of their own answers, except the bundled sample answers
-- (the policy of the grading migration, restated with is_sample, which exists only here).
drop policy if exists "users update their own submissions" on public.essay_submissions;
create policy "users update their own submissions" on public.essay_submissions
  for update to authenticated
  using (user_id = (select auth.uid()) and not is_sample)
  with check (user_id = (select auth.uid()) and not is_sample);

/**
 * Trigger (before update on public.analysis_results, before insert on
 * public.report_shares): no teacher review (review, reviewed_at set) and no student
 * link on an answer of a sample session (55000 'sample_read_only'). Clearing a
 * review (the worker storing a new result) stays allowed.
 */
create or replace function private.check_sample_review()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_submission uuid;
begin
  if tg_table_name = 'analysis_results' then
    if (new.review is null or new.review is not distinct from old.review)
       and (new.reviewed_at is null or new.reviewed_at is not distinct from old.reviewed_at) then
      return new;
    end if;
  end if;
  v_submission := new.submission_id;
  if exists (
    select 1 from public.essay_submissions e
      join public.analysis_sessions s on s.id = e.session_id
     where e.id = v_submission and (e.is_sample or s.is_sample)
  ) then
    raise exception 'sample_read_only' using errcode = '55000';
  end if;
  return new;
end;
$$;
revoke execute on function private.check_sample_review() from public, anon, authenticated;

drop trigger if exists analysis_results_sample_read_only on public.analysis_results;
create trigger analysis_results_sample_read_only
  before update of review, reviewed_at on public.analysis_results
  for each row execute function private.check_sample_review();

drop trigger if exists report_shares_sample_read_only on public.report_shares;
create trigger report_shares_sample_read_only
  before insert on public.report_shares
  for each row execute function private.check_sample_review();
