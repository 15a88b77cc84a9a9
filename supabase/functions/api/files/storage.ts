// Originals in the private `essays` bucket under `<user id>/<session id>/<server-generated name>`.
import { serviceClient } from "../lib/supabase.ts";
import { HttpError } from "../lib/errors.ts";
import type { ReadFile } from "./index.ts";

export const ESSAYS_BUCKET = "essays";

export const STORAGE_MESSAGES = {
  uploadFailed: "파일을 저장하지 못했습니다. 잠시 후 다시 시도해 주세요.",
} as const;

/** `<user>/<session>/<role>-<uuid>.<ext>`; the user's file name is never part of the path. */
export function objectPath(userId: string, sessionId: string, role: string, file: ReadFile): string {
  const ext = file.kind === "jpg" ? "jpg" : file.kind;
  return `${userId}/${sessionId}/${role}-${crypto.randomUUID()}.${ext}`;
}

export async function putObject(path: string, file: ReadFile): Promise<void> {
  const { error } = await serviceClient().storage.from(ESSAYS_BUCKET).upload(
    path,
    new Blob([file.bytes as BlobPart], { type: file.mimeType }),
    { contentType: file.mimeType, upsert: false },
  );
  if (error) {
    console.error("[sessions] storage upload failed:", error.message);
    throw new HttpError(500, STORAGE_MESSAGES.uploadFailed);
  }
}

/** Best effort: logs (never throws) so cleanup cannot mask the original error. */
export async function removeObjects(paths: (string | null | undefined)[]): Promise<void> {
  const list = [...new Set(paths.filter((p): p is string => !!p))];
  for (let i = 0; i < list.length; i += 100) {
    try {
      const { error } = await serviceClient().storage.from(ESSAYS_BUCKET).remove(list.slice(i, i + 100));
      if (error) console.error("[sessions] storage remove failed:", error.message);
    } catch (err) {
      console.error("[sessions] storage remove failed:", err);
    }
  }
}

/** Uploads every (path, file) pair; on any failure removes the ones already stored and rethrows. */
export async function putObjects(items: { path: string; file: ReadFile }[]): Promise<void> {
  const done: string[] = [];
  try {
    for (const { path, file } of items) {
      await putObject(path, file);
      done.push(path);
    }
  } catch (err) {
    await removeObjects(done);
    throw err;
  }
}
