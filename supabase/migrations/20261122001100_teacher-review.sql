-- =============================================================================
-- Teacher review (검토) of a grading result, its change log, and read-only
-- links for the student.
-- The AI's result (analysis_results.* as the worker wrote it) is never changed
-- by a review: the teacher's version is a separate JSON document
-- (analysis_results.review), every change is logged in public.result_edits,
-- and 검토 완료 is analysis_results.reviewed_at / reviewed_by.
-- A student link (public.report_shares) stores only the SHA-256 of a 32-byte
-- random token; the token itself is shown once, to the teacher who made it.
-- Writes: the API only (service connection) after checking the caller owns the
-- submission; members read their own rows through RLS; anon reads nothing.
-- =============================================================================

-- -----------------------------------------------------------------------------
-- analysis_results: the teacher's version and 검토 완료
-- -----------------------------------------------------------------------------
alter table public.analysis_results
  add column if not exists review jsonb
    constraint analysis_results_review_is_object check (review is null or jsonb_typeof(review) = 'object'),
  add column if not exists reviewed_at timestamptz,
  add column if not exists reviewed_by uuid references auth.users (id) on delete set null;

comment on column public.analysis_results.review is
  'The teacher''s reviewed version, null until first edited: {overallScore, categoryScores, '
  'strengths, improvementAreas, detailedFeedback, suggestions, annotations} in the shapes of the '
  'result columns (annotations may have source teacher). overallScore is the sum of the category '
  'scores, computed by the API. The AI''s original stays in the other columns. Written by the API only.';
comment on column public.analysis_results.reviewed_at is
  'When the teacher marked the report 검토 완료 (null = not reviewed). Written by the API only.';
comment on column public.analysis_results.reviewed_by is 'Who marked it 검토 완료 (auth.users.id).';

create index if not exists analysis_results_reviewed_by_idx on public.analysis_results (reviewed_by);

-- -----------------------------------------------------------------------------
-- public.result_edits: who changed what and when
-- -----------------------------------------------------------------------------
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

create index if not exists result_edits_result_at_idx on public.result_edits (result_id, at);
create index if not exists result_edits_user_idx on public.result_edits (user_id);

-- -----------------------------------------------------------------------------
-- public.report_shares: read-only links for the student
-- -----------------------------------------------------------------------------
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

create index if not exists report_shares_submission_idx on public.report_shares (submission_id, created_at desc);
create index if not exists report_shares_user_idx on public.report_shares (user_id);

-- -----------------------------------------------------------------------------
-- Privileges: members read (RLS below); nobody but the service connection writes
-- -----------------------------------------------------------------------------
revoke all on public.result_edits from anon, authenticated;
grant select on public.result_edits to authenticated;
grant all on public.result_edits to service_role;

revoke all on public.report_shares from anon, authenticated;
grant select (id, submission_id, user_id, expires_at, revoked_at, created_at) on public.report_shares to authenticated;
grant all on public.report_shares to service_role;

-- -----------------------------------------------------------------------------
-- RLS
-- -----------------------------------------------------------------------------
alter table public.result_edits enable row level security;
alter table public.report_shares enable row level security;

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
