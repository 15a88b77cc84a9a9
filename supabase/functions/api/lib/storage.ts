// Originals in the private `essays` bucket under `<user id>/<session id>/<role>-<uuid>.<ext>`.
// Every privileged (service-role) storage call of the function goes through this file, and each
// one checks the object name with `essayPathProblem` first: a name from a database row is only
// used when it is exactly one the server itself would have made for that owner and session.
//
// Per-user bound: before storing, the caller's objects in the bucket (count and bytes, from
// storage.objects by the `<user id>/` prefix, which also counts orphans) plus uploads in progress
// plus the new ones must fit `MAX_STORED_FILES_PER_USER` / `MAX_STORED_BYTES_PER_USER` (read at
// call time); else 413. Room is reserved in SQL first (`private.reserve_storage`).
import { serviceClient } from "./supabase.ts";
import { HttpError } from "./errors.ts";
import { adminSql } from "./db.ts";
import { settings } from "./settings.ts";
import type { FileKind } from "../../_shared/upload-rules.ts";

/** What storing needs of a read upload (files/index.ts `ReadFile`). */
export interface StoredFile {
  kind: FileKind;
  mimeType: string;
  bytes: Uint8Array;
}

/** The only bucket these helpers touch (never taken from input). */
export const ESSAYS_BUCKET = "essays";

export const STORAGE_MESSAGES = {
  uploadFailed: "파일을 저장하지 못했습니다. 잠시 후 다시 시도해 주세요.",
  badPath: "원본 파일 경로가 올바르지 않아 파일을 사용할 수 없습니다.",
  readFailed: "저장된 원본 파일을 불러오지 못했습니다.",
  storageFull: "저장 공간 한도에 도달했습니다. 오래된 작업을 삭제한 뒤 다시 시도해 주세요.",
} as const;

/** The per-user bound (`MAX_STORED_FILES_PER_USER`, `MAX_STORED_BYTES_PER_USER`). */
export function storageLimits(): { files: number; bytes: number } {
  return { files: settings.storage.maxFilesPerUser, bytes: settings.storage.maxBytesPerUser };
}

function storageFull(): HttpError {
  return new HttpError(413, STORAGE_MESSAGES.storageFull, { storageFull: true });
}

export type ObjectRole = "prompt" | "criteria" | "essay" | "anchor";
const ROLES: readonly ObjectRole[] = ["prompt", "criteria", "essay", "anchor"];
const EXTENSIONS = ["txt", "docx", "pdf", "jpg", "png", "webp"] as const;

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
/** `<owner>/<session>/<role>-<uuid>.<ext>`, lower-case hex only: no `..`, `%`, `\`, `//`, leading `/`, spaces or control characters can match. */
const OBJECT_NAME = new RegExp(`^(${UUID})/(${UUID})/(${ROLES.join("|")})-${UUID}\\.(${EXTENSIONS.join("|")})$`);
const UUID_ONLY = new RegExp(`^${UUID}$`);

/** Who an object must belong to: the row's owner, and (when known) its session and allowed roles. */
export interface ExpectedObject {
  ownerId: string;
  sessionId?: string;
  roles?: readonly ObjectRole[];
  /**
   * Account deletion only: any object name inside the owner's folder (the names come from
   * storage.objects listed by that prefix, not from a row), still refusing `..`, `.`, empty
   * segments, `%`, `\` and control characters. Never set for names read from a table row.
   */
  anyNameInFolder?: boolean;
}

/** One segment of an object name: no separators, escapes or control characters, not `.` / `..`. */
// eslint-disable-next-line no-control-regex -- control characters are refused on purpose
const SAFE_SEGMENT = /^[^/\\%\u0000-\u001f\u007f]{1,255}$/;

/**
 * Null when `path` is an object name the server would have made for `expected` (owner, and the
 * session / role when given); otherwise a short English reason for the log. The owner and session
 * ids themselves must be canonical lower-case UUIDs.
 */
export function essayPathProblem(path: unknown, expected: ExpectedObject): string | null {
  if (typeof path !== "string") return "not a string";
  if (path.length > (expected.anyNameInFolder ? 1024 : 200)) return "too long";
  if (!UUID_ONLY.test(expected.ownerId)) return "bad owner id";
  if (expected.sessionId !== undefined && !UUID_ONLY.test(expected.sessionId)) return "bad session id";
  if (expected.anyNameInFolder) {
    const segments = path.split("/");
    if (segments.length < 2) return "not inside a folder";
    if (segments[0] !== expected.ownerId) return "another owner's folder";
    if (segments.some((s) => !SAFE_SEGMENT.test(s) || s === "." || s === "..")) return "unsafe segment";
    return null;
  }
  const m = OBJECT_NAME.exec(path);
  if (!m) return "not a server-made object name";
  // An organisation's assignment passed to its owner when a teacher left keeps its originals in the
  // folder of the teacher who uploaded them: for a named session, that session's folder of any owner.
  const sameSession = expected.sessionId !== undefined && m[2] === expected.sessionId;
  if (m[1] !== expected.ownerId && !sameSession) return "another owner's folder";
  if (expected.sessionId !== undefined && m[2] !== expected.sessionId) return "another session's folder";
  if (expected.roles && !expected.roles.includes(m[3] as ObjectRole)) return "unexpected role";
  return null;
}

function refuse(action: string, path: unknown, why: string): void {
  const shown = typeof path === "string" ? JSON.stringify(path.slice(0, 120)) : typeof path;
  console.error(`[storage] refused to ${action} ${shown}: ${why}`);
}

/** `<user>/<session>/<role>-<uuid>.<ext>`; the user's file name is never part of the path. */
export function objectPath(userId: string, sessionId: string, role: ObjectRole, file: StoredFile): string {
  const ext = file.kind === "jpg" ? "jpg" : file.kind;
  return `${userId}/${sessionId}/${role}-${crypto.randomUUID()}.${ext}`;
}

async function uploadOne(path: string, file: StoredFile, expected: ExpectedObject): Promise<void> {
  const why = essayPathProblem(path, expected);
  if (why) {
    refuse("upload", path, why);
    throw new HttpError(400, STORAGE_MESSAGES.badPath);
  }
  const { error } = await serviceClient()
    .storage.from(ESSAYS_BUCKET)
    .upload(path, new Blob([file.bytes as BlobPart], { type: file.mimeType }), { contentType: file.mimeType, upsert: false });
  if (error) {
    console.error("[sessions] storage upload failed:", error.message);
    throw new HttpError(500, STORAGE_MESSAGES.uploadFailed);
  }
}

/** Stores one original (see putObjects: same per-user bound, 413 when it would not fit). */
export async function putObject(path: string, file: StoredFile, expected: ExpectedObject): Promise<void> {
  await putObjects([{ path, file }], expected);
}

/**
 * Best effort: logs (never throws) so cleanup cannot mask the original error. A path that is not
 * the expected owner's (and session's) server-made object name is logged and skipped, never removed.
 */
export async function removeObjects(paths: (string | null | undefined)[], expected: ExpectedObject): Promise<void> {
  const list: string[] = [];
  for (const p of new Set(paths.filter((p): p is string => !!p))) {
    const why = essayPathProblem(p, expected);
    if (why) refuse("remove", p, why);
    else list.push(p);
  }
  for (let i = 0; i < list.length; i += 100) {
    try {
      const { error } = await serviceClient()
        .storage.from(ESSAYS_BUCKET)
        .remove(list.slice(i, i + 100));
      if (error) console.error("[sessions] storage remove failed:", error.message);
    } catch (err) {
      console.error("[sessions] storage remove failed:", err);
    }
  }
}

/**
 * Uploads every (path, file) pair within the owner's storage bound; on any failure removes the
 * ones already stored and rethrows.
 *
 * Room is reserved first (`private.reserve_storage`, serialised per owner): stored objects plus
 * uploads in progress plus these must fit, else 413 and nothing is stored. Concurrent uploads of
 * one owner are so admitted in order (the first that fit win) and the stored total never goes
 * above the bound. No lock or connection is held while the bytes travel; the reservation ends
 * when they are stored (the objects count themselves) or abandoned.
 */
export async function putObjects(items: { path: string; file: StoredFile }[], expected: ExpectedObject): Promise<void> {
  if (items.length === 0) return;
  if (!UUID_ONLY.test(expected.ownerId)) throw new Error("putObjects: bad owner id");
  const limits = storageLimits();
  const paths = items.map((it) => it.path);
  const [row] = await adminSql<{ ok: boolean }[]>`
    select private.reserve_storage(${expected.ownerId}::uuid, ${paths}::text[],
                                   ${items.map((it) => it.file.bytes.byteLength)}::bigint[],
                                   ${limits.files}::int, ${limits.bytes}::bigint) as ok`;
  if (!row.ok) throw storageFull();

  const done: string[] = [];
  try {
    for (const { path, file } of items) {
      await uploadOne(path, file, expected);
      done.push(path);
    }
  } catch (err) {
    await removeObjects(done, expected);
    throw err;
  } finally {
    await adminSql`select private.release_storage(${paths}::text[])`.catch((err) =>
      console.error("[storage] releasing the reservation failed:", err),
    );
  }
}

/** Thrown by `getObject`: the path was refused (`refused`) or the object could not be read. */
export class StoredObjectError extends Error {
  constructor(
    message: string,
    readonly refused: boolean,
  ) {
    super(message);
  }
}

/** Bytes of a stored original; refuses (without any request) a path that is not the expected owner's. */
export async function getObject(path: unknown, expected: ExpectedObject): Promise<Uint8Array> {
  const why = essayPathProblem(path, expected);
  if (why) {
    refuse("download", path, why);
    throw new StoredObjectError(STORAGE_MESSAGES.badPath, true);
  }
  const { data, error } = await serviceClient()
    .storage.from(ESSAYS_BUCKET)
    .download(path as string);
  if (error || !data) throw new StoredObjectError(STORAGE_MESSAGES.readFailed, false);
  return new Uint8Array(await data.arrayBuffer());
}
