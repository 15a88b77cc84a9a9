import { randomBytes } from "node:crypto";
import { crc32, deflateRawSync, deflateSync } from "node:zlib";
import { Document, Packer, Paragraph, Table, TableCell, TableRow, TextRun, WidthType } from "docx";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { PNG } from "pngjs";
import iconv from "iconv-lite";

/** Real files for extraction tests, built in memory. */

export const KOREAN_ESSAY =
  "인공지능 기술의 발전은 교육 현장에 큰 변화를 가져오고 있다. 학생들은 언제든지 질문하고 즉각적인 피드백을 받을 수 있게 되었다. " +
  "그러나 이러한 편리함 뒤에는 스스로 생각하는 힘이 약해질 수 있다는 우려도 존재한다. 따라서 우리는 기술을 비판적으로 활용하는 태도를 길러야 한다.";

export const DOCX_PARAGRAPHS = ["다음 제시문을 읽고 인공지능 시대의 교육에 대해 논술하시오.", "제시문 가: 기술은 인간의 능력을 확장한다."];
export const DOCX_TABLE = [
  ["평가 항목", "배점"],
  ["논리 구조", "40점"],
  ["근거의 타당성", "30점"],
];

export async function makeDocx(paragraphs = DOCX_PARAGRAPHS, table: string[][] | null = DOCX_TABLE): Promise<Buffer> {
  const children: (Paragraph | Table)[] = paragraphs.map((p) => new Paragraph({ children: [new TextRun(p)] }));
  if (table) {
    children.push(
      new Table({
        width: { size: 100, type: WidthType.PERCENTAGE },
        rows: table.map((cells) => new TableRow({ children: cells.map((c) => new TableCell({ children: [new Paragraph(c)] })) })),
      }),
    );
  }
  const doc = new Document({ sections: [{ children }] });
  return Packer.toBuffer(doc);
}

export const PDF_PAGES = [
  "Page one: The essay question asks about technology and education.",
  "Page two: Students should explain their reasoning with evidence.",
  "Page three: Conclusion and final remarks about 2024 exams.",
];

export async function makePdf(pages = PDF_PAGES): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const text of pages) {
    const page = pdf.addPage([595, 842]);
    page.drawText(text, { x: 40, y: 780, size: 12, font });
  }
  return Buffer.from(await pdf.save());
}

/** A PDF with one page holding only an image (a scan). */
export async function makeImageOnlyPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const png = await pdf.embedPng(makePng());
  const page = pdf.addPage([200, 200]);
  page.drawImage(png, { x: 10, y: 10, width: 100, height: 100 });
  return Buffer.from(await pdf.save());
}

/** A hand-made PDF whose trailer names a Standard security handler with an unknown user password. */
export function makeEncryptedPdf(): Buffer {
  const hex32 = (seed: number) => Array.from({ length: 32 }, (_, i) => ((i * 37 + seed) % 256).toString(16).padStart(2, "0")).join("");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R >>",
    "<< /Length 8 >>\nstream\nxxxxxxxx\nendstream",
    `<< /Filter /Standard /V 2 /R 3 /Length 128 /P -3904 /O <${hex32(1)}> /U <${hex32(7)}> >>`,
  ];
  let body = "%PDF-1.6\n%\xE2\xE3\xCF\xD3\n";
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(body, "latin1"));
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, "0")} 00000 n \n`;
  const id = hex32(3).slice(0, 32);
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Encrypt 5 0 R /ID [<${id}> <${id}>] >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

export function makePng(width = 24, height = 16): Buffer {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      png.data[i] = (x * 10) & 255;
      png.data[i + 1] = (y * 15) & 255;
      png.data[i + 2] = 128;
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

export const utf8 = (s: string, bom = false) =>
  Buffer.concat([bom ? Buffer.from([0xef, 0xbb, 0xbf]) : Buffer.alloc(0), Buffer.from(s, "utf8")]);
export const cp949 = (s: string) => iconv.encode(s, "cp949");
export const utf16le = (s: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(s, "utf16le")]);
export const utf16be = (s: string) => {
  const le = Buffer.from(s, "utf16le");
  for (let i = 0; i < le.length; i += 2) [le[i], le[i + 1]] = [le[i + 1], le[i]];
  return Buffer.concat([Buffer.from([0xfe, 0xff]), le]);
};

interface ZipEntry {
  name: string;
  data: Buffer;
  /** Override the uncompressed size written in the headers (to make a lying archive). */
  declaredSize?: number;
}

/**
 * The fields a local file header (from byte 4) and a central directory entry (from byte 6) share, in
 * the same order: version needed (2.0), flags (UTF-8 names), method (deflate), time and date (left 0),
 * CRC-32, compressed size, size, name length.
 */
function writeEntryFields(buf: Buffer, at: number, e: { crc: number; compressedSize: number; size: number; nameLength: number }): void {
  buf.writeUInt16LE(20, at);
  buf.writeUInt16LE(0x0800, at + 2);
  buf.writeUInt16LE(8, at + 4);
  buf.writeUInt32LE(e.crc, at + 10);
  buf.writeUInt32LE(e.compressedSize, at + 14);
  buf.writeUInt32LE(e.size, at + 18);
  buf.writeUInt16LE(e.nameLength, at + 22);
}

/** A minimal deflate zip writer (enough for docx-like archives). */
export function makeZip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, "utf8");
    const compressed = deflateRawSync(e.data);
    const size = e.declaredSize ?? e.data.length;
    const crc = crc32(e.data);
    const fields = { crc, compressedSize: compressed.length, size, nameLength: name.length };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    writeEntryFields(local, 4, fields);
    locals.push(local, name, compressed);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // version made by
    writeEntryFields(central, 6, fields);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + compressed.length;
  }
  const cd = Buffer.concat(centrals);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(entries.length, 8);
  eocd.writeUInt16LE(entries.length, 10);
  eocd.writeUInt32LE(cd.length, 12);
  eocd.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, eocd]);
}

const CONTENT_TYPES = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
);
const RELS = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
);

/** A docx-shaped zip whose document.xml inflates to `megabytes` of zeros (~1000:1). */
export function makeZipBomb(megabytes = 200): Buffer {
  return makeZip([
    { name: "[Content_Types].xml", data: CONTENT_TYPES },
    { name: "_rels/.rels", data: RELS },
    { name: "word/document.xml", data: Buffer.alloc(megabytes * 1024 * 1024) },
  ]);
}

/** Same, but the headers claim the big entry is tiny (only inflating reveals the size). */
export function makeLyingZipBomb(megabytes = 200): Buffer {
  return makeZip([
    { name: "[Content_Types].xml", data: CONTENT_TYPES },
    { name: "_rels/.rels", data: RELS },
    { name: "word/document.xml", data: Buffer.alloc(megabytes * 1024 * 1024), declaredSize: 1000 },
  ]);
}

/** A docx-shaped zip with far too many entries. */
export function makeManyEntryZip(count = 5000): Buffer {
  const entries: ZipEntry[] = [
    { name: "[Content_Types].xml", data: CONTENT_TYPES },
    { name: "_rels/.rels", data: RELS },
  ];
  for (let i = 0; i < count; i++) entries.push({ name: `word/media/x${i}.xml`, data: Buffer.from("<a/>") });
  return makeZip(entries);
}

/** A real docx cut in half: the zip's central directory is gone. */
export async function makeCorruptDocx(): Promise<Buffer> {
  const good = await makeDocx();
  return good.subarray(0, Math.floor(good.length / 2));
}

export function makeLargeText(bytes = 11 * 1024 * 1024): Buffer {
  return Buffer.alloc(bytes, "a");
}

/** A Blob/File pair for FormData. */
export function fileOf(data: Buffer | Uint8Array, name: string, type = "application/octet-stream"): File {
  return new File([new Uint8Array(data)], name, { type });
}

const DOCX_NS =
  'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" ' +
  'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';

/** A docx-shaped zip around one hand-written word/document.xml body. */
export function makeDocxFromBody(body: Buffer | string): Buffer {
  const head = Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document ${DOCX_NS}><w:body>`);
  const tail = Buffer.from("</w:body></w:document>");
  return makeZip([
    { name: "[Content_Types].xml", data: CONTENT_TYPES },
    { name: "_rels/.rels", data: RELS },
    { name: "word/document.xml", data: Buffer.concat([head, Buffer.from(body), tail]) },
  ]);
}

/**
 * A "run bomb": a small .docx (~100-150 KB) whose document.xml is ~60 MB of tiny `<w:r>` runs,
 * inside the zip guard's byte budget. `text` puts one character in every run; without it the runs
 * are empty (only the node count grows).
 */
export function makeDocxRunBomb(megabytes = 60, text = true): Buffer {
  const run = text ? "<w:r><w:rPr><w:b/></w:rPr><w:t>가</w:t></w:r>" : "<w:r><w:rPr><w:b/></w:rPr></w:r>";
  const unit = Buffer.from(run);
  const count = Math.floor((megabytes * 1024 * 1024) / unit.length);
  const body = Buffer.alloc(unit.length * count + 14);
  body.write("<w:p>", 0);
  for (let i = 0; i < count; i++) unit.copy(body, 5 + i * unit.length);
  body.write("</w:p>", 5 + count * unit.length);
  return makeDocxFromBody(body.subarray(0, 11 + count * unit.length));
}

/** A hand-made PDF from object bodies (1-based numbering; object 1 is the catalog). */
export function makeRawPdf(objects: (string | Buffer)[]): Buffer {
  const parts: Buffer[] = [Buffer.from("%PDF-1.7\n%\xE2\xE3\xCF\xD3\n", "latin1")];
  let size = parts[0].length;
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(size);
    const chunk = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`, "latin1"),
      typeof o === "string" ? Buffer.from(o, "latin1") : o,
      Buffer.from("\nendobj\n", "latin1"),
    ]);
    parts.push(chunk);
    size += chunk.length;
  });
  let xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) xref += `${String(off).padStart(10, "0")} 00000 n \n`;
  xref += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${size}\n%%EOF\n`;
  parts.push(Buffer.from(xref, "latin1"));
  return Buffer.concat(parts);
}

/** A stream object: dictionary entries + data (Length filled in). */
export function pdfStream(dict: string, data: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`, "latin1"),
    data,
    Buffer.from("\nendstream", "latin1"),
  ]);
}

/**
 * A one-page PDF (~200 KB) whose FlateDecode content stream inflates to `megabytes` (default 200 MB)
 * of text-drawing operators and blanks.
 */
export function makePdfStreamBomb(megabytes = 200): Buffer {
  const ops = Buffer.from("BT /F1 12 Tf 40 780 Td (Hello) Tj ET\n", "latin1");
  const content = Buffer.alloc(megabytes * 1024 * 1024, 0x20);
  ops.copy(content, 0);
  const compressed = deflateSync(content, { level: 9 });
  return makeRawPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
    pdfStream("/Filter /FlateDecode", compressed),
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ]);
}

/** A PDF with `pages` pages that all share one small content stream. */
export function makeManyPagePdf(pages = 5000): Buffer {
  const kids = Array.from({ length: pages }, (_, i) => `${i + 5} 0 R`).join(" ");
  const objects: (string | Buffer)[] = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
    pdfStream("", Buffer.from("BT /F1 12 Tf 40 780 Td (Page) Tj ET", "latin1")),
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  for (let i = 0; i < pages; i++) {
    objects.push("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 3 0 R >>");
  }
  return makeRawPdf(objects);
}

const xmlEscape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * A teacher-sized .docx: the paragraphs as text plus an embedded photo (`photoBytes` of random data,
 * which does not compress), so the file is about `photoBytes` big while the text stays short.
 */
export function makeDocxWithPhoto(paragraphs: string[], photoBytes = 600 * 1024): Buffer {
  const body = paragraphs.map((p) => `<w:p><w:r><w:t xml:space="preserve">${xmlEscape(p)}</w:t></w:r></w:p>`).join("");
  const head = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document ${DOCX_NS}><w:body>`;
  return makeZip([
    { name: "[Content_Types].xml", data: CONTENT_TYPES },
    { name: "_rels/.rels", data: RELS },
    { name: "word/document.xml", data: Buffer.from(`${head}${body}</w:body></w:document>`) },
    { name: "word/media/image1.jpeg", data: randomBytes(photoBytes) },
  ]);
}

/**
 * A scanner-sized .pdf: one page of text lines (Helvetica, ASCII) and a raw RGB image of
 * `imageBytes` random bytes drawn on it.
 */
export function makePdfWithImage(lines: string[], imageBytes = 600 * 1024): Buffer {
  const width = 400;
  const height = Math.max(1, Math.floor(imageBytes / (width * 3)));
  const esc = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);
  const text = lines.map((l, i) => `BT /F1 11 Tf 40 ${800 - i * 14} Td (${esc(l)}) Tj ET`).join("\n");
  return makeRawPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> /XObject << /Im1 6 0 R >> >> /Contents 4 0 R >>",
    pdfStream("", Buffer.from(`${text}\nq 300 0 0 200 40 40 cm /Im1 Do Q`, "latin1")),
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    pdfStream(
      `/Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceRGB /BitsPerComponent 8`,
      randomBytes(width * height * 3),
    ),
  ]);
}
