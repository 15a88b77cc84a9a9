// Settings for another instance of the api function (Deno) against the shared test stack.
import { functionEnv } from "../../local/config.ts";
import { readStack } from "./stack.ts";

/**
 * Settings for another instance of the function against the test stack: what the local stack gives
 * the function (functionEnv) less the names in `omit`, the stack's Supabase URL, keys and database,
 * then `extra`.
 */
export function stackFunctionSettings(omit: string[], extra: Record<string, string> = {}): Record<string, string> {
  const stack = readStack();
  const base = functionEnv();
  for (const name of omit) delete base[name];
  return {
    ...base,
    SUPABASE_URL: stack.supabaseUrl,
    SUPABASE_ANON_KEY: stack.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
    SUPABASE_DB_URL: stack.dbUrl,
    ...extra,
  };
}
