// .pdf → text with unpdf (pdf.js built for serverless runtimes: no DOM, no canvas, no Worker,
// no native code), imported lazily when the first PDF arrives. Every stream is size-checked first
// (pdf-guard.ts); then pages are read one by one with a page cap, a character cap and a time budget,
// yielding to the event loop between text chunks. Encrypted / broken / image-only PDFs are told apart.
import { FileLimitError, ReadBudget } from "./budget.ts";
import { MAX_PDF_PAGES } from "./limits.ts";
import { assertPdfStreamsBounded } from "./pdf-guard.ts";

export type PdfProblem = "encrypted" | "broken" | "noText";

export class PdfReadError extends Error {
  constructor(
    public readonly problem: PdfProblem,
    detail: string,
  ) {
    super(detail);
    this.name = "PdfReadError";
  }
}

type Unpdf = typeof import("unpdf");
let unpdfModule: Promise<Unpdf> | null = null;
function loadUnpdf(): Promise<Unpdf> {
  unpdfModule ??= import("unpdf").catch((err) => {
    unpdfModule = null;
    throw err;
  });
  return unpdfModule;
}

interface TextItemLike {
  str?: string;
  hasEOL?: boolean;
}

export async function extractPdfText(bytes: Uint8Array, budget = new ReadBudget()): Promise<{ text: string; pages: number }> {
  if (!/^\s*%PDF-/.test(new TextDecoder("latin1").decode(bytes.subarray(0, 1024)))) {
    throw new PdfReadError("broken", "no PDF header");
  }
  await assertPdfStreamsBounded(bytes, budget);
  const { getDocumentProxy } = await loadUnpdf();
  let doc: Awaited<ReturnType<Unpdf["getDocumentProxy"]>> | null = null;
  try {
    doc = await getDocumentProxy(new Uint8Array(bytes), {
      disableFontFace: true,
      useSystemFonts: false,
      stopAtErrors: false,
      verbosity: 0,
    });
    budget.checkTime();
    if (doc.numPages > MAX_PDF_PAGES) throw new FileLimitError("tooManyPages", `${doc.numPages} pages`);
    const pageTexts: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      await budget.pause();
      const page = await doc.getPage(n);
      let pageText = "";
      const reader = page.streamTextContent().getReader();
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          for (const item of (value as { items: TextItemLike[] }).items) {
            const piece = (item.str ?? "") + (item.hasEOL ? "\n" : "");
            budget.addChars(piece.length);
            pageText += piece;
          }
          await budget.pause();
        }
      } finally {
        await reader.cancel().catch(() => {});
        page.cleanup();
      }
      pageText = pageText.trim();
      if (pageText) pageTexts.push(pageText);
    }
    const text = pageTexts.join("\n\n").replace(/\r\n?/g, "\n").normalize("NFC");
    if (!text.replace(/\s+/g, "")) throw new PdfReadError("noText", "no text layer");
    return { text, pages: doc.numPages };
  } catch (err) {
    if (err instanceof PdfReadError || err instanceof FileLimitError) throw err;
    const name = (err as { name?: string })?.name ?? "";
    if (name === "PasswordException") throw new PdfReadError("encrypted", String((err as Error).message));
    throw new PdfReadError("broken", String((err as Error)?.message ?? err));
  } finally {
    await doc?.loadingTask.destroy().catch(() => {});
  }
}
