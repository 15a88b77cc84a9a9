-- =============================================================================
-- The scheduled grading tick authenticates with its own secret, not an API key.
-- pg_cron + pg_net now send the Vault secret `grading_tick_secret` (the same
-- value as the function's GRADING_TICK_SECRET, compared in constant time); the
-- function no longer accepts the service-role key there, so the tick keeps
-- working when legacy keys are disabled and a leaked tick secret grants nothing
-- but "look for stalled jobs now". The Vault secret `service_role_key` is no
-- longer read (README, deploy steps).
-- Skipped where pg_cron / pg_net / Vault are absent (the local stack runs the
-- same tick itself with its own generated secret).
-- =============================================================================

-- -----------------------------------------------------------------------------
-- Scheduled tick
-- -----------------------------------------------------------------------------
do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron')
     and exists (select 1 from pg_available_extensions where name = 'pg_net')
     and exists (select 1 from pg_namespace where nspname = 'vault') then
    create extension if not exists pg_cron;
    create extension if not exists pg_net;
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
         where (s.status = 'pending' and s.usage_charged)
            or (s.status = 'analyzing' and s.lease_expires_at < now()));
      $cron$);
  end if;
end $$;
