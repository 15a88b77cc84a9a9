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
 * `record` is the changed row without the full essay text (a 100-character
 * `essay_preview` instead) and without the worker's internals (lease_owner,
 * last_error); `old_record` carries only id, session_id, status and progress.
 * Updates that change nothing a teacher sees (e.g. a lease renewal) are not
 * sent, so progress streams stay small.
 * Security definer: realtime.messages has RLS, and the change may be made by
 * an end user (e.g. a delete) who could not insert the message herself.
 */
create or replace function private.broadcast_submission_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_new jsonb;
  v_old jsonb;
begin
  if tg_op = 'UPDATE'
     and new.status is not distinct from old.status
     and new.progress is not distinct from old.progress
     and new.progress_message is not distinct from old.progress_message
     and new.student_name is not distinct from old.student_name
     and new.student_id is not distinct from old.student_id
     and new.usage_charged is not distinct from old.usage_charged then
    return null;
  end if;
  if tg_op <> 'DELETE' then
    v_new := (to_jsonb(new) - 'essay_content' - 'lease_owner' - 'last_error')
             || jsonb_build_object('essay_preview', left(new.essay_content, 100));
  end if;
  if tg_op <> 'INSERT' then
    v_old := jsonb_build_object('id', old.id, 'session_id', old.session_id, 'status', old.status,
                                'progress', old.progress);
  end if;
  perform realtime.send(
    jsonb_build_object('record', v_new, 'old_record', v_old, 'operation', tg_op,
                       'table', tg_table_name, 'schema', tg_table_schema),
    tg_op,
    'session:' || coalesce(new.session_id, old.session_id)::text,
    true);
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
