-- =============================================================================
-- Grading usage: one row per paid model call of the grading worker, with its
-- purpose (grading, or transcription of a photographed answer / question /
-- criteria), the provider's token counts (in, out, cached) and the call's
-- latency, so admins can see what AI costs per day, per teacher and per purpose
-- (GET /api/admin/usage; prices per 1M tokens are settings of the function).
-- Written only by the worker (service role); admins read all rows; teachers none.
-- =============================================================================

-- -----------------------------------------------------------------------------
-- Table
-- -----------------------------------------------------------------------------
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

create index if not exists grading_usage_at_idx on public.grading_usage (at);
create index if not exists grading_usage_user_at_idx on public.grading_usage (user_id, at);

-- -----------------------------------------------------------------------------
-- Grants and RLS
-- -----------------------------------------------------------------------------
revoke all on public.grading_usage from anon, authenticated;
grant select on public.grading_usage to authenticated;
grant all on public.grading_usage to service_role;

alter table public.grading_usage enable row level security;

drop policy if exists "admins read grading usage" on public.grading_usage;
create policy "admins read grading usage" on public.grading_usage
  for select to authenticated
  using ((select private.is_admin()));
