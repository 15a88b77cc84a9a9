// Zip-bomb guard for .docx, on fflate: the central directory (read without inflating anything) caps the
// entry count and the declared sizes; fflate's streaming Unzip then inflates entries from small slices
// of the archive, and the bytes that actually come out are counted as they stream (headers can lie):
// per entry (never past its declared size) and in total. `assertSafeZip` inflates every entry before
// any part is read; `readZipEntry` streams one entry's inflated bytes with a running cap.
import { type UnzipFile, Unzip, UnzipInflate, unzipSync } from "fflate";
import type { ReadBudget } from "./budget.ts";

export const MAX_ZIP_ENTRIES = 1000;
export const MAX_ZIP_UNCOMPRESSED_BYTES = 64 * 1024 * 1024;
/** Compressed bytes pushed at once: fflate inflates a push whole, so 4 KB in is at most ~4 MB out. */
const SLICE = 4096;
const STORED = 0;
const DEFLATE = 8;

export type ZipProblem = "corrupt" | "tooLarge";

export class ZipGuardError extends Error {
  constructor(
    public readonly problem: ZipProblem,
    detail: string,
  ) {
    super(detail);
    this.name = "ZipGuardError";
  }
}

interface ZipEntry {
  name: string;
  /** Uncompressed size, as the central directory declares it. */
  declared: number;
}

/**
 * The archive's entries from its central directory. "corrupt" without one (e.g. a truncated file),
 * "tooLarge" past MAX_ZIP_ENTRIES or when the declared sizes add up past the budget.
 */
export function zipEntries(bytes: Uint8Array): ZipEntry[] {
  const entries: ZipEntry[] = [];
  let declared = 0;
  try {
    unzipSync(bytes, {
      filter(file) {
        if (entries.length >= MAX_ZIP_ENTRIES) throw new ZipGuardError("tooLarge", "too many entries");
        if (!Number.isSafeInteger(file.originalSize) || !Number.isSafeInteger(file.size)) {
          throw new ZipGuardError("corrupt", "unreadable central directory entry");
        }
        declared += file.originalSize;
        if (declared > MAX_ZIP_UNCOMPRESSED_BYTES) throw new ZipGuardError("tooLarge", "declared size over budget");
        if (file.compression !== STORED && file.compression !== DEFLATE) {
          throw new ZipGuardError("corrupt", `unsupported compression ${file.compression}`);
        }
        entries.push({ name: file.name, declared: file.originalSize });
        return false; // list only: nothing is inflated here
      },
    });
  } catch (err) {
    if (err instanceof ZipGuardError) throw err;
    throw new ZipGuardError("corrupt", `no readable central directory: ${(err as Error)?.message ?? err}`);
  }
  return entries;
}

/** The names of the archive's entries (from the central directory). */
export function zipEntryNames(bytes: Uint8Array): string[] {
  return zipEntries(bytes).map((e) => e.name);
}

interface Chunk {
  name: string;
  data: Uint8Array;
  final: boolean;
}

/**
 * Pushes the archive through fflate's Unzip slice by slice and yields the inflated chunks of the entries
 * `want` picks, as they come out. Every local entry must be one the central directory lists, in the same
 * number; a picked entry may not inflate past its declared size, `maxBytes`, or (with the others) the
 * total budget ("tooLarge"), nor end short of its declared size ("corrupt").
 */
async function* inflateEntries(
  bytes: Uint8Array,
  want: (name: string) => boolean,
  maxBytes: number,
  time?: ReadBudget,
): AsyncGenerator<Chunk> {
  const entries = zipEntries(bytes);
  const declared = new Map<string, number>();
  for (const e of entries) if (!declared.has(e.name)) declared.set(e.name, e.declared);
  let seen = 0;
  let total = 0;
  let open = 0;
  let failure: Error | null = null;
  const fail = (err: Error): never => {
    failure ??= err;
    throw failure;
  };
  const out: Chunk[] = [];

  const unzip = new Unzip((file: UnzipFile) => {
    if (++seen > entries.length) fail(new ZipGuardError("corrupt", "entry missing from the central directory"));
    const size = declared.get(file.name);
    if (size === undefined) fail(new ZipGuardError("corrupt", `${file.name} missing from the central directory`));
    if (file.compression !== STORED && file.compression !== DEFLATE) {
      fail(new ZipGuardError("corrupt", `unsupported compression ${file.compression}`));
    }
    if (!want(file.name)) return;
    const cap = Math.min(size!, maxBytes);
    let got = 0;
    open++;
    file.ondata = (err, data, final) => {
      // fflate hands an error thrown inside this handler back to it: keep the first one.
      if (err) fail(failure ?? new ZipGuardError("corrupt", `inflate failed: ${err.message}`));
      got += data.byteLength;
      total += data.byteLength;
      if (got > cap || total > MAX_ZIP_UNCOMPRESSED_BYTES) {
        fail(new ZipGuardError("tooLarge", `${file.name} inflates past ${cap} bytes`));
      }
      if (final && got !== size) fail(new ZipGuardError("corrupt", `${file.name}: size mismatch`));
      if (final) open--;
      if (data.byteLength || final) out.push({ name: file.name, data, final });
    };
    file.start();
  });
  unzip.register(UnzipInflate);

  for (let i = 0; i < bytes.byteLength; i += SLICE) {
    await time?.pause();
    try {
      unzip.push(bytes.subarray(i, i + SLICE), i + SLICE >= bytes.byteLength);
    } catch (err) {
      if (err instanceof ZipGuardError) throw err;
      throw failure ?? new ZipGuardError("corrupt", `unzip failed: ${(err as Error)?.message ?? err}`);
    }
    for (const chunk of out.splice(0)) yield chunk;
  }
  if (open > 0) throw new ZipGuardError("corrupt", "truncated entry");
  if (seen !== entries.length) throw new ZipGuardError("corrupt", "entries missing from the archive");
}

/** Throws ZipGuardError unless the archive is well-formed and every entry inflates within the budget. */
export async function assertSafeZip(bytes: Uint8Array, time?: ReadBudget): Promise<void> {
  for await (const _ of inflateEntries(bytes, () => true, MAX_ZIP_UNCOMPRESSED_BYTES, time)) {
    // inflated for counting only
  }
}

/**
 * Streams one entry's inflated bytes, chunk by chunk. Throws ZipGuardError("tooLarge") as soon as
 * more than `maxBytes` came out (the caller maps it), "corrupt" for a missing or unreadable entry.
 */
export async function* readZipEntry(bytes: Uint8Array, name: string, maxBytes: number, time?: ReadBudget): AsyncGenerator<Uint8Array> {
  let picked = false;
  const first = (n: string) => n === name && !picked && (picked = true);
  for await (const chunk of inflateEntries(bytes, first, maxBytes, time)) {
    if (chunk.data.byteLength) yield chunk.data;
    if (chunk.final) return;
  }
  throw new ZipGuardError("corrupt", `no entry ${name}`);
}
