// .docx → text with mammoth: paragraphs on their own lines, table rows as ` | `-joined cells.
import { Buffer } from "node:buffer";

/**
 * Deno (and so the edge runtime) turns the legacy `Object.prototype.__proto__` setter into a no-op;
 * mammoth sets up its promise class with `X.__proto__ = Promise` when it loads. Restore the
 * standard (Annex B) accessor before mammoth is imported.
 */
function ensureProtoAccessor(): void {
  const probe: Record<string, unknown> = {};
  (probe as { __proto__: unknown }).__proto__ = Array.prototype;
  if (Object.getPrototypeOf(probe) === Array.prototype) return;
  Object.defineProperty(Object.prototype, "__proto__", {
    configurable: true,
    enumerable: false,
    get(this: object) {
      return Object.getPrototypeOf(this);
    },
    set(this: object, proto: object | null) {
      if (typeof proto === "object" || typeof proto === "function") Object.setPrototypeOf(this, proto);
    },
  });
}

type Mammoth = typeof import("mammoth");
let mammothModule: Promise<Mammoth> | null = null;
function loadMammoth(): Promise<Mammoth> {
  ensureProtoAccessor();
  mammothModule ??= import("mammoth").then((m) => ((m as { default?: Mammoth }).default ?? m) as Mammoth);
  return mammothModule;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === "#") {
      const code = e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) ? String.fromCodePoint(code) : m;
    }
    return ENTITIES[e.toLowerCase()] ?? m;
  });
}

const inline = (html: string) =>
  decodeEntities(html.replace(/<br\s*\/?>/gi, "\n").replace(/<[^>]+>/g, "")).replace(/[ \t]+/g, " ").trim();

/** Converts mammoth's (simple, well-formed) HTML to plain text. */
export function htmlToText(html: string): string {
  const lines: string[] = [];
  const withTables = html.replace(/<table[^>]*>([\s\S]*?)<\/table>/gi, (_m, table: string) => {
    const rows = [...table.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/gi)].map((r) =>
      [...r[1].matchAll(/<t[dh][^>]*>([\s\S]*?)<\/t[dh]>/gi)].map((c) => inline(c[1].replace(/<\/p>/gi, " "))).join(" | ")
    );
    return `<p>${rows.map((r) => r.replace(/&/g, "&amp;").replace(/</g, "&lt;")).join("<br />")}</p>`;
  });
  for (const block of withTables.split(/<\/(?:p|h[1-6]|li)>/i)) {
    const text = inline(block.replace(/<li[^>]*>/gi, "- "));
    if (text) lines.push(text);
  }
  return lines.join("\n");
}

export async function extractDocxText(bytes: Uint8Array): Promise<string> {
  const mammoth = await loadMammoth();
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const result = await mammoth.convertToHtml(
    { buffer },
    { convertImage: mammoth.images.imgElement(() => Promise.resolve({ src: "" })) },
  );
  return htmlToText(result.value).normalize("NFC");
}
