// Work limits for reading one uploaded file: every reader stops at these, so a hostile file costs
// bounded time and memory (the function has 256 MB and serves every request from one event loop).

/** Characters of extracted text kept from one file (an essay is a few thousand). */
export const MAX_EXTRACTED_CHARS = 100_000;
/** Bytes of word/document.xml read from a .docx (after inflating). */
export const MAX_DOCX_XML_BYTES = 32 * 1024 * 1024;
/** XML elements read from a .docx's document.xml. */
export const MAX_DOCX_XML_NODES = 1_000_000;
/** Pages read from a PDF. */
export const MAX_PDF_PAGES = 300;
/** Stream objects in a PDF. */
export const MAX_PDF_STREAMS = 20_000;
/** Bytes one PDF stream may decode to (content, font, object stream). */
export const MAX_PDF_STREAM_BYTES = 24 * 1024 * 1024;
/** Bytes all of a PDF's streams may decode to together. */
export const MAX_PDF_TOTAL_STREAM_BYTES = 64 * 1024 * 1024;
/** Wall-clock budget for reading one file; checked between chunks. */
export const READ_TIME_BUDGET_MS = 15_000;
/** Longest stretch of work between two yields to the event loop. */
export const YIELD_EVERY_MS = 15;
/** Files read at once by this process (others wait their turn). */
export const MAX_CONCURRENT_READS = 2;
