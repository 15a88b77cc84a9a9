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

-- -----------------------------------------------------------------------------
-- Functions: the job queue (claims sample answers as well)
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
