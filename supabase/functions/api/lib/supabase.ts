// The ONLY service-role supabase-js client (auth admin, storage), plus anon clients for sign-in calls.
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { env } from "./env.ts";

const authOptions = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
} as const;

let service: SupabaseClient | null = null;

/** Service-role client: bypasses RLS. Use for auth admin and storage only. */
export function serviceClient(): SupabaseClient {
  if (!service) service = createClient(env.supabaseUrl, env.serviceRoleKey, authOptions);
  return service;
}

/** A fresh anon client (no stored session) for sign-up / sign-in / token checks. */
export function anonClient(): SupabaseClient {
  return createClient(env.supabaseUrl, env.anonKey, authOptions);
}
