// .pdf → text with pdf-parse v2 (pdf.js). Encrypted / broken / image-only PDFs are told apart.
import { PDFParse } from "pdf-parse";

export type PdfProblem = "encrypted" | "broken" | "noText";

export class PdfReadError extends Error {
  constructor(public readonly problem: PdfProblem, detail: string) {
    super(detail);
    this.name = "PdfReadError";
  }
}

export async function extractPdfText(bytes: Uint8Array): Promise<{ text: string; pages: number }> {
  const parser = new PDFParse({ data: new Uint8Array(bytes), verbosity: 0 });
  try {
    const result = await parser.getText();
    const pageTexts = result.pages.map((p) => p.text.trim()).filter(Boolean);
    const text = pageTexts.join("\n\n").replace(/\r\n?/g, "\n").normalize("NFC");
    if (!text.replace(/\s+/g, "")) throw new PdfReadError("noText", "no text layer");
    return { text, pages: result.total };
  } catch (err) {
    if (err instanceof PdfReadError) throw err;
    const name = (err as { name?: string })?.name ?? "";
    if (name === "PasswordException") throw new PdfReadError("encrypted", String((err as Error).message));
    throw new PdfReadError("broken", String((err as Error)?.message ?? err));
  } finally {
    await parser.destroy().catch(() => {});
  }
}
