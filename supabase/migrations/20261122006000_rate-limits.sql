-- =============================================================================
-- Rate limits (PRODUCT_SPEC §3 rate_limits, §9 "Rate-limit types: ip, device"):
-- fixed-window counters per (identifier, type, action), counted atomically, and
-- an abuse_tracking row each time a limit turns a request away.
-- =============================================================================

-- Per-account limits (e.g. sessions created per hour) count by user id.
alter table public.rate_limits drop constraint if exists rate_limits_type_check;
alter table public.rate_limits add constraint rate_limits_type_check check (type in ('ip', 'device', 'user'));
comment on column public.rate_limits.identifier is 'IP address, device token or user id, according to type.';

/**
 * Counts one hit of p_action for p_identifier in a fixed window of
 * p_window_seconds and says whether it is within p_limit:
 *   { allowed, count, limit, resetAt }
 * The row is reset in place once its window has passed. A refused hit is
 * recorded in public.abuse_tracking (ip_address = identifier for type 'ip').
 */
create or replace function private.hit_rate_limit(
  p_identifier text,
  p_type text,
  p_action text,
  p_limit integer,
  p_window_seconds integer
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.rate_limits;
begin
  insert into public.rate_limits as r (identifier, type, action, count, window_start, reset_at)
  values (p_identifier, p_type, p_action, 1, now(), now() + make_interval(secs => p_window_seconds))
  on conflict (identifier, type, action) do update
     set count = case when r.reset_at <= now() then 1 else r.count + 1 end,
         window_start = case when r.reset_at <= now() then now() else r.window_start end,
         reset_at = case when r.reset_at <= now() then now() + make_interval(secs => p_window_seconds)
                         else r.reset_at end
  returning * into v_row;

  if v_row.count > p_limit then
    insert into public.abuse_tracking (ip_address, event_type, description, metadata, risk_score, action_taken)
    values (case when p_type = 'ip' then p_identifier end, 'rate_limit',
            p_action || ' over ' || p_limit || ' per ' || p_window_seconds || ' s',
            jsonb_build_object('identifier', p_identifier, 'type', p_type, 'action', p_action, 'count', v_row.count),
            least(100, 40 + v_row.count - p_limit), 'blocked');
  end if;

  return jsonb_build_object('allowed', v_row.count <= p_limit, 'count', v_row.count,
                            'limit', p_limit, 'resetAt', v_row.reset_at);
end;
$$;
revoke execute on function private.hit_rate_limit(text, text, text, integer, integer) from public, anon, authenticated;
grant execute on function private.hit_rate_limit(text, text, text, integer, integer) to service_role;
