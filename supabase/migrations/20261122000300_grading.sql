-- =============================================================================
-- Grading: analysis sessions (prompt + criteria), essay submissions (also the
-- job queue of the grading workers) and analysis results.
--
-- Rows are created by the API only (privileged connection), which decides the
-- storage object paths, the texts sent to the model (with their length caps)
-- and the MIME types. Users read and delete their own rows and rename the
-- student on an answer; no user can point the service role at another user's
-- object or feed unbounded text to the model.
--
-- The queue: workers claim jobs with FOR UPDATE SKIP LOCKED and a lease, report
-- progress and finish them; a job whose lease expires is claimed again; one
-- that keeps failing ends as `error` and its reserved use is returned. All
-- writes go through the functions below, fenced by the lease owner, so a
-- worker that lost its lease changes nothing. The claim function is the one
-- place the fleet meets: it caps the jobs in flight across all workers
-- (advisory transaction lock, so it works through the transaction pooler),
-- optionally per user, and claims fairly across users.
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
  updated_at           timestamptz not null default now(),
  prompt_mime_type     text,
  criteria_mime_type   text
);

comment on table public.analysis_sessions is
  'A grading work item: the essay prompt plus optional grading criteria.';
comment on column public.analysis_sessions.prompt_content is
  'Text extracted from the prompt file by the server (at most 20,000 characters); never user-written.';
comment on column public.analysis_sessions.criteria_content is
  'Text extracted from the criteria file by the server (at most 20,000 characters); never user-written.';
comment on column public.analysis_sessions.prompt_file_path is
  'Server-made object name in the `essays` bucket: <user id>/<session id>/prompt-<uuid>.<ext>; never user-written.';
comment on column public.analysis_sessions.criteria_file_path is
  'Server-made object name in the `essays` bucket: <user id>/<session id>/criteria-<uuid>.<ext> '
  '(null without a criteria file); never user-written.';
comment on column public.analysis_sessions.prompt_mime_type is
  'MIME type of the stored prompt original; image/* means prompt_content is empty until read by the grader.';
comment on column public.analysis_sessions.criteria_mime_type is
  'MIME type of the stored criteria original (null without a criteria file).';

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
  usage_charged           boolean not null default false,
  essay_mime_type         text,
  usage_period_start      timestamptz,
  lease_owner             text
);

comment on table public.essay_submissions is
  'One student essay in a session; also the grading job (claimed with FOR UPDATE SKIP LOCKED). '
  'Rows are created by the API only; users may read and delete their own and edit '
  'student_name/student_id; every other column is server-written.';
comment on column public.essay_submissions.user_id is
  'Owner; always the owner of the session (rows are created by the API only).';
comment on column public.essay_submissions.essay_content is
  'Answer text (typed, or extracted / transcribed by the server; at most 20,000 characters); never user-written.';
comment on column public.essay_submissions.essay_file_path is
  'Server-made object name in the `essays` bucket: <user id>/<session id>/essay-<uuid>.<ext>, '
  'null for typed essays; never user-written.';
comment on column public.essay_submissions.status is
  'Job state: pending (waiting; claimed only once usage_charged), analyzing (leased by a worker), '
  'completed (result stored) or error (reason in progress_message, use returned).';
comment on column public.essay_submissions.progress is
  'Grading progress 0..100, written by the worker together with progress_message.';
comment on column public.essay_submissions.progress_message is
  'Korean status line shown to the teacher (also the failure reason when status = error).';
comment on column public.essay_submissions.attempts is
  'How many times a worker has claimed this job.';
comment on column public.essay_submissions.lease_expires_at is
  'While status = analyzing: when the claiming worker''s lease runs out and the job may be re-claimed.';
comment on column public.essay_submissions.last_error is
  'Reason of the last failure (internal; shown to the user only as a Korean message).';
comment on column public.essay_submissions.usage_charged is
  'True while this submission holds one unit of monthly/guest quota; cleared when the quota is returned.';
comment on column public.essay_submissions.essay_mime_type is
  'MIME type of the stored original (decided from its bytes); image/* means essay_content is empty '
  'until the grader reads the image. Null for typed essays.';
comment on column public.essay_submissions.usage_period_start is
  'The Asia/Seoul month (usage_tracking.period_start) the reserved use was counted in; '
  'null when it was a guest use (profiles.guest_usage_count) or nothing was reserved.';
comment on column public.essay_submissions.lease_owner is
  'Id of the worker invocation holding the lease (fences late writes of a worker that lost it).';

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
  created_at          timestamptz not null default now(),
  grader              text not null default 'ai' check (grader in ('ai', 'offline')),
  model               text,
  flags               jsonb not null default '[]'::jsonb,
  annotations         jsonb not null default '[]'::jsonb
                        constraint analysis_results_annotations_is_array check (jsonb_typeof(annotations) = 'array')
);

comment on table public.analysis_results is
  'Grading result of one submission (written by the worker with the service connection).';
comment on column public.analysis_results.category_scores is
  'JSON array of {name, score, maxScore, feedback}.';
comment on column public.analysis_results.strengths is 'JSON array of Korean strings.';
comment on column public.analysis_results.improvement_areas is 'JSON array of Korean strings.';
comment on column public.analysis_results.suggestions is 'JSON array of Korean strings.';
comment on column public.analysis_results.grader is
  '`ai` = graded by the LLM; `offline` = the built-in text analyzer (shown as not AI-graded).';
comment on column public.analysis_results.model is
  'Model id that produced the grade (null for the offline analyzer).';
comment on column public.analysis_results.flags is
  'JSON array of server-detected flags: manipulation, off_topic, too_short, blank.';
comment on column public.analysis_results.annotations is
  'Inline annotations (첨삭 표시), JSON array sorted by start, no overlaps, at most 15: '
  '{start, end, quote, kind, category, comment, rewrite, source}. start/end are UTF-16 '
  'code-unit offsets into essay_submissions.essay_content with '
  'essay_content.slice(start, end) = quote; kind is 잘한 점 | 고칠 점 | 질문; category a '
  'rubric category name; rewrite text or null (고칠 점 only); source ai | offline. Text is '
  'untrusted (model or student): shown as text only, never as HTML. Written by the grading '
  'worker only.';

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
-- Batch staging: a batch-uploaded answer is a `pending` row with usage_charged = false
-- until POST /sessions/{id}/start-batch reserves its use. Workers only claim
-- pending rows with usage_charged = true.
create index if not exists essay_submissions_staged_idx
  on public.essay_submissions (session_id)
  where status = 'pending' and not usage_charged;
create index if not exists essay_submissions_lease_idx
  on public.essay_submissions (lease_expires_at)
  where status = 'analyzing';
create index if not exists essay_submissions_waiting_idx
  on public.essay_submissions (user_id, submitted_at)
  where status = 'pending' and usage_charged;

-- -----------------------------------------------------------------------------
-- Functions: policy helpers
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
-- Functions: returning a reserved use
-- -----------------------------------------------------------------------------

/**
 * Returns the use reserved by submission p_submission_id, once: decrements the
 * usage row of the month it was counted in (or the guest counter) and clears
 * usage_charged. Returns false when nothing was reserved (already returned).
 */
create or replace function private.release_usage(p_submission_id uuid)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_sub public.essay_submissions;
begin
  select * into v_sub from public.essay_submissions s where s.id = p_submission_id for update;
  if not found or not v_sub.usage_charged then
    return false;
  end if;

  if v_sub.usage_period_start is not null then
    update public.usage_tracking u
       set essay_count = greatest(u.essay_count - 1, 0)
     where u.user_id = v_sub.user_id and u.period_start = v_sub.usage_period_start;
  else
    update public.profiles p
       set guest_usage_count = greatest(p.guest_usage_count - 1, 0)
     where p.id = v_sub.user_id;
  end if;

  update public.essay_submissions s set usage_charged = false where s.id = p_submission_id;
  return true;
end;
$$;
revoke execute on function private.release_usage(uuid) from public, anon, authenticated;
grant execute on function private.release_usage(uuid) to service_role;

/**
 * Returns the use reserved by submission p_submission_id only if no worker has
 * claimed it since the use was reserved (status pending, attempts 0): the model
 * has not been called for it. Once claimed (analyzing, or pending again after a
 * transient failure) the use stays charged. Call it, in the same transaction,
 * before deleting an answer. Returns whether a use was given back.
 */
create or replace function private.release_unclaimed_usage(p_submission_id uuid)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_sub public.essay_submissions;
begin
  select * into v_sub from public.essay_submissions s where s.id = p_submission_id for update;
  if not found or v_sub.status <> 'pending' or v_sub.attempts > 0 or not v_sub.usage_charged then
    return false;
  end if;
  return private.release_usage(p_submission_id);
end;
$$;
revoke execute on function private.release_unclaimed_usage(uuid) from public, anon, authenticated;
grant execute on function private.release_unclaimed_usage(uuid) to service_role;

-- -----------------------------------------------------------------------------
-- Functions: the job queue
-- -----------------------------------------------------------------------------

/**
 * Claims up to p_limit jobs for worker p_worker: pending jobs whose use is
 * reserved or that are bundled samples (is_sample, which hold no use), and
 * analyzing jobs whose lease has expired. Jobs already claimed p_max_attempts
 * times are not claimed again; they are failed (use returned).
 * p_max_in_flight (null = no cap) bounds the analyzing jobs with a live lease
 * across every worker: claims are serialised by a transaction-scoped advisory
 * lock and never take the count above the cap. Jobs are picked fairly across
 * users: rank = the user's jobs in flight + the job's position among that
 * user's waiting jobs (oldest first); lowest rank first, then oldest.
 * p_max_per_user (null = none) bounds one user's jobs in flight, which keeps
 * slots free for other users' answers while a big batch runs.
 * Returns the claimed rows.
 */
create or replace function private.claim_grading_jobs(
  p_worker text,
  p_limit integer,
  p_lease_seconds integer default 120,
  p_max_attempts integer default 3,
  p_max_in_flight integer default null,
  p_max_per_user integer default null
)
returns setof public.essay_submissions
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_dead record;
  v_live integer;
  v_slots integer;
begin
  -- One claimer at a time, fleet-wide, until this transaction ends.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('private.claim_grading_jobs', 0));

  for v_dead in
    select s.id from public.essay_submissions s
     where s.status = 'analyzing' and s.lease_expires_at < now() and s.attempts >= p_max_attempts
     for update skip locked
  loop
    perform private.finish_grading_job_error(v_dead.id, null,
      '채점이 여러 번 중단되어 완료하지 못했습니다. 다시 제출해 주세요.');
  end loop;

  v_slots := greatest(p_limit, 0);
  if p_max_in_flight is not null then
    select count(*)::integer into v_live
      from public.essay_submissions s
     where s.status = 'analyzing' and s.lease_expires_at >= now();
    v_slots := least(v_slots, greatest(p_max_in_flight - v_live, 0));
  end if;
  if v_slots = 0 then
    return;
  end if;

  return query
  with in_flight as (
    select s.user_id, count(*) as n
      from public.essay_submissions s
     where s.status = 'analyzing' and s.lease_expires_at >= now()
     group by s.user_id
  ),
  ranked as (
    select w.id, w.submitted_at,
           coalesce(f.n, 0) + row_number() over (partition by w.user_id order by w.submitted_at, w.id) as rnk
      from public.essay_submissions w
      left join in_flight f on f.user_id = w.user_id
     where (w.status = 'pending' and (w.usage_charged or w.is_sample))
        or (w.status = 'analyzing' and w.lease_expires_at < now() and w.attempts < p_max_attempts)
  ),
  picked as (
    select s.id
      from public.essay_submissions s
      join ranked r on r.id = s.id
     where ((s.status = 'pending' and (s.usage_charged or s.is_sample))
            or (s.status = 'analyzing' and s.lease_expires_at < now() and s.attempts < p_max_attempts))
       and (p_max_per_user is null or r.rnk <= p_max_per_user)
     order by r.rnk, r.submitted_at, s.id
     for update of s skip locked
     limit v_slots
  )
  update public.essay_submissions s
     set status = 'analyzing',
         attempts = s.attempts + 1,
         lease_owner = p_worker,
         lease_expires_at = now() + make_interval(secs => p_lease_seconds),
         analysis_started_at = coalesce(s.analysis_started_at, now()),
         progress = greatest(s.progress, 5),
         progress_message = case when s.attempts > 0 then '채점을 다시 시작합니다...' else '채점을 시작합니다...' end,
         last_error = null
    from picked
   where s.id = picked.id
  returning s.*;
end;
$$;
revoke execute on function private.claim_grading_jobs(text, integer, integer, integer, integer, integer) from public, anon, authenticated;
grant execute on function private.claim_grading_jobs(text, integer, integer, integer, integer, integer) to service_role;

/**
 * Progress write by the lease holder: progress (never backwards) and a Korean
 * message; also renews the lease. Returns false when the lease was lost.
 */
create or replace function private.report_grading_progress(
  p_id uuid,
  p_worker text,
  p_progress integer,
  p_message text,
  p_lease_seconds integer default 120
)
returns boolean
language sql
security definer
set search_path = ''
as $$
  with u as (
    update public.essay_submissions s
       set progress = least(greatest(s.progress, p_progress), 99),
           progress_message = p_message,
           lease_expires_at = now() + make_interval(secs => p_lease_seconds)
     where s.id = p_id and s.status = 'analyzing' and s.lease_owner = p_worker
    returning 1
  )
  select exists (select 1 from u);
$$;
revoke execute on function private.report_grading_progress(uuid, text, integer, text, integer) from public, anon, authenticated;
grant execute on function private.report_grading_progress(uuid, text, integer, text, integer) to service_role;

/**
 * Stores the result and marks the job completed, once, and only for the lease
 * holder. p_result keys: overallScore, maxScore, categoryScores, strengths,
 * improvementAreas, detailedFeedback, suggestions, grader, model, flags.
 * p_essay_content (optional) replaces the essay text, e.g. text read from an image.
 * Returns false when the lease was lost or the job is no longer analyzing.
 */
create or replace function private.complete_grading_job(
  p_id uuid,
  p_worker text,
  p_result jsonb,
  p_essay_content text default null
)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.essay_submissions s
     set status = 'completed',
         progress = 100,
         progress_message = '채점이 완료되었습니다.',
         analysis_completed_at = now(),
         lease_owner = null,
         lease_expires_at = null,
         last_error = null,
         essay_content = coalesce(p_essay_content, s.essay_content)
   where s.id = p_id and s.status = 'analyzing' and s.lease_owner = p_worker;
  if not found then
    return false;
  end if;

  insert into public.analysis_results (
    submission_id, overall_score, max_score, category_scores, strengths, improvement_areas,
    detailed_feedback, suggestions, grader, model, flags)
  values (
    p_id,
    (p_result ->> 'overallScore')::numeric,
    (p_result ->> 'maxScore')::numeric,
    coalesce(p_result -> 'categoryScores', '[]'::jsonb),
    coalesce(p_result -> 'strengths', '[]'::jsonb),
    coalesce(p_result -> 'improvementAreas', '[]'::jsonb),
    coalesce(p_result ->> 'detailedFeedback', ''),
    coalesce(p_result -> 'suggestions', '[]'::jsonb),
    coalesce(p_result ->> 'grader', 'ai'),
    p_result ->> 'model',
    coalesce(p_result -> 'flags', '[]'::jsonb))
  on conflict (submission_id) do update set
    overall_score = excluded.overall_score, max_score = excluded.max_score,
    category_scores = excluded.category_scores, strengths = excluded.strengths,
    improvement_areas = excluded.improvement_areas, detailed_feedback = excluded.detailed_feedback,
    suggestions = excluded.suggestions, grader = excluded.grader, model = excluded.model,
    flags = excluded.flags, created_at = now();
  return true;
end;
$$;
revoke execute on function private.complete_grading_job(uuid, text, jsonb, text) from public, anon, authenticated;
grant execute on function private.complete_grading_job(uuid, text, jsonb, text) to service_role;

/**
 * Ends a job that failed and returns its reserved use (as in
 * 20261122000300_grading.sql). A re-grade (the answer still has a result) goes
 * back to `completed` with its previous result and a Korean note; any other job
 * ends as `error` with the reason. p_worker null = unconditional (jobs out of
 * attempts).
 */
create or replace function private.finish_grading_job_error(
  p_id uuid,
  p_worker text,
  p_reason text
)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_had_result boolean;
begin
  v_had_result := exists (select 1 from public.analysis_results r where r.submission_id = p_id);
  update public.essay_submissions s
     set status = case when v_had_result then 'completed' else 'error' end,
         progress = case when v_had_result then 100 else s.progress end,
         progress_message = case when v_had_result
                                 then '재채점하지 못해 이전 결과를 유지합니다: ' || p_reason
                                 else p_reason end,
         last_error = p_reason,
         lease_owner = null,
         lease_expires_at = null,
         analysis_completed_at = case when v_had_result then coalesce(s.analysis_completed_at, now()) else now() end
   where s.id = p_id and s.status in ('analyzing', 'pending')
     and (p_worker is null or s.lease_owner = p_worker);
  if not found then
    return false;
  end if;
  perform private.release_usage(p_id);
  return true;
end;
$$;
revoke execute on function private.finish_grading_job_error(uuid, text, text) from public, anon, authenticated;
grant execute on function private.finish_grading_job_error(uuid, text, text) to service_role;

/**
 * Gives a job back to the queue after a transient failure (attempts are kept,
 * so a job that keeps failing still ends as error).
 */
create or replace function private.requeue_grading_job(p_id uuid, p_worker text, p_reason text)
returns boolean
language sql
security definer
set search_path = ''
as $$
  with u as (
    update public.essay_submissions s
       set status = 'pending', lease_owner = null, lease_expires_at = null,
           last_error = p_reason, progress_message = '잠시 후 채점을 다시 시도합니다...'
     where s.id = p_id and s.status = 'analyzing' and s.lease_owner = p_worker
    returning 1
  )
  select exists (select 1 from u);
$$;
revoke execute on function private.requeue_grading_job(uuid, text, text) from public, anon, authenticated;
grant execute on function private.requeue_grading_job(uuid, text, text) to service_role;

/**
 * Gives a job back to the queue because its worker ran out of time (the run's
 * deadline, or the instance shutting down), not because grading failed. Only
 * the lease holder can do it. p_count_attempt = false takes back the attempt
 * the claim added, so a job cut off by the clock is not failed for it;
 * the worker passes true once the job has had a full LLM try that failed, so
 * a job that can never finish still runs out of attempts.
 * Returns false when the lease was lost or the job is no longer analyzing.
 */
create or replace function private.release_grading_job(
  p_id uuid,
  p_worker text,
  p_count_attempt boolean default false
)
returns boolean
language sql
security definer
set search_path = ''
as $$
  with u as (
    update public.essay_submissions s
       set status = 'pending',
           attempts = case when p_count_attempt then s.attempts else greatest(s.attempts - 1, 0) end,
           lease_owner = null,
           lease_expires_at = null,
           progress_message = '잠시 후 채점을 이어서 진행합니다...'
     where s.id = p_id and s.status = 'analyzing' and s.lease_owner = p_worker
    returning 1
  )
  select exists (select 1 from u);
$$;
revoke execute on function private.release_grading_job(uuid, text, boolean) from public, anon, authenticated;
grant execute on function private.release_grading_job(uuid, text, boolean) to service_role;

/**
 * The requeue both the retry and the re-grade do: submission p_id, if it is in
 * status p_from, goes back to pending with attempts, progress, the error, lease
 * and start time reset, progress_message p_message, and marked as holding the
 * use the caller has just reserved (usage_charged = true, usage_period_start =
 * p_usage_period_start, null for a guest use). A completed submission keeps its
 * completion time (its result stays readable); any other clears it. Returns
 * false (and changes nothing) when the submission is not in p_from. An answer of
 * a sample session (is_sample, sample-sessions migration) is never queued again:
 * 55000 'sample_read_only'. Called only by the security definer functions below,
 * as their owner.
 */
create or replace function private.requeue_submission(
  p_id uuid,
  p_from text,
  p_message text,
  p_usage_period_start timestamptz
)
returns boolean
language plpgsql
set search_path = ''
as $$
begin
  if exists (
    select 1 from public.essay_submissions e
      join public.analysis_sessions a on a.id = e.session_id
     where e.id = p_id and (e.is_sample or a.is_sample)
  ) then
    raise exception 'sample_read_only' using errcode = '55000';
  end if;
  update public.essay_submissions s
     set status = 'pending',
         attempts = 0,
         progress = 0,
         progress_message = p_message,
         last_error = null,
         lease_owner = null,
         lease_expires_at = null,
         analysis_started_at = null,
         analysis_completed_at = case when p_from = 'completed' then s.analysis_completed_at end,
         usage_charged = true,
         usage_period_start = p_usage_period_start
   where s.id = p_id and s.status = p_from;
  return found;
end;
$$;
revoke execute on function private.requeue_submission(uuid, text, text, timestamptz) from public, anon, authenticated;

/**
 * Puts submission p_id back in the queue, once, if it is in status `error`
 * (private.requeue_submission, with the reason cleared). Any stale result row is
 * deleted. The caller reserves the use (private.reserve_usage) in the same
 * transaction (POST /submissions/{id}/retry).
 * Returns false (and changes nothing) when the submission is not in `error`.
 */
create or replace function private.requeue_errored_submission(
  p_id uuid,
  p_usage_period_start timestamptz
)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_status text;
begin
  select s.status into v_status from public.essay_submissions s where s.id = p_id for update;
  if v_status is distinct from 'error' then
    return false;
  end if;

  -- An error row has normally given its use back already; never hold two.
  perform private.release_usage(p_id);

  if not private.requeue_submission(p_id, 'error', '대기 중입니다', p_usage_period_start) then
    return false;
  end if;

  delete from public.analysis_results r where r.submission_id = p_id;
  return true;
end;
$$;
revoke execute on function private.requeue_errored_submission(uuid, timestamptz) from public, anon, authenticated;
grant execute on function private.requeue_errored_submission(uuid, timestamptz) to service_role;

-- -----------------------------------------------------------------------------
-- Triggers (the Realtime broadcast of essay_submissions: realtime migration)
-- -----------------------------------------------------------------------------
drop trigger if exists analysis_sessions_set_updated_at on public.analysis_sessions;
create trigger analysis_sessions_set_updated_at
  before update on public.analysis_sessions
  for each row execute function private.set_updated_at();

-- -----------------------------------------------------------------------------
-- Privileges: users read and delete their own rows and rename the student;
-- every other column is written by the API / the functions above.
-- -----------------------------------------------------------------------------
revoke all on public.analysis_sessions from anon, authenticated;
grant select, delete on public.analysis_sessions to authenticated;
grant all on public.analysis_sessions to service_role;

revoke all on public.essay_submissions from anon, authenticated;
grant select, delete on public.essay_submissions to authenticated;
grant update (student_name, student_id) on public.essay_submissions to authenticated;
grant all on public.essay_submissions to service_role;

revoke all on public.analysis_results from anon, authenticated;
grant select on public.analysis_results to authenticated;
grant all on public.analysis_results to service_role;

-- -----------------------------------------------------------------------------
-- RLS (no insert policies: rows are created by the API only)
-- -----------------------------------------------------------------------------
alter table public.analysis_sessions enable row level security;
alter table public.essay_submissions enable row level security;
alter table public.analysis_results enable row level security;

-- analysis_sessions
drop policy if exists "users read their own sessions; admins read all" on public.analysis_sessions;
create policy "users read their own sessions; admins read all" on public.analysis_sessions
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

drop policy if exists "users delete their own sessions" on public.analysis_sessions;
create policy "users delete their own sessions" on public.analysis_sessions
  for delete to authenticated
  using (user_id = (select auth.uid()));

-- essay_submissions
drop policy if exists "users read their own submissions; admins read all" on public.essay_submissions;
create policy "users read their own submissions; admins read all" on public.essay_submissions
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

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

-- -----------------------------------------------------------------------------
-- Scheduled tick (hosted): pg_cron + pg_net call the function's worker tick
-- every minute while jobs wait, to resume stalled ones. It authenticates with
-- its own secret, not an API key: the Vault secret `grading_tick_secret` (the
-- same value as the function's GRADING_TICK_SECRET, compared in constant time),
-- and reads the function URL from the Vault secret `project_url` (README).
-- Skipped where pg_cron / pg_net / Vault are absent (the local stack runs the
-- same tick itself with its own generated secret).
-- -----------------------------------------------------------------------------
do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron')
     and exists (select 1 from pg_available_extensions where name = 'pg_net')
     and exists (select 1 from pg_namespace where nspname = 'vault') then
    create extension if not exists pg_cron;
    create extension if not exists pg_net with schema extensions;
    perform cron.unschedule(jobid) from cron.job where jobname = 'grading-tick';
    perform cron.schedule(
      'grading-tick',
      '* * * * *',
      $cron$
      select net.http_post(
        url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url')
               || '/functions/v1/api/internal/tick',
        headers := jsonb_build_object(
          'Content-Type', 'application/json',
          'Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'grading_tick_secret')),
        body := '{}'::jsonb,
        timeout_milliseconds := 5000)
      where exists (
        select 1 from public.essay_submissions s
         where (s.status = 'pending' and (s.usage_charged or s.is_sample))
            or (s.status = 'analyzing' and s.lease_expires_at < now()));
      $cron$);
  end if;
end $$;
