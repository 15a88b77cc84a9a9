-- =============================================================================
-- Server-written columns (security issue, items 1 and 6).
--   * Sessions and answers are created only by the API (privileged connection),
--     which decides the storage object paths, the texts sent to the model (with
--     their length caps) and the MIME types. Users keep reading and deleting
--     their own rows and renaming the student on an answer; they can no longer
--     insert rows or write any path / content column through PostgREST, so no
--     user can point the service role at another user's object or a crafted
--     URL, or feed unbounded text to the model.
--   * Deleting an answer returns its use only while no worker has claimed it:
--     once grading has started the model has been called and the use is spent.
-- =============================================================================

-- -----------------------------------------------------------------------------
-- Privileges
-- -----------------------------------------------------------------------------
-- Revoking the table privilege also revokes every column-level grant of it.
revoke insert, update on public.analysis_sessions from authenticated;

revoke insert, update on public.essay_submissions from authenticated;
grant update (student_name, student_id) on public.essay_submissions to authenticated;

comment on table public.essay_submissions is
  'One student essay in a session; also the grading job (claimed with FOR UPDATE SKIP LOCKED). '
  'Rows are created by the API only; users may read and delete their own and edit '
  'student_name/student_id; every other column is server-written.';
comment on column public.analysis_sessions.prompt_content is
  'Text extracted from the prompt file by the server (at most 20,000 characters); never user-written.';
comment on column public.analysis_sessions.criteria_content is
  'Text extracted from the criteria file by the server (at most 20,000 characters); never user-written.';
comment on column public.analysis_sessions.prompt_file_path is
  'Server-made object name in the `essays` bucket: <user id>/<session id>/prompt-<uuid>.<ext>; never user-written.';
comment on column public.analysis_sessions.criteria_file_path is
  'Server-made object name in the `essays` bucket: <user id>/<session id>/criteria-<uuid>.<ext> '
  '(null without a criteria file); never user-written.';
comment on column public.essay_submissions.essay_content is
  'Answer text (typed, or extracted / transcribed by the server; at most 20,000 characters); never user-written.';
comment on column public.essay_submissions.essay_file_path is
  'Server-made object name in the `essays` bucket: <user id>/<session id>/essay-<uuid>.<ext>, '
  'null for typed essays; never user-written.';

-- -----------------------------------------------------------------------------
-- Functions
-- -----------------------------------------------------------------------------

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
