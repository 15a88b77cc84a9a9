// The function's settings, parsed once when this module loads (the function's start) by the one
// schema (settings-schema.ts); a malformed value stops the start with an error naming the variable.
// Every other module imports `settings` / `platform` (or is given values); none reads the environment.
import { parseSettings, type Settings, SETTING_NAMES } from "./settings-schema.ts";

export type { Settings };

/** The function's environment: Deno's under Deno, Node's otherwise (unit tests, local tools). */
function readEnvironment(): Record<string, string | undefined> {
  const g = globalThis as { Deno?: { env: { get(n: string): string | undefined } }; process?: { env: Record<string, string | undefined> } };
  const out: Record<string, string | undefined> = {};
  for (const name of SETTING_NAMES) out[name] = g.Deno ? g.Deno.env.get(name) : g.process?.env[name];
  return out;
}

/** The settings of this function instance, parsed once at start. */
export const settings: Settings = parseSettings(readEnvironment());

function required<T>(value: T | undefined, name: string): T {
  if (value === undefined) throw new Error(`Missing environment variable ${name}`);
  return value;
}

/** What the platform gives every function; an error naming the variable when one is missing. */
export const platform = {
  get supabaseUrl(): string {
    return required(settings.supabase.url, "SUPABASE_URL");
  },
  get anonKey(): string {
    return required(settings.supabase.anonKey, "SUPABASE_PUBLISHABLE_KEYS (or SUPABASE_PUBLISHABLE_KEY / SUPABASE_ANON_KEY)");
  },
  get serviceRoleKey(): string {
    return required(settings.supabase.serviceRoleKey, "SUPABASE_SECRET_KEYS (or SUPABASE_SECRET_KEY / SUPABASE_SERVICE_ROLE_KEY)");
  },
  get dbUrl(): string {
    return required(settings.supabase.dbUrl, "SUPABASE_DB_URL");
  },
  /** Where Auth publishes the keys that sign user tokens (asymmetric projects). */
  get jwksUrl(): string {
    return `${platform.supabaseUrl}/auth/v1/.well-known/jwks.json`;
  },
};
