// .docx → text without building a DOM: the main part (word/document.xml) is inflated chunk by chunk
// behind the zip guard and fed to a streaming XML parser (saxes), with caps on XML bytes, element
// count and extracted characters, and regular yields to the event loop. Paragraphs go on their own
// lines, numbered/bulleted paragraphs get "- ", table rows are ` | `-joined cells.
import { SaxesParser } from "saxes";
import { FileLimitError, ReadBudget } from "./budget.ts";
import { MAX_DOCX_XML_BYTES, MAX_DOCX_XML_NODES } from "./limits.ts";
import { readZipEntry, ZipGuardError, zipEntryNames } from "./zip-guard.ts";

const MAX_RELS_BYTES = 1024 * 1024;
const OFFICE_DOCUMENT = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument";
const STRICT_OFFICE_DOCUMENT = "http://purl.oclc.org/ooxml/officeDocument/relationships/officeDocument";

/** Thrown for a .docx that is not a readable Word document (the caller answers "손상"). */
export class DocxReadError extends Error {
  constructor(detail: string) {
    super(detail);
    this.name = "DocxReadError";
  }
}

const localName = (name: string) => name.slice(name.indexOf(":") + 1);

async function readSmallEntry(bytes: Uint8Array, name: string, budget: ReadBudget): Promise<string> {
  const decoder = new TextDecoder();
  let text = "";
  for await (const chunk of readZipEntry(bytes, name, MAX_RELS_BYTES, budget)) {
    text += decoder.decode(chunk, { stream: true });
  }
  return text + decoder.decode();
}

/** The main document part named by _rels/.rels (word/document.xml in every Word file). */
async function mainPartName(bytes: Uint8Array, budget: ReadBudget): Promise<string> {
  const names = new Set(zipEntryNames(bytes));
  if (names.has("_rels/.rels")) {
    const rels = await readSmallEntry(bytes, "_rels/.rels", budget);
    for (const m of rels.matchAll(/<(?:\w+:)?Relationship\b[^>]*>/g)) {
      const type = /\bType="([^"]*)"/.exec(m[0])?.[1];
      const target = /\bTarget="([^"]*)"/.exec(m[0])?.[1];
      if (target && (type === OFFICE_DOCUMENT || type === STRICT_OFFICE_DOCUMENT)) {
        const name = target.replace(/^\/+/, "");
        if (names.has(name)) return name;
      }
    }
  }
  if (names.has("word/document.xml")) return "word/document.xml";
  throw new DocxReadError("no main document part");
}

interface TableState {
  rows: string[];
  cells: string[] | null;
  cellParas: string[] | null;
}

/** Collects text from WordprocessingML events, counting elements and characters. */
class DocxTextCollector {
  readonly lines: string[] = [];
  private line = "";
  private inText = 0;
  private skip = 0;
  private listItem = false;
  private nodes = 0;
  private readonly tables: TableState[] = [];

  constructor(private readonly budget: ReadBudget) {}

  private add(s: string): void {
    this.budget.addChars(s.length);
    this.line += s;
  }

  open(tag: { name: string; isSelfClosing: boolean }): void {
    if (++this.nodes > MAX_DOCX_XML_NODES) throw new FileLimitError("tooBig", "too many XML elements");
    const name = localName(tag.name);
    if (this.skip) {
      if (!tag.isSelfClosing) this.skip++;
      return;
    }
    switch (name) {
      case "Fallback": // mc:AlternateContent repeats its content for old readers
      case "delText":
      case "instrText":
        if (!tag.isSelfClosing) this.skip = 1;
        return;
      case "t":
        if (!tag.isSelfClosing) this.inText++;
        return;
      case "tabs": // tab-stop definitions in paragraph properties, not text
        if (!tag.isSelfClosing) this.skip = 1;
        return;
      case "tab":
        this.add("\t");
        return;
      case "br":
      case "cr":
        this.add("\n");
        return;
      case "numPr":
        this.listItem = true;
        return;
      case "tbl":
        this.flushLine();
        this.tables.push({ rows: [], cells: null, cellParas: null });
        return;
      case "tr": {
        const t = this.tables.at(-1);
        if (t) t.cells = [];
        return;
      }
      case "tc": {
        const t = this.tables.at(-1);
        if (t) t.cellParas = [];
        return;
      }
    }
  }

  close(tag: { name: string }): void {
    if (this.skip) {
      this.skip--;
      return;
    }
    const name = localName(tag.name);
    switch (name) {
      case "t":
        if (this.inText) this.inText--;
        return;
      case "p":
        this.flushLine();
        return;
      case "tc": {
        const t = this.tables.at(-1);
        if (t?.cellParas && t.cells) t.cells.push(t.cellParas.join(" "));
        if (t) t.cellParas = null;
        return;
      }
      case "tr": {
        const t = this.tables.at(-1);
        if (t?.cells) t.rows.push(t.cells.join(" | "));
        if (t) t.cells = null;
        return;
      }
      case "tbl": {
        const t = this.tables.pop();
        if (!t) return;
        const outer = this.tables.at(-1);
        if (outer?.cellParas) outer.cellParas.push(...t.rows);
        else this.lines.push(...t.rows.filter(Boolean));
        return;
      }
    }
  }

  text(s: string): void {
    if (this.inText && !this.skip) this.add(s);
  }

  private flushLine(): void {
    const text = this.line
      .split("\n")
      .map((l) => l.replace(/[ \t]+/g, " ").trim())
      .filter(Boolean)
      .join("\n");
    const line = text && this.listItem ? `- ${text}` : text;
    this.line = "";
    this.listItem = false;
    const t = this.tables.at(-1);
    if (t?.cellParas) {
      if (line) t.cellParas.push(line);
    } else if (line) {
      this.lines.push(line);
    }
  }

  finish(): string {
    this.flushLine();
    return this.lines.join("\n");
  }
}

/**
 * Extracts a .docx's text. Call after `assertSafeZip`. Throws FileLimitError past a work limit,
 * DocxReadError for a file that is not a readable Word document.
 */
export async function extractDocxText(bytes: Uint8Array, budget = new ReadBudget()): Promise<string> {
  let part: string;
  try {
    part = await mainPartName(bytes, budget);
  } catch (err) {
    if (err instanceof FileLimitError) throw err;
    throw new DocxReadError(String((err as Error)?.message ?? err));
  }
  const collector = new DocxTextCollector(budget);
  const parser = new SaxesParser({ position: false });
  parser.on("doctype", () => {
    throw new DocxReadError("DOCTYPE in a Word part");
  });
  parser.on("opentag", (tag) => collector.open(tag));
  parser.on("closetag", (tag) => collector.close(tag));
  parser.on("text", (t) => collector.text(t));
  parser.on("cdata", (t) => collector.text(t));
  parser.on("error", (err) => {
    throw new DocxReadError(err.message);
  });

  const decoder = new TextDecoder();
  try {
    for await (const chunk of readZipEntry(bytes, part, MAX_DOCX_XML_BYTES, budget)) {
      // Feed in slices so the event loop gets a turn even inside one big inflated chunk.
      for (let i = 0; i < chunk.byteLength; i += 64 * 1024) {
        parser.write(decoder.decode(chunk.subarray(i, i + 64 * 1024), { stream: true }));
        await budget.pause();
      }
    }
    parser.write(decoder.decode());
    parser.close();
  } catch (err) {
    if (err instanceof FileLimitError || err instanceof DocxReadError) throw err;
    if (err instanceof ZipGuardError) {
      if (err.problem === "tooLarge") throw new FileLimitError("tooBig", err.message);
      throw new DocxReadError(err.message);
    }
    throw new DocxReadError(String((err as Error)?.message ?? err));
  }
  return collector.finish().normalize("NFC");
}
