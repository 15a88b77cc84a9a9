// Zip-bomb guard for .docx: read the central directory, cap entry count and declared size,
// then inflate every entry with a byte budget (headers can lie) before any part is read.
// `readZipEntry` streams one entry's inflated bytes in chunks with a running cap.
import type { ReadBudget } from "./budget.ts";
import { readChunks } from "./read-chunks.ts";

export const MAX_ZIP_ENTRIES = 1000;
export const MAX_ZIP_UNCOMPRESSED_BYTES = 64 * 1024 * 1024;

/**
 * Compressed bytes as a stream of small slices: a deflate stream inflates each written chunk whole,
 * so 4 KB in is at most ~4 MB out (deflate's ratio is ~1032:1) held at once.
 */
export function compressedSlices(data: Uint8Array, size = 4096): ReadableStream<Uint8Array<ArrayBuffer>> {
  let offset = 0;
  return new ReadableStream<Uint8Array<ArrayBuffer>>({
    pull(controller) {
      if (offset >= data.byteLength) return controller.close();
      controller.enqueue(data.slice(offset, offset + size) as Uint8Array<ArrayBuffer>);
      offset += size;
    },
  }, { highWaterMark: 0 });
}

export type ZipProblem = "corrupt" | "tooLarge";

export class ZipGuardError extends Error {
  constructor(public readonly problem: ZipProblem, detail: string) {
    super(detail);
    this.name = "ZipGuardError";
  }
}

interface CentralEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

const EOCD_SIG = 0x06054b50;
const CEN_SIG = 0x02014b50;
const LOC_SIG = 0x04034b50;

function findEocd(view: DataView): number {
  const min = Math.max(0, view.byteLength - 22 - 0xffff);
  for (let i = view.byteLength - 22; i >= min; i--) {
    if (view.getUint32(i, true) === EOCD_SIG) return i;
  }
  return -1;
}

export function readCentralDirectory(bytes: Uint8Array): CentralEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const eocd = findEocd(view);
  if (eocd < 0) throw new ZipGuardError("corrupt", "no end of central directory");
  const count = view.getUint16(eocd + 10, true);
  const cdSize = view.getUint32(eocd + 12, true);
  const cdOffset = view.getUint32(eocd + 16, true);
  if (count === 0xffff || cdOffset === 0xffffffff) throw new ZipGuardError("tooLarge", "zip64 archive");
  if (count > MAX_ZIP_ENTRIES) throw new ZipGuardError("tooLarge", `too many entries: ${count}`);
  if (cdOffset + cdSize > eocd) throw new ZipGuardError("corrupt", "central directory out of range");

  const entries: CentralEntry[] = [];
  let total = 0;
  let p = cdOffset;
  const decoder = new TextDecoder();
  for (let i = 0; i < count; i++) {
    if (p + 46 > eocd || view.getUint32(p, true) !== CEN_SIG) {
      throw new ZipGuardError("corrupt", "bad central directory entry");
    }
    const nameLen = view.getUint16(p + 28, true);
    const extraLen = view.getUint16(p + 30, true);
    const commentLen = view.getUint16(p + 32, true);
    const entry: CentralEntry = {
      flags: view.getUint16(p + 8, true),
      method: view.getUint16(p + 10, true),
      compressedSize: view.getUint32(p + 20, true),
      uncompressedSize: view.getUint32(p + 24, true),
      localHeaderOffset: view.getUint32(p + 42, true),
      name: decoder.decode(bytes.subarray(p + 46, p + 46 + nameLen)),
    };
    if (entry.uncompressedSize === 0xffffffff || entry.compressedSize === 0xffffffff) {
      throw new ZipGuardError("tooLarge", "zip64 entry");
    }
    total += entry.uncompressedSize;
    if (total > MAX_ZIP_UNCOMPRESSED_BYTES) throw new ZipGuardError("tooLarge", "declared size over budget");
    entries.push(entry);
    p += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

async function inflatedSize(data: Uint8Array, budget: number, time?: ReadBudget): Promise<number> {
  const stream = compressedSlices(data).pipeThrough(new DecompressionStream("deflate-raw"));
  const reader = stream.getReader();
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return size;
      await time?.pause();
      size += value.byteLength;
      if (size > budget) {
        await reader.cancel().catch(() => {});
        throw new ZipGuardError("tooLarge", "inflated size over budget");
      }
    }
  } catch (err) {
    if (err instanceof ZipGuardError) throw err;
    if (err instanceof Error && err.name === "FileLimitError") {
      await reader.cancel().catch(() => {});
      throw err;
    }
    throw new ZipGuardError("corrupt", "inflate failed");
  }
}

/** Throws ZipGuardError unless the archive is well-formed and small enough to unpack. */
export async function assertSafeZip(bytes: Uint8Array, time?: ReadBudget): Promise<void> {
  const entries = readCentralDirectory(bytes);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let budget = MAX_ZIP_UNCOMPRESSED_BYTES;
  for (const e of entries) {
    const lh = e.localHeaderOffset;
    if (lh + 30 > bytes.byteLength || view.getUint32(lh, true) !== LOC_SIG) {
      throw new ZipGuardError("corrupt", "bad local header");
    }
    if (e.flags & 0x1) throw new ZipGuardError("corrupt", "encrypted entry");
    const start = lh + 30 + view.getUint16(lh + 26, true) + view.getUint16(lh + 28, true);
    const end = start + e.compressedSize;
    if (end > bytes.byteLength) throw new ZipGuardError("corrupt", "entry data out of range");
    let actual: number;
    if (e.method === 0) actual = e.compressedSize;
    else if (e.method === 8) actual = await inflatedSize(bytes.subarray(start, end), Math.min(budget, e.uncompressedSize), time);
    else throw new ZipGuardError("corrupt", `unsupported compression ${e.method}`);
    if (actual !== e.uncompressedSize) throw new ZipGuardError("corrupt", "size mismatch");
    budget -= actual;
  }
}

/** Where an entry's data lies in the archive (after its local header). */
function entryData(bytes: Uint8Array, e: CentralEntry): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const lh = e.localHeaderOffset;
  if (lh + 30 > bytes.byteLength || view.getUint32(lh, true) !== LOC_SIG) {
    throw new ZipGuardError("corrupt", "bad local header");
  }
  const start = lh + 30 + view.getUint16(lh + 26, true) + view.getUint16(lh + 28, true);
  const end = start + e.compressedSize;
  if (end > bytes.byteLength) throw new ZipGuardError("corrupt", "entry data out of range");
  return bytes.subarray(start, end);
}

/** The names of the archive's entries (from the central directory). */
export function zipEntryNames(bytes: Uint8Array): string[] {
  return readCentralDirectory(bytes).map((e) => e.name);
}

/**
 * Streams one entry's inflated bytes, chunk by chunk. Throws ZipGuardError("tooLarge") as soon as
 * more than `maxBytes` came out (the caller maps it), "corrupt" for a missing or unreadable entry.
 */
export async function* readZipEntry(
  bytes: Uint8Array,
  name: string,
  maxBytes: number,
  time?: ReadBudget,
): AsyncGenerator<Uint8Array> {
  const entry = readCentralDirectory(bytes).find((e) => e.name === name);
  if (!entry) throw new ZipGuardError("corrupt", `no entry ${name}`);
  if (entry.flags & 0x1) throw new ZipGuardError("corrupt", "encrypted entry");
  const data = entryData(bytes, entry);
  if (entry.method === 0) {
    if (data.byteLength > maxBytes) throw new ZipGuardError("tooLarge", `${name} over ${maxBytes} bytes`);
    for (let i = 0; i < data.byteLength; i += 64 * 1024) {
      await time?.pause();
      yield data.subarray(i, i + 64 * 1024);
    }
    return;
  }
  if (entry.method !== 8) throw new ZipGuardError("corrupt", `unsupported compression ${entry.method}`);
  const reader = compressedSlices(data).pipeThrough(new DecompressionStream("deflate-raw")).getReader();
  let size = 0;
  for await (const chunk of readChunks(reader, () => new ZipGuardError("corrupt", "inflate failed"))) {
    size += chunk.byteLength;
    if (size > maxBytes) throw new ZipGuardError("tooLarge", `${name} over ${maxBytes} bytes`);
    await time?.pause();
    yield chunk;
  }
}
