// Plain-text decoding: BOM → UTF-8 / UTF-16; valid UTF-8 → UTF-8; otherwise CP949 (EUC-KR superset).
import iconv from "iconv-lite";
import { Buffer } from "node:buffer";

export type TextEncodingName = "utf-8" | "utf-16le" | "utf-16be" | "cp949";

export interface DecodedText {
  text: string;
  encoding: TextEncodingName;
}

export function detectEncoding(bytes: Uint8Array): { encoding: TextEncodingName; bomLength: number } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: "utf-8", bomLength: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: "utf-16le", bomLength: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: "utf-16be", bomLength: 2 };
  const utf16 = bomlessUtf16(bytes);
  if (utf16) return { encoding: utf16, bomLength: 0 };
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return { encoding: "utf-8", bomLength: 0 };
  } catch {
    return { encoding: "cp949", bomLength: 0 };
  }
}

/**
 * UTF-16 without a BOM (some Windows tools write it): Korean prose has spaces, digits and
 * punctuation whose UTF-16 code units carry a 0x00 byte, while UTF-8 and CP949 text never do.
 * The side the zero bytes fall on gives the byte order.
 */
function bomlessUtf16(bytes: Uint8Array): "utf-16le" | "utf-16be" | null {
  if (bytes.length < 4 || bytes.length % 2 !== 0) return null;
  let even = 0;
  let odd = 0;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] === 0) {
      if (i % 2 === 0) even++;
      else odd++;
    }
  }
  const units = bytes.length / 2;
  if (odd > units * 0.05 && even < odd * 0.1) return "utf-16le";
  if (even > units * 0.05 && odd < even * 0.1) return "utf-16be";
  return null;
}

export function decodeText(bytes: Uint8Array): DecodedText {
  const { encoding, bomLength } = detectEncoding(bytes);
  const body = bytes.subarray(bomLength);
  let text: string;
  if (encoding === "cp949") {
    text = iconv.decode(Buffer.from(body.buffer, body.byteOffset, body.byteLength), "cp949");
  } else {
    text = new TextDecoder(encoding).decode(body);
  }
  return {
    text: text
      .replace(/^\uFEFF/, "")
      .replace(/\r\n?/g, "\n")
      .normalize("NFC"),
    encoding,
  };
}

/** True when the decoded text looks like text rather than binary (few controls / replacement chars). */
export function looksLikeText(text: string): boolean {
  if (text.length === 0) return true;
  let bad = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (c === 0xfffd || c === 0 || (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0c && c !== 0x0d)) bad++;
  }
  return bad / text.length < 0.02;
}
