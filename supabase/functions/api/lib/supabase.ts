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
 * A fresh client for an Auth call that Auth's captcha guards ([auth.captcha]: sign-up, guest start,
 * password grant) and that this function makes on its own authority, with no browser token to hand
 * on. `captchaExempt`: made with the secret key, which Auth accepts instead of a captcha token (GoTrue
 * skips its captcha for admin credentials); a fresh client, so the user's session never lands in the
 * shared service client. Otherwise the publishable key.
 */
export function authCallClient(captchaExempt: boolean): SupabaseClient {
  return createClient(platform.supabaseUrl, captchaExempt ? platform.serviceRoleKey : platform.anonKey, authOptions);
}
