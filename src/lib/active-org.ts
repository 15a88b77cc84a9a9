// The space the teacher works in: an organisation's id in localStorage (`activeOrgId`), or none for the
// personal space. The API client sends it as `X-Org-Id` on every /api request; the header's switch and
// features/orgs (useActiveOrg) change it. A store with listeners, so every reader re-renders on a switch
// (also from another tab, through the `storage` event).
import { useSyncExternalStore } from "react";

export const ACTIVE_ORG_KEY = "activeOrgId";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const listeners = new Set<() => void>();

/** The stored organisation id (a well-formed UUID), or null for the personal space. */
export function readActiveOrgId(): string | null {
  try {
    const v = globalThis.localStorage?.getItem(ACTIVE_ORG_KEY) ?? null;
    return v && UUID.test(v) ? v : null;
  } catch {
    return null;
  }
}

/** Stores the active organisation (null: the personal space) and tells every reader. */
export function writeActiveOrgId(id: string | null): void {
  try {
    if (id) globalThis.localStorage?.setItem(ACTIVE_ORG_KEY, id);
    else globalThis.localStorage?.removeItem(ACTIVE_ORG_KEY);
  } catch {
    // storage unavailable: the personal space
  }
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === ACTIVE_ORG_KEY) listener();
  };
  globalThis.addEventListener?.("storage", onStorage);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener?.("storage", onStorage);
  };
}

/** The active organisation's id (null: the personal space), re-rendering on a switch. */
export function useActiveOrgId(): string | null {
  return useSyncExternalStore(subscribe, readActiveOrgId, () => null);
}
