// The official supabase-js client against the test stack, as Node tests use it.
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { WebSocket } from "ws";
import { readStack } from "./stack.ts";

/**
 * A client with `key` (default: the anon key) that neither stores nor refreshes its session, with
 * Realtime over the `ws` package plus `realtime` options; it is pushed to `made` so the file can
 * stop all its clients at the end.
 */
export function stackClient(made: SupabaseClient[], key = readStack().anonKey, realtime: Record<string, unknown> = {}): SupabaseClient {
  const c = createClient(readStack().supabaseUrl, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never, ...realtime },
  });
  made.push(c);
  return c;
}
