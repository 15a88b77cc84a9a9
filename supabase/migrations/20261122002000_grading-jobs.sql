-- =============================================================================
-- Grading jobs: essay_submissions rows are the queue. Workers claim jobs with
-- FOR UPDATE SKIP LOCKED and a lease, report progress, and finish them; a job
-- whose lease expires is claimed again; one that keeps failing ends as `error`
-- and its reserved use is returned. All writes go through these functions,
-- fenced by the lease owner, so a worker that lost its lease changes nothing.
-- =============================================================================

-- -----------------------------------------------------------------------------
-- Columns
-- -----------------------------------------------------------------------------
alter table public.essay_submissions add column if not exists lease_owner text;
comment on column public.essay_submissions.lease_owner is
  'Id of the worker invocation holding the lease (fences late writes of a worker that lost it).';

alter table public.analysis_results add column if not exists grader text not null default 'ai'
  check (grader in ('ai', 'offline'));
alter table public.analysis_results add column if not exists model text;
alter table public.analysis_results add column if not exists flags jsonb not null default '[]'::jsonb;
comment on column public.analysis_results.grader is
  '`ai` = graded by the LLM; `offline` = the built-in text analyzer (shown as not AI-graded).';
comment on column public.analysis_results.flags is
  'JSON array of server-detected flags: manipulation, off_topic, too_short, blank.';

create index if not exists essay_submissions_lease_idx
  on public.essay_submissions (lease_expires_at)
  where status = 'analyzing';

-- -----------------------------------------------------------------------------
-- Functions
-- -----------------------------------------------------------------------------

/**
 * Claims up to p_limit jobs for worker p_worker: pending jobs whose use is
 * reserved, and analyzing jobs whose lease has expired. Jobs already claimed
 * p_max_attempts times are not claimed again; they are failed (use returned).
 * Returns the claimed rows.
 */
create or replace function private.claim_grading_jobs(
  p_worker text,
  p_limit integer,
  p_lease_seconds integer default 120,
  p_max_attempts integer default 3
)
returns setof public.essay_submissions
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_dead record;
begin
  for v_dead in
    select s.id from public.essay_submissions s
     where s.status = 'analyzing' and s.lease_expires_at < now() and s.attempts >= p_max_attempts
     for update skip locked
  loop
    perform private.finish_grading_job_error(v_dead.id, null,
      '채점이 여러 번 중단되어 완료하지 못했습니다. 다시 제출해 주세요.');
  end loop;

  return query
  with picked as (
    select s.id
      from public.essay_submissions s
     where (s.status = 'pending' and s.usage_charged)
        or (s.status = 'analyzing' and s.lease_expires_at < now() and s.attempts < p_max_attempts)
     order by s.submitted_at, s.id
     for update skip locked
     limit greatest(p_limit, 0)
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
revoke execute on function private.claim_grading_jobs(text, integer, integer, integer) from public, anon, authenticated;
grant execute on function private.claim_grading_jobs(text, integer, integer, integer) to service_role;

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
 * Ends a job as `error` with a Korean reason and returns its reserved use.
 * p_worker null = unconditional (used for jobs out of attempts).
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
begin
  update public.essay_submissions s
     set status = 'error',
         progress_message = p_reason,
         last_error = p_reason,
         lease_owner = null,
         lease_expires_at = null,
         analysis_completed_at = now()
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
 * Broadcast trigger (replaces the generic one): sends the changed row without
 * the full essay text (a 100-character preview instead), and skips changes
 * that only renew a lease, so progress streams stay small.
 */
create or replace function private.broadcast_submission_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_new jsonb;
  v_old jsonb;
begin
  if tg_op = 'UPDATE'
     and new.status is not distinct from old.status
     and new.progress is not distinct from old.progress
     and new.progress_message is not distinct from old.progress_message
     and new.student_name is not distinct from old.student_name
     and new.student_id is not distinct from old.student_id
     and new.usage_charged is not distinct from old.usage_charged then
    return null;
  end if;
  if tg_op <> 'DELETE' then
    v_new := (to_jsonb(new) - 'essay_content' - 'lease_owner' - 'last_error')
             || jsonb_build_object('essay_preview', left(new.essay_content, 100));
  end if;
  if tg_op <> 'INSERT' then
    v_old := jsonb_build_object('id', old.id, 'session_id', old.session_id, 'status', old.status,
                                'progress', old.progress);
  end if;
  perform realtime.send(
    jsonb_build_object('record', v_new, 'old_record', v_old, 'operation', tg_op,
                       'table', tg_table_name, 'schema', tg_table_schema),
    tg_op,
    'session:' || coalesce(new.session_id, old.session_id)::text,
    true);
  return null;
end;
$$;
revoke execute on function private.broadcast_submission_change() from public, anon, authenticated;

-- -----------------------------------------------------------------------------
-- Scheduled tick (hosted): pg_cron + pg_net call the function's worker tick
-- every minute to resume stalled jobs. Skipped where the extensions are absent
-- (the local stack runs the same tick itself). The function URL and service key
-- are read from Vault secrets `project_url` and `service_role_key` (README).
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
          'Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key')),
        body := '{}'::jsonb,
        timeout_milliseconds := 5000)
      where exists (
        select 1 from public.essay_submissions s
         where (s.status = 'pending' and s.usage_charged)
            or (s.status = 'analyzing' and s.lease_expires_at < now()));
      $cron$);
  end if;
end $$;
