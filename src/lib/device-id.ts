// A random token per browser (localStorage), sent as X-Device-Id so the server can bound free
// gradings per device beside the per-address budget. It only ever tightens limits.
const KEY = "essay-device-id";

let cached: string | null = null;

export function deviceId(): string | null {
  if (cached) return cached;
  try {
    const stored = globalThis.localStorage?.getItem(KEY);
    if (stored && /^[A-Za-z0-9_-]{8,100}$/.test(stored)) return (cached = stored);
    const fresh = globalThis.crypto?.randomUUID?.();
    if (!fresh) return null;
    globalThis.localStorage?.setItem(KEY, fresh);
    return (cached = fresh);
  } catch {
    return null;
  }
}
