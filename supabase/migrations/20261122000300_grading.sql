-- =============================================================================
-- Grading: analysis sessions (prompt + criteria, the rubric the teacher checked,
-- anchor answers), essay submissions (also the job queue of the grading
-- workers), analysis results with the teacher's review, its change log and the
-- student links, and the ledger of model calls (grading_usage).
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
--
-- Re-grading: a completed answer can be graded again for one more use: it goes
-- back to the queue (private.requeue_completed_submission) while its result row
-- stays, so the previous result is readable until the new one is stored. The
-- new result replaces the old one (private.complete_grading_job upserts it) and
-- the worker clears the teacher review made on the old one in the same
-- transaction (the edit log stays as history). A re-grade that fails puts the
-- answer back to `completed` with its previous result and gives the use back
-- (private.finish_grading_job_error).
--
-- Results keep their rubric: the worker stores, with every result, the rubric it
-- was graded under (analysis_results.rubric, a snapshot of the session's rubric at
-- grading time). Reports, the CSV and the list show a result against its own
-- rubric; after the teacher changes the rubric, 전체 재채점
-- (private.regrade_session) queues the answers graded under an older one, all
-- or nothing for their uses.
--
-- Teacher review (검토): the AI's result (analysis_results.* as the worker wrote
-- it) is never changed by a review: the teacher's version is a separate JSON
-- document (analysis_results.review), every change is logged in
-- public.result_edits, and 검토 완료 is analysis_results.reviewed_at /
-- reviewed_by. A student link (public.report_shares) stores only the SHA-256 of
-- a 32-byte random token; the token itself is shown once, to the teacher who
-- made it.
--
-- Anchor answers (기준 답안): up to 3 scored sample answers per session (typed
-- or read from a file, each with its total and optional per-category scores),
-- put in the fixed prefix of every prompt of the session as calibration
-- examples; the result records how many were used (analysis_results.anchors_used).
-- Anchors count toward no quota; the limit of 3 is enforced here as well.
--
-- Sample sessions: one click creates a session from the bundled sample 논술
-- question (supabase/functions/_shared/sample-essay.ts) and queues its three
-- sample answers (is_sample). Sample answers hold no use: they are never
-- counted against the guest's 3 free uses nor a member's month, and the worker
-- claims them without a reserved use. Only the API writes is_sample (users have
-- no insert grant and may update only student_name / student_id).
--
-- Grading usage: one row per paid model call of the grading worker, with its
-- purpose (grading, or transcription of a photographed answer / question /
-- criteria), the provider's token counts (in, out, cached) and the call's
-- latency, so admins can see what AI costs per day, per teacher and per purpose
-- (GET /api/admin/usage).
-- Written only by the worker (service role); admins read all rows; teachers none.
-- =============================================================================

-- -----------------------------------------------------------------------------
-- Functions: validation (before the tables: analysis_sessions.rubric's check calls it)
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

/**
 * Whether p_rubric is a valid snapshot of the rubric a result was graded under
 * (analysis_results.rubric): a JSON array of 1–12 objects {name, maxScore,
 * description?}, name a string of 1–40 characters, maxScore a number above 0 and
 * at most 1000, description a string of at most 500 characters, no other keys.
 * Looser than private.rubric_is_valid: a rubric read from the criteria text may
 * have up to 12 categories and fractional points.
 */
create or replace function private.result_rubric_is_valid(p_rubric jsonb)
returns boolean
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_item jsonb;
begin
  if jsonb_typeof(p_rubric) is distinct from 'array' or jsonb_array_length(p_rubric) not between 1 and 12 then
    return false;
  end if;
  for v_item in select value from jsonb_array_elements(p_rubric) loop
    if jsonb_typeof(v_item) <> 'object'
       or exists (select 1 from jsonb_object_keys(v_item) k where k not in ('name', 'maxScore', 'description'))
       or jsonb_typeof(v_item -> 'name') is distinct from 'string'
       or jsonb_typeof(v_item -> 'maxScore') is distinct from 'number' then
      return false;
    end if;
    if char_length(v_item ->> 'name') not between 1 and 40
       or (v_item ->> 'maxScore')::numeric <= 0 or (v_item ->> 'maxScore')::numeric > 1000 then
      return false;
    end if;
    if v_item ? 'description'
       and (jsonb_typeof(v_item -> 'description') <> 'string' or char_length(v_item ->> 'description') > 500) then
      return false;
    end if;
  end loop;
  return true;
end;
$$;
revoke execute on function private.result_rubric_is_valid(jsonb) from public, anon;
grant execute on function private.result_rubric_is_valid(jsonb) to authenticated, service_role;

/**
 * The scale of a rubric: [[name, maxScore], …] in its order, descriptions left
 * out. Two results are on the same rubric when their scales are equal (a
 * description edit alone changes no maximum). Takes a rubric or a result's
 * category_scores ({name, score, maxScore, …}); anything else gives '[]'.
 * Mirrors rubricScale in supabase/functions/_shared/rubric-scale.ts.
 */
create or replace function private.rubric_scale(p_rubric jsonb)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select case when jsonb_typeof(p_rubric) = 'array' then (
    select coalesce(jsonb_agg(jsonb_build_array(c.value ->> 'name',
                                                case when jsonb_typeof(c.value -> 'maxScore') = 'number'
                                                     then (c.value ->> 'maxScore')::numeric end)
                              order by c.ord), '[]'::jsonb)
      from jsonb_array_elements(p_rubric) with ordinality c(value, ord))
  else '[]'::jsonb end;
$$;
revoke execute on function private.rubric_scale(jsonb) from public, anon;
grant execute on function private.rubric_scale(jsonb) to authenticated, service_role;

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
  criteria_mime_type   text,
  rubric               jsonb
                         constraint analysis_sessions_rubric_valid check (private.rubric_is_valid(rubric)),
  title                text
                         constraint analysis_sessions_title_length check (title is null or (title = btrim(title) and char_length(title) between 1 and 80)),
  is_sample            boolean not null default false
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
comment on column public.analysis_sessions.rubric is
  'The rubric the teacher checked and edited ([{name, maxScore, description?}], 1–10 categories, '
  'whole points, total ≤ 1000); the grader uses it. Null = read from criteria_content. API-written only.';
comment on column public.analysis_sessions.title is
  'The work item''s name chosen by the teacher (1–80 characters); null = shown as the prompt file name. API-written only.';
comment on column public.analysis_sessions.is_sample is
  'True for a session made by POST /api/sessions/sample from the bundled sample; server-written only.';

create table if not exists public.essay_submissions (
  id                      uuid primary key default gen_random_uuid(),
  session_id              uuid not null references public.analysis_sessions (id) on delete cascade,
  user_id                 uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  -- As the API stores them (files/form.ts cleanStudentField): NFC, trimmed, 1–50 characters, or null.
  student_name            text
                            constraint essay_submissions_student_name_check
                            check (student_name is null or (private.is_trimmed_text(student_name, 50)
                                                            and student_name is nfc normalized)),
  student_id              text
                            constraint essay_submissions_student_id_check
                            check (student_id is null or (private.is_trimmed_text(student_id, 50)
                                                          and student_id is nfc normalized)),
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
  lease_owner             text,
  is_sample               boolean not null default false
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
  'MIME type of the stored original (decided from its bytes). For image/*, essay_content is the text '
  'read at upload (single answers), or empty until the grader reads the image (batch photos). Null for typed essays.';
comment on column public.essay_submissions.usage_period_start is
  'The Asia/Seoul month (usage_tracking.period_start) the reserved use was counted in; '
  'null when it was a guest use (profiles.guest_usage_count) or nothing was reserved.';
comment on column public.essay_submissions.lease_owner is
  'Id of the worker invocation holding the lease (fences late writes of a worker that lost it).';
comment on column public.essay_submissions.is_sample is
  'True for a bundled sample answer (POST /api/sessions/sample): queued without a reserved use '
  '(usage_charged stays false), never counted in usage; server-written only.';

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
                        constraint analysis_results_annotations_is_array check (jsonb_typeof(annotations) = 'array'),
  review              jsonb
                        constraint analysis_results_review_is_object check (review is null or jsonb_typeof(review) = 'object'),
  reviewed_at         timestamptz,
  reviewed_by         uuid references auth.users (id) on delete set null,
  anchors_used        smallint not null default 0 check (anchors_used between 0 and 3),
  needs_review_reason text
                        constraint analysis_results_needs_review_reason_length
                        check (needs_review_reason is null or char_length(needs_review_reason) between 1 and 500),
  rubric              jsonb
                        constraint analysis_results_rubric_valid
                        check (rubric is null or private.result_rubric_is_valid(rubric))
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
  'JSON array of server-detected flags: manipulation, off_topic, too_short, blank, needs_check, '
  'missing_category.';
comment on column public.analysis_results.annotations is
  'Inline annotations (첨삭 표시), JSON array sorted by start, no overlaps, at most 15: '
  '{start, end, quote, kind, category, comment, rewrite, source}. start/end are UTF-16 '
  'code-unit offsets into essay_submissions.essay_content with '
  'essay_content.slice(start, end) = quote; kind is 잘한 점 | 고칠 점 | 질문; category a '
  'rubric category name; rewrite text or null (고칠 점 only); source ai | offline. Text is '
  'untrusted (model or student): shown as text only, never as HTML. Written by the grading '
  'worker only.';
comment on column public.analysis_results.review is
  'The teacher''s reviewed version, null until first edited: {overallScore, categoryScores, '
  'strengths, improvementAreas, detailedFeedback, suggestions, annotations} in the shapes of the '
  'result columns (annotations may have source teacher). overallScore is the sum of the category '
  'scores, computed by the API. The AI''s original stays in the other columns. Written by the API only.';
comment on column public.analysis_results.reviewed_at is
  'When the teacher marked the report 검토 완료 (null = not reviewed). Written by the API only.';
comment on column public.analysis_results.reviewed_by is 'Who marked it 검토 완료 (auth.users.id).';
comment on column public.analysis_results.needs_review_reason is
  'Why the teacher must check this result (확인 필요), in Korean, e.g. the rubric categories the model '
  'left unscored after being asked twice (they count 0 in overall_score and carry missing: true in '
  'category_scores); null when nothing needs checking. Written by the grading worker only.';
comment on column public.analysis_results.rubric is
  'The rubric this result was graded under ([{name, maxScore, description?}], a snapshot of the '
  'session''s rubric when the worker graded it; private.result_rubric_is_valid). Always written by '
  'private.complete_grading_job; null only on rows written otherwise, read then as the maxima of '
  'category_scores. Reports, prints, the CSV and the list show the result against it.';
comment on column public.analysis_results.anchors_used is
  'Number of anchor answers (기준 답안) in the prompt when the model graded this answer (0: none, offline).';

create table if not exists public.result_edits (
  id         uuid primary key default gen_random_uuid(),
  result_id  uuid not null references public.analysis_results (id) on delete cascade,
  user_id    uuid references auth.users (id) on delete set null,
  at         timestamptz not null default now(),
  field      text not null check (char_length(field) between 1 and 200),
  before     jsonb,
  after      jsonb
);

comment on table public.result_edits is
  'Change log of a teacher review: one row per changed field (category:<name>, strengths, '
  'improvementAreas, detailedFeedback, suggestions, annotations, reviewStatus) with the values '
  'before and after. Written by the API only; the owner of the submission reads it.';

create table if not exists public.report_shares (
  id            uuid primary key default gen_random_uuid(),
  submission_id uuid not null references public.essay_submissions (id) on delete cascade,
  user_id       uuid not null references auth.users (id) on delete cascade,
  token_hash    bytea not null unique check (octet_length(token_hash) = 32),
  expires_at    timestamptz not null,
  revoked_at    timestamptz,
  created_at    timestamptz not null default now()
);

comment on table public.report_shares is
  'Read-only student links to one reviewed report. token_hash = sha256 of the 32-byte random '
  'token in the link (the token is never stored). Valid while revoked_at is null and '
  'expires_at > now(). Written by the API only; the owner reads their links (not the hash).';

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

create table if not exists public.grading_usage (
  id                bigint generated always as identity primary key,
  -- no foreign key: a ledger row outlives the answer (deleting an answer does not undo its cost)
  submission_id     uuid,
  user_id           uuid references public.profiles (id) on delete set null,
  at                timestamptz not null default now(),
  purpose           text not null default 'grading' check (purpose in ('grading', 'transcription')),
  mode              text not null check (mode in ('holistic', 'per-criterion')),
  call_kind         text not null check (call_kind in ('holistic', 'criterion', 'overall', 'transcription')),
  model             text not null check (char_length(model) <= 200),
  prompt_tokens     integer not null default 0 check (prompt_tokens >= 0),
  completion_tokens integer not null default 0 check (completion_tokens >= 0),
  cached_tokens     integer not null default 0 check (cached_tokens >= 0 and cached_tokens <= prompt_tokens),
  latency_ms        integer not null default 0 check (latency_ms >= 0),
  constraint grading_usage_kind_fits_purpose check ((call_kind = 'transcription') = (purpose = 'transcription'))
);

comment on table public.grading_usage is
  'One row per grading call to the model (worker): tokens from the provider''s usage, latency. '
  'Admins read all rows (cost per day and per teacher); teachers read none.';
comment on column public.grading_usage.submission_id is
  'The answer whose grading made the call (essay_submissions.id; for a photographed question or '
  'criteria, the answer that first needed it); kept after the answer is deleted.';
comment on column public.grading_usage.user_id is
  'The teacher whose answer it was; null once the account is deleted.';
comment on column public.grading_usage.purpose is
  'Why the model was called: grading (scoring an answer) or transcription (reading a photographed '
  'answer, question or criteria with the vision model).';
comment on column public.grading_usage.mode is
  'GRADING_MODE in force: holistic (one call) or per-criterion (one per category + overall).';
comment on column public.grading_usage.call_kind is
  'holistic: the whole grade; criterion: one rubric category; overall: the feedback call; '
  'transcription: reading one image (purpose transcription).';
comment on column public.grading_usage.cached_tokens is
  'Prompt tokens served from the provider''s prompt cache (included in prompt_tokens).';

create table if not exists public.refused_answers (
  id            uuid primary key default gen_random_uuid(),
  session_id    uuid not null references public.analysis_sessions (id) on delete cascade,
  user_id       uuid not null references public.profiles (id) on delete cascade,
  student_name  text check (student_name is null or private.is_trimmed_text(student_name, 50)),
  student_id    text check (student_id is null or private.is_trimmed_text(student_id, 50)),
  filename      text check (filename is null or char_length(filename) between 1 and 255),
  reason        text not null check (char_length(reason) between 1 and 500),
  created_at    timestamptz not null default now(),
  dismissed_at  timestamptz
);

comment on table public.refused_answers is
  'Answers of a batch the server refused at upload (e.g. shorter than the 100-character minimum), '
  'with the student and the Korean reason, so a refused student never vanishes from the class: '
  'listed in the session until the teacher dismisses it (dismissed_at). Written by the API only; '
  'the owner reads them.';

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
create index if not exists analysis_results_reviewed_by_idx on public.analysis_results (reviewed_by);
create index if not exists refused_answers_session_idx on public.refused_answers (session_id, created_at);
create index if not exists refused_answers_user_id_idx on public.refused_answers (user_id);
create index if not exists result_edits_result_at_idx on public.result_edits (result_id, at);
create index if not exists result_edits_user_idx on public.result_edits (user_id);

-- The log is bounded per result: at most 50 entries and 1 MB (the text of field,
-- before and after). When a new entry goes over either bound, the oldest entries
-- (and an earlier summary) are squashed into one summary entry (field
-- 'earlierEdits', after = {count, from, to}: how many changes, first and last
-- time), in the same transaction, under a lock on the result row. The newest
-- entry is always kept whole, and the current version is analysis_results.review,
-- which pruning never touches. A re-grade keeps the result row and so its log
-- (history of the earlier version), bounded the same way.

/** Bytes an edit log entry counts toward the 1 MB bound of its result. */
create or replace function private.result_edit_bytes(p_field text, p_before jsonb, p_after jsonb)
returns bigint
language sql
immutable
set search_path = ''
as $$
  select octet_length(p_field)::bigint
         + coalesce(octet_length(p_before::text), 0)
         + coalesce(octet_length(p_after::text), 0);
$$;
revoke execute on function private.result_edit_bytes(text, jsonb, jsonb) from public, anon;
grant execute on function private.result_edit_bytes(text, jsonb, jsonb) to authenticated, service_role;

/**
 * Trigger (after insert on public.result_edits): keeps the log of the new entry's
 * result within 50 entries and 1,048,576 bytes (private.result_edit_bytes) by
 * squashing the oldest entries into one 'earlierEdits' summary, as described above.
 * Entries are kept newest first (the new one always) while they fit in 49 entries
 * and the byte bound less 1 KB for the summary.
 */
create or replace function private.bound_result_edits()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_max_entries constant int := 50;
  v_max_bytes constant bigint := 1048576;
  v_count int;
  v_bytes bigint;
  v_squashed int;
  v_from timestamptz;
  v_to timestamptz;
  v_first_kept timestamptz;
  v_ids uuid[];
begin
  if new.field = 'earlierEdits' then
    return null;
  end if;
  perform 1 from public.analysis_results r where r.id = new.result_id for update;
  select count(*), coalesce(sum(private.result_edit_bytes(x.field, x.before, x.after)), 0)
    into v_count, v_bytes
    from public.result_edits x where x.result_id = new.result_id;
  if v_count <= v_max_entries and v_bytes <= v_max_bytes then
    return null;
  end if;

  select array_agg(o.id) into v_ids from (
    select x.id, x.field,
           row_number() over w as n,
           sum(private.result_edit_bytes(x.field, x.before, x.after)) over w as bytes
      from public.result_edits x
     where x.result_id = new.result_id
    window w as (order by (x.id = new.id) desc, (x.field = 'earlierEdits'), x.at desc, x.id desc)
  ) o
  where o.id <> new.id
    and (o.field = 'earlierEdits' or o.n > v_max_entries - 1 or o.bytes > v_max_bytes - 1024);

  select coalesce(sum(case when x.field = 'earlierEdits' then coalesce((x.after ->> 'count')::int, 1) else 1 end), 0)::int,
         min(coalesce((x.after ->> 'from')::timestamptz, x.at)),
         max(coalesce((x.after ->> 'to')::timestamptz, x.at))
    into v_squashed, v_from, v_to
    from public.result_edits x where x.id = any (v_ids);
  if v_squashed = 0 then
    return null;
  end if;
  delete from public.result_edits x where x.id = any (v_ids);
  select min(x.at) into v_first_kept from public.result_edits x where x.result_id = new.result_id;
  insert into public.result_edits (result_id, user_id, at, field, before, after)
  values (new.result_id, null, least(v_from, v_first_kept - interval '1 microsecond'), 'earlierEdits', null,
          jsonb_build_object('count', v_squashed, 'from', v_from, 'to', v_to));
  return null;
end;
$$;
revoke execute on function private.bound_result_edits() from public, anon, authenticated;

drop trigger if exists result_edits_bound on public.result_edits;
create trigger result_edits_bound
  after insert on public.result_edits
  for each row execute function private.bound_result_edits();

create index if not exists report_shares_submission_idx on public.report_shares (submission_id, created_at desc);
create index if not exists report_shares_user_idx on public.report_shares (user_id);
create index if not exists session_anchors_session_idx on public.session_anchors (session_id, created_at);
create index if not exists session_anchors_user_id_idx on public.session_anchors (user_id);
create index if not exists grading_usage_at_idx on public.grading_usage (at);
create index if not exists grading_usage_user_at_idx on public.grading_usage (user_id, at);
create index if not exists essay_submissions_sample_waiting_idx
  on public.essay_submissions (user_id, submitted_at)
  where status = 'pending' and is_sample;

-- -----------------------------------------------------------------------------
-- A sample session is a read-only demonstration: only deletion
-- -----------------------------------------------------------------------------
-- Its question, criteria and answers are the bundle's, graded without a use, so
-- nothing of it may change afterwards: not its setup (question, criteria, rubric,
-- name, anchor answers: private.lock_session_setup answers 'sample'), not its
-- answers (no new ones, no retry or re-grade: private.requeue_submission refuses,
-- no renaming by the member: the update policy of essay_submissions), and no teacher review or
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
 * True when the caller may read session p_session_id, its answers and their results. Here its
 * owner; the classes migration widens it to the organisation's owner, managers and the teachers
 * of the session's class (private.can_access_session there, the same signature).
 */
create or replace function private.can_access_session(p_session_id uuid)
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
revoke execute on function private.can_access_session(uuid) from public, anon;
grant execute on function private.can_access_session(uuid) to authenticated, service_role;

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
 * usage row of the month it was counted in (usage_user_id's, the organisation
 * owner's for a pooled use, else the answer's user's), the member's org_usage
 * counter when it was an organisation's use (usage_org_id, usage_member_id), or
 * the guest counter, and clears usage_charged. Returns false when nothing was
 * reserved (already returned).
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
     where u.user_id = coalesce(v_sub.usage_user_id, v_sub.user_id) and u.period_start = v_sub.usage_period_start;
    if v_sub.usage_org_id is not null then
      update public.org_usage o
         set essay_count = greatest(o.essay_count - 1, 0), updated_at = now()
       where o.org_id = v_sub.usage_org_id and o.user_id = v_sub.usage_member_id
         and o.period_start = v_sub.usage_period_start;
    end if;
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
 * improvementAreas, detailedFeedback, suggestions, grader, model, flags, and
 * rubric (required: the rubric the answer was graded under, stored with the
 * result; 23502 'result_rubric_missing' without it, 23514 when malformed).
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
  if jsonb_typeof(p_result -> 'rubric') is distinct from 'array' then
    raise exception 'result_rubric_missing' using errcode = '23502';
  end if;

  insert into public.analysis_results (
    submission_id, overall_score, max_score, category_scores, strengths, improvement_areas,
    detailed_feedback, suggestions, grader, model, flags, rubric)
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
    coalesce(p_result -> 'flags', '[]'::jsonb),
    p_result -> 'rubric')
  on conflict (submission_id) do update set
    overall_score = excluded.overall_score, max_score = excluded.max_score,
    category_scores = excluded.category_scores, strengths = excluded.strengths,
    improvement_areas = excluded.improvement_areas, detailed_feedback = excluded.detailed_feedback,
    suggestions = excluded.suggestions, grader = excluded.grader, model = excluded.model,
    flags = excluded.flags, rubric = excluded.rubric, created_at = now();
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
 * a sample session (is_sample) is never queued again:
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
-- Functions: the setup lock
-- -----------------------------------------------------------------------------

/**
 * Locks analysis session p_session_id (FOR UPDATE: a new answer takes it FOR SHARE,
 * so none is queued until the caller's transaction ends) and says whether its
 * setup (question, criteria, rubric, name, anchor answers) may change now:
 *   'missing' no such session;
 *   'sample'  a sample session (is_sample): a read-only
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

/**
 * 전체 재채점 (POST /sessions/{id}/regrade-all): queues again, for one use each,
 * the completed answers of session p_session_id (owned by p_user_id) that were
 * graded under another rubric than p_current_rubric (private.rubric_scale of the
 * result's rubric, or of its category_scores when it has none), or all of them
 * with p_all. Answers the teacher has reviewed (a saved review or 검토 완료) are
 * left alone unless p_include_reviewed (the new result replaces the review).
 * All or nothing: the uses for every picked answer are reserved in one
 * private.reserve_session_usage call (address, device and daily limits as there); when
 * they cannot all be reserved nothing is queued. The session row is locked
 * first (private.lock_session_setup), so the rubric cannot change meanwhile.
 * Returns {allowed, queued, needed, skippedReviewed} merged over the
 * reservation's usage snapshot (when one was tried). Raises P0002
 * 'session_missing' for a session that is not p_user_id's and 55000
 * 'sample_read_only' for a sample session.
 */
create or replace function private.regrade_session(
  p_session_id uuid,
  p_user_id uuid,
  p_current_rubric jsonb,
  p_all boolean,
  p_include_reviewed boolean,
  p_address text,
  p_device text,
  p_address_limit integer,
  p_device_limit integer
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_state text;
  v_ids uuid[];
  v_skipped integer;
  v_needed integer;
  v_res jsonb;
  v_id uuid;
  v_current jsonb := private.rubric_scale(p_current_rubric);
begin
  v_state := private.lock_session_setup(p_session_id, false);
  if v_state = 'missing'
     or not exists (select 1 from public.analysis_sessions s where s.id = p_session_id and s.user_id = p_user_id) then
    raise exception 'session_missing' using errcode = 'P0002';
  end if;
  if v_state = 'sample' then
    raise exception 'sample_read_only' using errcode = '55000';
  end if;

  select coalesce(array_agg(x.id order by x.submitted_at, x.id) filter (where not x.reviewed or p_include_reviewed), '{}'),
         (count(*) filter (where x.reviewed and not p_include_reviewed))::integer
    into v_ids, v_skipped
    from (
      select e.id, e.submitted_at, (r.review is not null or r.reviewed_at is not null) as reviewed
        from public.essay_submissions e
        join public.analysis_results r on r.submission_id = e.id
       where e.session_id = p_session_id and e.user_id = p_user_id
         and e.status = 'completed' and not e.is_sample
         and (p_all or private.rubric_scale(coalesce(r.rubric, r.category_scores)) is distinct from v_current)
         for update of e
    ) x;
  v_needed := coalesce(array_length(v_ids, 1), 0);
  if v_needed = 0 then
    return jsonb_build_object('allowed', true, 'queued', 0, 'needed', 0, 'skippedReviewed', v_skipped);
  end if;

  -- an organisation's assignment takes the uses from its pool (20261122000460_org-usage.sql)
  v_res := private.reserve_session_usage(p_session_id, p_user_id, v_needed, p_address, p_device, p_address_limit, p_device_limit);
  if not (v_res ->> 'allowed')::boolean then
    return v_res || jsonb_build_object('queued', 0, 'needed', v_needed, 'skippedReviewed', v_skipped);
  end if;
  foreach v_id in array v_ids loop
    if not private.requeue_completed_submission(v_id, (v_res ->> 'periodStart')::timestamptz) then
      raise exception 'regrade_session: % could not be queued', v_id using errcode = '40001';
    end if;
  end loop;
  return v_res || jsonb_build_object('queued', v_needed, 'needed', v_needed, 'skippedReviewed', v_skipped);
end;
$$;
revoke execute on function private.regrade_session(uuid, uuid, jsonb, boolean, boolean, text, text, integer, integer)
  from public, anon, authenticated;
grant execute on function private.regrade_session(uuid, uuid, jsonb, boolean, boolean, text, text, integer, integer)
  to service_role;

-- -----------------------------------------------------------------------------
-- Functions: anchor answers (the per-session limit and the owner rule)
-- -----------------------------------------------------------------------------

/**
 * Trigger (before insert on public.session_anchors): the row's owner must be the
 * session's owner, and a session holds at most 3 anchors. Anchors are part of the
 * session's setup, so they change under the same rule as the rubric and the files
 * (private.lock_session_setup): the session row is locked,
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

-- -----------------------------------------------------------------------------
-- Triggers (the Realtime broadcast of essay_submissions: realtime migration)
-- -----------------------------------------------------------------------------
drop trigger if exists analysis_sessions_set_updated_at on public.analysis_sessions;
create trigger analysis_sessions_set_updated_at
  before update on public.analysis_sessions
  for each row execute function private.set_updated_at();

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

revoke all on public.result_edits from anon, authenticated;
grant select on public.result_edits to authenticated;
grant all on public.result_edits to service_role;

revoke all on public.report_shares from anon, authenticated;
grant select (id, submission_id, user_id, expires_at, revoked_at, created_at) on public.report_shares to authenticated;
grant all on public.report_shares to service_role;

revoke all on public.session_anchors from anon, authenticated;
grant select on public.session_anchors to authenticated;
grant all on public.session_anchors to service_role;

revoke all on public.refused_answers from anon, authenticated;
grant select on public.refused_answers to authenticated;
grant all on public.refused_answers to service_role;

revoke all on public.grading_usage from anon, authenticated;
grant select on public.grading_usage to authenticated;
grant all on public.grading_usage to service_role;

-- -----------------------------------------------------------------------------
-- RLS (no insert policies: rows are created by the API only)
-- -----------------------------------------------------------------------------
alter table public.analysis_sessions enable row level security;
alter table public.essay_submissions enable row level security;
alter table public.analysis_results enable row level security;
alter table public.result_edits enable row level security;
alter table public.report_shares enable row level security;
alter table public.session_anchors enable row level security;
alter table public.grading_usage enable row level security;
alter table public.refused_answers enable row level security;

-- analysis_sessions (read: owners, an organisation's colleagues through private.can_access_session, admins)
drop policy if exists "users read their own sessions; admins read all" on public.analysis_sessions;
create policy "users read their own sessions; admins read all" on public.analysis_sessions
  for select to authenticated
  using (user_id = (select auth.uid()) or private.can_access_session(id) or (select private.is_admin()));

drop policy if exists "users delete their own sessions" on public.analysis_sessions;
create policy "users delete their own sessions" on public.analysis_sessions
  for delete to authenticated
  using (user_id = (select auth.uid()));

-- essay_submissions
drop policy if exists "users read their own submissions; admins read all" on public.essay_submissions;
create policy "users read their own submissions; admins read all" on public.essay_submissions
  for select to authenticated
  using (user_id = (select auth.uid()) or private.can_access_session(session_id) or (select private.is_admin()));

drop policy if exists "users update their own submissions" on public.essay_submissions;
-- Members rename the student of their own answers, except the bundled sample answers.
create policy "users update their own submissions" on public.essay_submissions
  for update to authenticated
  using (user_id = (select auth.uid()) and not is_sample)
  with check (user_id = (select auth.uid()) and not is_sample);

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
         and (e.user_id = (select auth.uid()) or private.can_access_session(e.session_id))
    ))
    or (select private.is_admin())
  );

-- result_edits
drop policy if exists "users read the edit log of their own results; admins read all" on public.result_edits;
create policy "users read the edit log of their own results; admins read all" on public.result_edits
  for select to authenticated
  using (
    (exists (
      select 1
        from public.analysis_results r
        join public.essay_submissions e on e.id = r.submission_id
       where r.id = result_edits.result_id
         and e.user_id = (select auth.uid())
    ))
    or (select private.is_admin())
  );

-- report_shares
drop policy if exists "users read their own share links" on public.report_shares;
create policy "users read their own share links" on public.report_shares
  for select to authenticated
  using (
    user_id = (select auth.uid())
    and exists (
      select 1 from public.essay_submissions e
       where e.id = report_shares.submission_id
         and e.user_id = (select auth.uid())
    )
  );

-- session_anchors
drop policy if exists "owners read their anchors" on public.session_anchors;
create policy "owners read their anchors" on public.session_anchors
  for select to authenticated
  using (user_id = (select auth.uid()));

-- refused_answers
drop policy if exists "owners read their refused answers" on public.refused_answers;
create policy "owners read their refused answers" on public.refused_answers
  for select to authenticated
  using (user_id = (select auth.uid()));

-- grading_usage
drop policy if exists "admins read grading usage" on public.grading_usage;
create policy "admins read grading usage" on public.grading_usage
  for select to authenticated
  using ((select private.is_admin()));

-- -----------------------------------------------------------------------------
-- Scheduled tick (hosted): pg_cron + pg_net call the function's worker tick
-- every minute while jobs wait, to resume stalled ones, and while billing work
-- is due (private.billing_work_due, billing migration: renewals, notices, mail). It authenticates with
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
            or (s.status = 'analyzing' and s.lease_expires_at < now()))
         or private.billing_work_due();
      $cron$);
  end if;
end $$;
