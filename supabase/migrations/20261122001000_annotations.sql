-- =============================================================================
-- Inline annotations (첨삭 표시) of a graded answer.
-- The worker stores, with each result, the annotations it kept: spans of the
-- answer text (essay_submissions.essay_content) with a kind, a rubric category,
-- a comment and an optional rewrite, made by the AI grader or the offline
-- analyzer. Only the service connection writes them (in the transaction of
-- private.complete_grading_job); members read them through the existing RLS
-- policy of analysis_results (own submissions only; admins all), like the rest
-- of the result. Additive only (add column if not exists, a comment).
-- =============================================================================

-- -----------------------------------------------------------------------------
-- analysis_results.annotations
-- -----------------------------------------------------------------------------
alter table public.analysis_results
  add column if not exists annotations jsonb not null default '[]'::jsonb
    constraint analysis_results_annotations_is_array check (jsonb_typeof(annotations) = 'array');

comment on column public.analysis_results.annotations is
  'Inline annotations (첨삭 표시), JSON array sorted by start, no overlaps, at most 15: '
  '{start, end, quote, kind, category, comment, rewrite, source}. start/end are UTF-16 '
  'code-unit offsets into essay_submissions.essay_content with '
  'essay_content.slice(start, end) = quote; kind is 잘한 점 | 고칠 점 | 질문; category a '
  'rubric category name; rewrite text or null (고칠 점 only); source ai | offline. Text is '
  'untrusted (model or student): shown as text only, never as HTML. Written by the grading '
  'worker only.';
