-- =============================================================================
-- Fleet-wide grading control. Many function instances run grading workers at
-- once; the claim function is the one place they meet. It now
--   * caps the jobs in flight across all of them (GRADING_MAX_IN_FLIGHT, passed
--     by every worker): claimers take a transaction-scoped advisory lock, count
--     the analyzing jobs with a live lease and claim at most the difference, so
--     two workers can never both overshoot;
--   * optionally caps one user's jobs in flight (GRADING_MAX_IN_FLIGHT_PER_USER);
--   * claims fairly across users: each user's waiting jobs are ranked by
--     submission time after the jobs that user already has in flight, and the
--     lowest ranks go first (oldest first among equal ranks), so one teacher's
--     50-answer batch does not hold back another teacher's single answer.
-- A worker that runs out of time gives its unfinished jobs back with
-- private.release_grading_job instead of letting their leases expire.
-- Everything is transaction-scoped (advisory xact lock, no session state), so it
-- works through the transaction pooler.
-- =============================================================================

-- -----------------------------------------------------------------------------
-- Indexes
-- -----------------------------------------------------------------------------
create index if not exists essay_submissions_waiting_idx
  on public.essay_submissions (user_id, submitted_at)
  where status = 'pending' and usage_charged;

-- -----------------------------------------------------------------------------
-- Functions
-- -----------------------------------------------------------------------------

-- The 4-argument version is replaced by one with an optional cap; keeping both
-- would make 4-argument calls ambiguous.
drop function if exists private.claim_grading_jobs(text, integer, integer, integer);

/**
 * Claims up to p_limit jobs for worker p_worker: pending jobs whose use is
 * reserved, and analyzing jobs whose lease has expired. Jobs already claimed
 * p_max_attempts times are not claimed again; they are failed (use returned).
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
     where (w.status = 'pending' and w.usage_charged)
        or (w.status = 'analyzing' and w.lease_expires_at < now() and w.attempts < p_max_attempts)
  ),
  picked as (
    select s.id
      from public.essay_submissions s
      join ranked r on r.id = s.id
     where ((s.status = 'pending' and s.usage_charged)
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
