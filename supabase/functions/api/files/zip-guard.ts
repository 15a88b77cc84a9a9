// Zip-bomb guard for .docx: read the central directory, cap entry count and declared size,
// then inflate every entry with a byte budget (headers can lie) before mammoth sees the file.

export const MAX_ZIP_ENTRIES = 1000;
export const MAX_ZIP_UNCOMPRESSED_BYTES = 64 * 1024 * 1024;

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

async function inflatedSize(data: Uint8Array, budget: number): Promise<number> {
  const stream = new Blob([data as BlobPart]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  const reader = stream.getReader();
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return size;
      size += value.byteLength;
      if (size > budget) {
        await reader.cancel().catch(() => {});
        throw new ZipGuardError("tooLarge", "inflated size over budget");
      }
    }
  } catch (err) {
    if (err instanceof ZipGuardError) throw err;
    throw new ZipGuardError("corrupt", "inflate failed");
  }
}

/** Throws ZipGuardError unless the archive is well-formed and small enough to unpack. */
export async function assertSafeZip(bytes: Uint8Array): Promise<void> {
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
    else if (e.method === 8) actual = await inflatedSize(bytes.subarray(start, end), Math.min(budget, e.uncompressedSize));
    else throw new ZipGuardError("corrupt", `unsupported compression ${e.method}`);
    if (actual !== e.uncompressedSize) throw new ZipGuardError("corrupt", "size mismatch");
    budget -= actual;
  }
}
