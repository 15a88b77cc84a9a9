// The ONLY service-role supabase-js client (auth admin, storage), plus anon clients for sign-in calls.
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { platform } from "./settings.ts";

const authOptions = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
} as const;

let service: SupabaseClient | null = null;

/** Service-role client: bypasses RLS. Use for auth admin and storage only. */
export function serviceClient(): SupabaseClient {
  if (!service) service = createClient(platform.supabaseUrl, platform.serviceRoleKey, authOptions);
  return service;
}

/** A fresh anon client (no stored session) for sign-up / sign-in / token checks. */
export function anonClient(): SupabaseClient {
  return createClient(platform.supabaseUrl, platform.anonKey, authOptions);
}

/**
 * A fresh client for the login password grant. When Supabase Auth itself enforces the captcha
 * (`CAPTCHA_VERIFIED_BY=auth`), Auth also asks password grants for a token unless the call carries
 * an admin credential: the grant is then made with the secret key (a fresh client, so the user's
 * session never lands in the shared service client). Otherwise the publishable key, as before.
 */
export function passwordGrantClient(captchaByAuth: boolean): SupabaseClient {
  return createClient(platform.supabaseUrl, captchaByAuth ? platform.serviceRoleKey : platform.anonKey, authOptions);
}
