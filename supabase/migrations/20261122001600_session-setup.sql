-- =============================================================================
-- Checking the setup before grading, and re-grading (issue 15, items 4 and 5).
--
-- A session keeps the rubric the teacher edited (analysis_sessions.rubric; null =
-- read from the criteria text as before) and a work item name (title). Both are
-- written by the API only (users keep no update grant on sessions).
--
-- A completed answer can be graded again for one more use: it goes back to the
-- queue (private.requeue_completed_submission) while its result row stays, so the
-- previous result is readable until the new one is stored. The new result
-- replaces the old one (private.complete_grading_job upserts it) and the worker
-- clears the teacher review made on the old one in the same transaction (the
-- edit log stays as history). A re-grade that fails puts the answer back to `completed`
-- with its previous result and gives the use back (private.finish_grading_job_error,
-- grading migration).
-- =============================================================================

-- -----------------------------------------------------------------------------
-- Functions: validation
-- -----------------------------------------------------------------------------

/**
 * Whether p_rubric is a valid edited rubric: a JSON array of 1–10 objects
 * {name, maxScore, description?} with a trimmed name of 1–40 characters (names
 * distinct), a whole maxScore from 1 to 1000, an optional description of at most
 * 200 characters, and no other keys; the points together at most 1000.
 * The same bounds as rubricSchema in supabase/functions/_shared/session-setup.ts.
 */
create or replace function private.rubric_is_valid(p_rubric jsonb)
returns boolean
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_item jsonb;
  v_name text;
  v_points numeric;
  v_total numeric := 0;
  v_names text[] := '{}';
begin
  if p_rubric is null then
    return true;
  end if;
  if jsonb_typeof(p_rubric) <> 'array' or jsonb_array_length(p_rubric) not between 1 and 10 then
    return false;
  end if;
  for v_item in select value from jsonb_array_elements(p_rubric) loop
    if jsonb_typeof(v_item) <> 'object'
       or exists (select 1 from jsonb_object_keys(v_item) k where k not in ('name', 'maxScore', 'description'))
       or jsonb_typeof(v_item -> 'name') is distinct from 'string'
       or jsonb_typeof(v_item -> 'maxScore') is distinct from 'number' then
      return false;
    end if;
    v_name := v_item ->> 'name';
    if v_name <> btrim(v_name) or char_length(v_name) not between 1 and 40 or v_name = any (v_names) then
      return false;
    end if;
    v_names := v_names || v_name;
    v_points := (v_item ->> 'maxScore')::numeric;
    if v_points <> trunc(v_points) or v_points not between 1 and 1000 then
      return false;
    end if;
    v_total := v_total + v_points;
    if v_item ? 'description'
       and (jsonb_typeof(v_item -> 'description') <> 'string' or char_length(v_item ->> 'description') > 200) then
      return false;
    end if;
  end loop;
  return v_total <= 1000;
end;
$$;
revoke execute on function private.rubric_is_valid(jsonb) from public, anon;
grant execute on function private.rubric_is_valid(jsonb) to authenticated, service_role;

-- -----------------------------------------------------------------------------
-- Tables
-- -----------------------------------------------------------------------------
alter table public.analysis_sessions
  add column if not exists rubric jsonb
    constraint analysis_sessions_rubric_valid check (private.rubric_is_valid(rubric)),
  add column if not exists title text
    constraint analysis_sessions_title_length check (title is null or (title = btrim(title) and char_length(title) between 1 and 80));

comment on column public.analysis_sessions.rubric is
  'The rubric the teacher checked and edited ([{name, maxScore, description?}], 1–10 categories, '
  'whole points, total ≤ 1000); the grader uses it. Null = read from criteria_content. API-written only.';
comment on column public.analysis_sessions.title is
  'The work item''s name chosen by the teacher (1–80 characters); null = shown as the prompt file name. API-written only.';

-- Users keep select and delete only (20261122000300_grading.sql); restated so a later grant slip shows here.
revoke insert, update on public.analysis_sessions from anon, authenticated;

-- -----------------------------------------------------------------------------
-- Functions: the setup lock
-- -----------------------------------------------------------------------------

/**
 * Locks analysis session p_session_id (FOR UPDATE: a new answer takes it FOR SHARE,
 * so none is queued until the caller's transaction ends) and says whether its
 * setup (question, criteria, rubric, name, anchor answers) may change now:
 *   'missing' no such session;
 *   'sample'  a sample session (is_sample, sample-sessions migration): a read-only
 *             demonstration, only deleted;
 *   'busy'    p_need_idle and an answer of it is queued (holding a use, or a
 *             sample) or being graded: its grader would see half the old setup
 *             and half the new;
 *   'ok'      otherwise.
 * The one rule behind PATCH /sessions/:id (rubric and files) and the anchor
 * answers (API and the session_anchors triggers alike).
 */
create or replace function private.lock_session_setup(p_session_id uuid, p_need_idle boolean)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_sample boolean;
begin
  select s.is_sample into v_sample from public.analysis_sessions s where s.id = p_session_id for update;
  if not found then
    return 'missing';
  end if;
  if v_sample then
    return 'sample';
  end if;
  if p_need_idle and exists (
    select 1 from public.essay_submissions e
     where e.session_id = p_session_id
       and (e.status = 'analyzing' or (e.status = 'pending' and (e.usage_charged or e.is_sample)))
  ) then
    return 'busy';
  end if;
  return 'ok';
end;
$$;
revoke execute on function private.lock_session_setup(uuid, boolean) from public, anon, authenticated;
grant execute on function private.lock_session_setup(uuid, boolean) to service_role;

-- -----------------------------------------------------------------------------
-- Functions: re-grading
-- -----------------------------------------------------------------------------

/**
 * Puts the completed submission p_id back in the queue for a re-grade, holding
 * the use the caller has just reserved (private.reserve_usage, same transaction;
 * p_usage_period_start as it returned, null for a guest use). Its result row is
 * kept: the report stays readable until the worker stores the new result.
 * Returns false (and changes nothing) when the submission is not completed or has
 * no result.
 */
create or replace function private.requeue_completed_submission(
  p_id uuid,
  p_usage_period_start timestamptz
)
returns boolean
language sql
security definer
set search_path = ''
as $$
  select case
    when exists (select 1 from public.analysis_results r where r.submission_id = p_id)
      then private.requeue_submission(p_id, 'completed', '재채점 대기 중입니다', p_usage_period_start)
    else false
  end;
$$;
revoke execute on function private.requeue_completed_submission(uuid, timestamptz) from public, anon, authenticated;
grant execute on function private.requeue_completed_submission(uuid, timestamptz) to service_role;
