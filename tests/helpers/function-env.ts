// The api function parses its settings once, when lib/settings.ts loads. A unit test that needs
// other settings loads the function's modules afresh with that environment.
import { vi } from "vitest";

/**
 * Runs `load` (dynamic imports of function modules) on a fresh module registry with `env` set
 * (a blank value means unset, as for the function); the environment is restored afterwards.
 * Modules loaded this way are new instances: import everything the test compares from `load`.
 */
export async function loadWithEnv<T>(env: Record<string, string>, load: () => Promise<T>): Promise<T> {
  vi.resetModules();
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  try {
    return await load();
  } finally {
    vi.unstubAllEnvs();
  }
}
