-- =============================================================================
-- Teacher tools: grade an errored answer again. POST /submissions/{id}/retry
-- reserves one use (private.reserve_usage) and, in the same transaction, puts
-- the answer back in the grading queue with this function.
-- =============================================================================

-- -----------------------------------------------------------------------------
-- Functions
-- -----------------------------------------------------------------------------

/**
 * Puts submission p_id back in the queue, once, if it is in status `error`:
 * pending with attempts, progress, lease and timings reset, the reason
 * cleared, and marked as holding the use just reserved by the caller
 * (usage_charged = true, usage_period_start = p_usage_period_start, null for
 * a guest use). Any stale result row is deleted. The caller reserves the use
 * in the same transaction (POST /submissions/{id}/retry).
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

  update public.essay_submissions s
     set status = 'pending',
         attempts = 0,
         progress = 0,
         progress_message = '대기 중입니다',
         last_error = null,
         lease_owner = null,
         lease_expires_at = null,
         analysis_started_at = null,
         analysis_completed_at = null,
         usage_charged = true,
         usage_period_start = p_usage_period_start
   where s.id = p_id and s.status = 'error';
  if not found then
    return false;
  end if;

  delete from public.analysis_results r where r.submission_id = p_id;
  return true;
end;
$$;
revoke execute on function private.requeue_errored_submission(uuid, timestamptz) from public, anon, authenticated;
grant execute on function private.requeue_errored_submission(uuid, timestamptz) to service_role;
