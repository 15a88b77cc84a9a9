-- =============================================================================
-- Realtime Broadcast from the database: every change of an essay submission
-- is broadcast on the private topic `session:<session id>`; only the owner of
-- the session may receive it (RLS on realtime.messages).
-- No publication is needed: this uses Broadcast, not Postgres Changes.
-- =============================================================================

-- -----------------------------------------------------------------------------
-- Functions
-- -----------------------------------------------------------------------------

/**
 * Trigger (after insert/update/delete on public.essay_submissions): broadcasts
 * the change on topic `session:<session_id>` with event = TG_OP
 * (INSERT | UPDATE | DELETE); payload {record, old_record, operation, table, schema}.
 * Security definer: realtime.messages has RLS, and the change may be made by
 * an end user (e.g. a delete) who could not insert the message herself.
 */
create or replace function private.broadcast_submission_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform realtime.broadcast_changes(
    'session:' || coalesce(new.session_id, old.session_id)::text,
    tg_op,
    tg_op,
    tg_table_name,
    tg_table_schema,
    new,
    old
  );
  return null;
end;
$$;
revoke execute on function private.broadcast_submission_change() from public, anon, authenticated;

-- -----------------------------------------------------------------------------
-- Triggers
-- -----------------------------------------------------------------------------
drop trigger if exists essay_submissions_broadcast on public.essay_submissions;
create trigger essay_submissions_broadcast
  after insert or update or delete on public.essay_submissions
  for each row execute function private.broadcast_submission_change();

-- -----------------------------------------------------------------------------
-- RLS on realtime.messages
-- -----------------------------------------------------------------------------
drop policy if exists "owners receive their session broadcasts" on realtime.messages;
create policy "owners receive their session broadcasts" on realtime.messages
  for select to authenticated
  using (
    realtime.topic() like 'session:%'
    and realtime.messages.extension = 'broadcast'
    and exists (
      select 1 from public.analysis_sessions s
       where s.id::text = split_part(realtime.topic(), ':', 2)
         and s.user_id = (select auth.uid())
    )
  );
