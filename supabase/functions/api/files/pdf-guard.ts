// PDF stream guard: before pdf.js sees a PDF, every stream object in the file is decoded here with
// its filter chain in chunks, counting output bytes and stopping at a per-stream and a total cap.
// pdf.js keeps every decoded stream whole in memory and decodes it synchronously, so a small
// FlateDecode "bomb" must never reach it. Decoding runs to each filter's own end-of-data marker
// (an over-estimate of what pdf.js reads when the /Length is indirect), with yields between chunks.
import { FileLimitError, type ReadBudget } from "./budget.ts";
import { MAX_PDF_STREAM_BYTES, MAX_PDF_STREAMS, MAX_PDF_TOTAL_STREAM_BYTES } from "./limits.ts";

/** Input slice: a flate stage inflates each slice whole, so 4 KB in is at most ~4 MB out at once. */
const SLICE = 4 * 1024;
const IMAGE_FILTERS = new Set(["DCTDecode", "DCT", "JPXDecode", "JBIG2Decode", "CCITTFaxDecode", "CCF"]);

type Chunks = AsyncGenerator<Uint8Array>;
type Stage = (src: Chunks) => Chunks;

async function* slices(data: Uint8Array, budget: ReadBudget): Chunks {
  for (let i = 0; i < data.byteLength; i += SLICE) {
    await budget.pause();
    yield data.subarray(i, i + SLICE);
  }
}

/** zlib inflate through DecompressionStream; stops quietly at corrupt data (pdf.js does the same). */
async function* flate(src: Chunks): Chunks {
  const ds = new DecompressionStream("deflate");
  const writer = ds.writable.getWriter();
  const reader = ds.readable.getReader();
  const pump = (async () => {
    try {
      for await (const c of src) await writer.write(c as Uint8Array<ArrayBuffer>);
      await writer.close();
    } catch {
      await writer.abort().catch(() => {});
    }
  })();
  try {
    for (;;) {
      // corrupt or truncated data ends quietly: what came out so far is all pdf.js could get
      const r = await reader.read().catch(() => null);
      if (!r || r.done) return;
      yield r.value;
    }
  } finally {
    await reader.cancel().catch(() => {});
    await src.return(undefined).catch(() => {});
    await pump.catch(() => {});
  }
}

/** A synchronous decoder: `push` emits output through `emit`, returns false at end-of-data. */
interface SyncDecoder {
  push(chunk: Uint8Array, emit: (b: Uint8Array) => void): boolean;
}

function syncStage(make: () => SyncDecoder): Stage {
  return async function* (src: Chunks): Chunks {
    const dec = make();
    try {
      for await (const chunk of src) {
        const out: Uint8Array[] = [];
        let size = 0;
        const more = dec.push(chunk, (b) => {
          size += b.byteLength;
          if (size > MAX_PDF_STREAM_BYTES) throw new FileLimitError("tooBig", "stream over budget");
          out.push(b);
        });
        for (const b of out) yield b;
        if (!more) return;
      }
    } finally {
      await src.return(undefined).catch(() => {});
    }
  };
}

function lzw(earlyChange: number): SyncDecoder {
  let table: Uint8Array[] = [];
  let next = 258;
  let codeLen = 9;
  let prev: Uint8Array | null = null;
  let bits = 0;
  let nbits = 0;
  const reset = () => {
    table = [];
    for (let i = 0; i < 256; i++) table[i] = Uint8Array.of(i);
    next = 258;
    codeLen = 9;
    prev = null;
  };
  reset();
  const join = (a: Uint8Array, b: number) => {
    const r = new Uint8Array(a.length + 1);
    r.set(a);
    r[a.length] = b;
    return r;
  };
  return {
    push(chunk, emit) {
      for (const byte of chunk) {
        bits = ((bits << 8) | byte) & 0xffffff;
        nbits += 8;
        while (nbits >= codeLen) {
          const code = (bits >>> (nbits - codeLen)) & ((1 << codeLen) - 1);
          nbits -= codeLen;
          if (code === 256) {
            reset();
            continue;
          }
          if (code === 257) return false;
          let entry: Uint8Array;
          if (code < next && table[code]) entry = table[code];
          else if (code === next && prev) entry = join(prev, prev[0]);
          else return false;
          emit(entry);
          if (prev && next < 4096) table[next++] = join(prev, entry[0]);
          prev = entry;
          const n = next + earlyChange;
          codeLen = n >= 2048 ? 12 : n >= 1024 ? 11 : n >= 512 ? 10 : 9;
        }
      }
      return true;
    },
  };
}

function runLength(): SyncDecoder {
  let literal = 0;
  let repeat = 0;
  return {
    push(chunk, emit) {
      let i = 0;
      while (i < chunk.length) {
        if (literal > 0) {
          const n = Math.min(literal, chunk.length - i);
          emit(chunk.subarray(i, i + n));
          literal -= n;
          i += n;
        } else if (repeat > 0) {
          emit(new Uint8Array(repeat).fill(chunk[i++]));
          repeat = 0;
        } else {
          const len = chunk[i++];
          if (len === 128) return false;
          if (len < 128) literal = len + 1;
          else repeat = 257 - len;
        }
      }
      return true;
    },
  };
}

function asciiHex(): SyncDecoder {
  let high = -1;
  return {
    push(chunk, emit) {
      const out: number[] = [];
      let ended = false;
      for (const c of chunk) {
        if (c === 0x3e) {
          ended = true;
          break;
        }
        const v = c >= 0x30 && c <= 0x39 ? c - 0x30 : (c | 0x20) >= 0x61 && (c | 0x20) <= 0x66 ? (c | 0x20) - 0x57 : -1;
        if (v < 0) continue;
        if (high < 0) high = v;
        else {
          out.push((high << 4) | v);
          high = -1;
        }
      }
      emit(Uint8Array.from(out));
      return !ended;
    },
  };
}

function ascii85(): SyncDecoder {
  const group: number[] = [];
  return {
    push(chunk, emit) {
      for (const c of chunk) {
        if (c === 0x7e) return false;
        if (c === 0x7a && group.length === 0) {
          emit(new Uint8Array(4));
          continue;
        }
        if (c < 0x21 || c > 0x75) continue;
        group.push(c - 0x21);
        if (group.length === 5) {
          let v = 0;
          for (const d of group) v = v * 85 + d;
          emit(Uint8Array.of((v >>> 24) & 255, (v >>> 16) & 255, (v >>> 8) & 255, v & 255));
          group.length = 0;
        }
      }
      return true;
    },
  };
}

/** Decoders for the filters that can grow data; null for filters that pass or end the check. */
function stageFor(filter: string, earlyChange: number): Stage | "image" | null {
  switch (filter) {
    case "FlateDecode":
    case "Fl":
      return flate;
    case "LZWDecode":
    case "LZW":
      return syncStage(() => lzw(earlyChange));
    case "RunLengthDecode":
    case "RL":
      return syncStage(runLength);
    case "ASCIIHexDecode":
    case "AHx":
      return syncStage(asciiHex);
    case "ASCII85Decode":
    case "A85":
      return syncStage(ascii85);
    default:
      return IMAGE_FILTERS.has(filter) ? "image" : null;
  }
}

/** The dictionary text just before a `stream` keyword (balanced `<< >>`), or null. */
function dictBefore(text: string, keyword: number): string | null {
  let i = keyword - 1;
  while (i >= 0 && /\s/.test(text[i])) i--;
  if (text[i] !== ">" || text[i - 1] !== ">") return null;
  let depth = 0;
  const stop = Math.max(0, keyword - 256 * 1024);
  for (let j = i; j > stop; j--) {
    if (text[j] === ">" && text[j - 1] === ">") {
      depth++;
      j--;
    } else if (text[j] === "<" && text[j - 1] === "<") {
      depth--;
      j--;
      if (depth === 0) return text.slice(j, i + 1);
    }
  }
  return null;
}

interface StreamInfo {
  filters: string[];
  earlyChange: number;
  image: boolean;
  data: Uint8Array;
}

function describeStream(bytes: Uint8Array, text: string, keyword: number): StreamInfo {
  let start = keyword + 6;
  if (text[start] === "\r") start++;
  if (text[start] === "\n") start++;
  const dict = dictBefore(text, keyword);
  if (dict === null) {
    // Not a dictionary we can read: measure it as if it were FlateDecode (the common bomb).
    return { filters: ["FlateDecode"], earlyChange: 1, image: false, data: bytes.subarray(start) };
  }
  const filterMatch = /\/Filter\s*(\/[^\s/<>[\]()]+|\[[^\]]*\]|\d+\s+\d+\s+R)/.exec(dict);
  let filters: string[] = [];
  if (filterMatch) {
    if (/R$/.test(filterMatch[1])) throw new FileLimitError("tooBig", "indirect /Filter");
    filters = [...filterMatch[1].matchAll(/\/([^\s/<>[\]()]+)/g)].map((m) => m[1]);
  }
  const earlyChange = /\/EarlyChange\s+0\b/.test(dict) ? 0 : 1;
  const image = /\/Subtype\s*\/Image\b/.test(dict) || (/\/Width\b/.test(dict) && /\/Height\b/.test(dict));
  let end = bytes.byteLength;
  const length = /\/Length\s+(\d+)(?!\s+\d+\s+R)\b/.exec(dict);
  if (length) {
    const n = Number(length[1]);
    const after = text.slice(start + n, start + n + 16);
    if (start + n <= bytes.byteLength && /^\s*endstream/.test(after)) end = start + n;
  }
  return { filters, earlyChange, image, data: bytes.subarray(start, end) };
}

/**
 * Throws FileLimitError when any stream of the PDF decodes past MAX_PDF_STREAM_BYTES, all of them
 * together past MAX_PDF_TOTAL_STREAM_BYTES, or the file has more than MAX_PDF_STREAMS streams.
 */
export async function assertPdfStreamsBounded(bytes: Uint8Array, budget: ReadBudget): Promise<{ streams: number }> {
  const text = new TextDecoder("latin1").decode(bytes);
  const keywords: number[] = [];
  for (const m of text.matchAll(/(?<![A-Za-z])stream(?![A-Za-z])/g)) {
    keywords.push(m.index!);
    if (keywords.length > MAX_PDF_STREAMS) throw new FileLimitError("tooBig", "too many streams");
    if (keywords.length % 1000 === 0) await budget.pause();
  }
  let total = 0;
  for (const keyword of keywords) {
    await budget.pause();
    const info = describeStream(bytes, text, keyword);
    let src: Chunks = slices(info.data, budget);
    let counted = false;
    for (const filter of info.filters) {
      const stage = stageFor(filter, info.earlyChange);
      if (stage === "image") {
        if (info.image) break; // pdf.js does not decode images to extract text
        throw new FileLimitError("tooBig", `image filter ${filter} on a non-image stream`);
      }
      if (!stage) continue;
      // Each stage's output is kept whole by pdf.js: count every stage.
      src = counting(stage(src), (n) => {
        total += n;
        if (total > MAX_PDF_TOTAL_STREAM_BYTES) throw new FileLimitError("tooBig", "streams over total budget");
      });
      counted = true;
    }
    if (!counted) continue;
    for await (const _ of src) {
      // drained for counting
    }
  }
  return { streams: keywords.length };
}

async function* counting(src: Chunks, add: (n: number) => void): Chunks {
  let size = 0;
  try {
    for await (const chunk of src) {
      size += chunk.byteLength;
      if (size > MAX_PDF_STREAM_BYTES) throw new FileLimitError("tooBig", "stream over budget");
      add(chunk.byteLength);
      yield chunk;
    }
  } finally {
    await src.return(undefined).catch(() => {});
  }
}
