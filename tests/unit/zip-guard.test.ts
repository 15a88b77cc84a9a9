// The .docx ZIP guard (fflate): good archives read back exactly; bombs, lying headers, too many entries,
// truncated archives and local entries the central directory does not list are refused, with the
// problem the upload maps to its Korean message ("tooLarge" → too complex, "corrupt" → 손상).
import { beforeAll, describe, expect, it } from "vitest";
import {
  assertSafeZip,
  MAX_ZIP_UNCOMPRESSED_BYTES,
  readZipEntry,
  ZipGuardError,
  zipEntryNames,
} from "../../supabase/functions/api/files/zip-guard.ts";
import { extractDocxText } from "../../supabase/functions/api/files/docx.ts";
import { FileLimitError, ReadBudget } from "../../supabase/functions/api/files/budget.ts";
import { DOCX_PARAGRAPHS, makeCorruptDocx, makeDocx, makeLyingZipBomb, makeManyEntryZip, makeZip, makeZipBomb } from "../helpers/files.ts";

async function problemOf(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
    return "ok";
  } catch (err) {
    if (err instanceof ZipGuardError) return err.problem;
    if (err instanceof FileLimitError) return `limit:${err.problem}`;
    throw err;
  }
}

async function readAll(bytes: Uint8Array, name: string, max = MAX_ZIP_UNCOMPRESSED_BYTES): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const chunk of readZipEntry(bytes, name, max)) parts.push(chunk);
  return Buffer.concat(parts);
}

/** An archive whose second local entry is renamed, so the central directory no longer lists it. */
function withHiddenLocalEntry(): Buffer {
  const zip = makeZip([
    { name: "a.xml", data: Buffer.from("<a/>") },
    { name: "b.xml", data: Buffer.from("<b/>") },
  ]);
  const second = zip.indexOf(Buffer.from("b.xml"));
  zip.write("c", second); // the local header's copy of the name only
  return zip;
}

const text = Buffer.from("가나다라 ".repeat(20_000));

describe("assertSafeZip", () => {
  // Just over the 64 MB budget: bombs of zeros (~1000:1), one with honest headers, one claiming 1000 bytes.
  const bombs: Record<string, Buffer> = {};
  beforeAll(() => {
    bombs.honest = makeZipBomb(70);
    bombs.lying = makeLyingZipBomb(70);
  }, 120_000);

  const cases: [string, () => Buffer | Promise<Buffer>, string][] = [
    ["a real .docx", () => makeDocx(), "ok"],
    [
      "an archive of text entries",
      () =>
        makeZip([
          { name: "x.txt", data: text },
          { name: "e", data: Buffer.alloc(0) },
        ]),
      "ok",
    ],
    ["a zip bomb", () => bombs.honest, "tooLarge"],
    ["a zip bomb whose headers claim 1000 bytes", () => bombs.lying, "tooLarge"],
    ["5000 entries", () => makeManyEntryZip(5000), "tooLarge"],
    ["a .docx cut in half", () => makeCorruptDocx(), "corrupt"],
    ["an entry shorter than declared", () => makeZip([{ name: "x.txt", data: text, declaredSize: text.length + 10 }]), "corrupt"],
    ["a local entry the central directory does not list", withHiddenLocalEntry, "corrupt"],
    ["bytes that are no archive", () => Buffer.from("PK\u0003\u0004 not really a zip"), "corrupt"],
  ];
  it.each(cases)(
    "%s",
    async (_label, make, expected) => {
      const bytes = await make();
      expect(await problemOf(() => assertSafeZip(bytes))).toBe(expected);
    },
    30_000,
  );

  it("stops at the time budget", async () => {
    const zip = makeZip([{ name: "x.txt", data: text }]);
    expect(await problemOf(() => assertSafeZip(zip, new ReadBudget(0)))).toBe("limit:tooSlow");
  });
});

describe("readZipEntry", () => {
  it("streams an entry's inflated bytes exactly", async () => {
    const zip = makeZip([
      { name: "a.txt", data: Buffer.from("앞") },
      { name: "big.txt", data: text },
    ]);
    expect(zipEntryNames(zip)).toEqual(["a.txt", "big.txt"]);
    expect((await readAll(zip, "big.txt")).equals(text)).toBe(true);
    expect((await readAll(zip, "a.txt")).toString()).toBe("앞");
  });

  it("refuses an entry past its cap, and a missing entry", async () => {
    const zip = makeZip([{ name: "big.txt", data: text }]);
    expect(await problemOf(() => readAll(zip, "big.txt", 1000))).toBe("tooLarge");
    expect(await problemOf(() => readAll(zip, "none.txt"))).toBe("corrupt");
  });
});

describe("extractDocxText on fflate", () => {
  it("reads a real .docx", async () => {
    const docx = await makeDocx();
    const got = await extractDocxText(docx);
    for (const p of DOCX_PARAGRAPHS) expect(got).toContain(p);
  });
});
