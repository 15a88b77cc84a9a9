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
