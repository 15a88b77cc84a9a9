/** An unsent typed answer, kept per session in sessionStorage so a reload does not lose it. */
export interface EssayDraft {
  essayContent: string;
  studentName: string;
  studentId: string;
}

const key = (sessionId: string) => `essay-draft:${sessionId}`;

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** The saved draft of a session, or null (nothing saved, unreadable or malformed). */
export function loadEssayDraft(sessionId: string): EssayDraft | null {
  try {
    const raw = storage()?.getItem(key(sessionId));
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<Record<keyof EssayDraft, unknown>>;
    const str = (x: unknown) => (typeof x === "string" ? x : "");
    return { essayContent: str(v.essayContent), studentName: str(v.studentName), studentId: str(v.studentId) };
  } catch {
    return null;
  }
}

/** Saves the draft; an all-empty draft removes the entry. Storage errors (quota, private mode) are ignored. */
export function saveEssayDraft(sessionId: string, draft: Partial<EssayDraft>): void {
  try {
    const s = storage();
    if (!s) return;
    const value: EssayDraft = {
      essayContent: draft.essayContent ?? "",
      studentName: draft.studentName ?? "",
      studentId: draft.studentId ?? "",
    };
    if (!value.essayContent && !value.studentName && !value.studentId) s.removeItem(key(sessionId));
    else s.setItem(key(sessionId), JSON.stringify(value));
  } catch {
    // A draft that cannot be kept is not an error the teacher needs to see.
  }
}

/** Forgets the draft (after a successful submit). */
export function clearEssayDraft(sessionId: string): void {
  try {
    storage()?.removeItem(key(sessionId));
  } catch {
    // ignore
  }
}
