// Whether this browser holds a Supabase session, read from storage without loading supabase-js:
// a signed-out visitor's first page then needs neither the client nor the API code.
import { env } from "@/config/env";

/** supabase-js's own default key (`sb-<first label of the host>-auth-token`), set explicitly in lib/supabase.ts. */
export function authStorageKey(supabaseUrl: string = env.SUPABASE_URL): string {
  return `sb-${new URL(supabaseUrl).hostname.split(".")[0]}-auth-token`;
}

/** True when storage holds a session supabase-js could use (an access and a refresh token). */
export function hasStoredSession(): boolean {
  try {
    const raw = globalThis.localStorage?.getItem(authStorageKey());
    if (!raw) return false;
    const session = JSON.parse(raw) as { access_token?: unknown; refresh_token?: unknown } | null;
    return typeof session?.access_token === "string" && typeof session.refresh_token === "string";
  } catch {
    return false;
  }
}
