-- =============================================================================
-- Sample sessions: one click creates a session from
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
