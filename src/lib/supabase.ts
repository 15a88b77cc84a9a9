import { createClient } from "@supabase/supabase-js";
import { env } from "@/config/env";
import { authStorageKey } from "@/lib/session-storage";

export const supabase = createClient(env.SUPABASE_URL, env.SUPABASE_ANON_KEY, {
  auth: {
    persistSession: true,
    autoRefreshToken: true,
    detectSessionInUrl: false,
    storageKey: authStorageKey(env.SUPABASE_URL),
  },
});
