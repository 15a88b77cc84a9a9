// Blog files as hosted Storage serves them: uploaded indexable (`x-robots-tag: all`; Storage's default
// is `none`), and the attachment link the post page builds saves the file under its own name.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attachmentDownloadUrl } from "../../supabase/functions/_shared/blog-display.ts";
import { makePng } from "../helpers/files.ts";
import { api, closeTestSql, createAdmin, type TestUser } from "../helpers/users.ts";

let admin: TestUser;

function fileForm(bytes: Uint8Array | string, name: string, type: string) {
  const form = new FormData();
  form.append("file", new Blob([bytes as BlobPart], { type }), name);
  return form;
}

async function attach(bytes: Uint8Array | string, name: string, type: string) {
  const res = await api("/blog/temp-attachments", { token: admin.token, form: fileForm(bytes, name, type) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; url: string; filename: string };
}

beforeAll(async () => {
  admin = await createAdmin();
});

afterAll(closeTestSql);

describe("blog files in Storage", () => {
  it("are indexable: images and attachments come back with X-Robots-Tag: all", async () => {
    for (const file of [
      await attach(makePng(), "표지.png", "image/png"),
      await attach("논술 요강 요약입니다.", "요강.txt", "text/plain"),
    ]) {
      const res = await fetch(file.url);
      expect(res.status).toBe(200);
      expect(res.headers.get("x-robots-tag")).toBe("all");
    }
  });

  it("download under their own (Korean) file name from the link the post page builds", async () => {
    const name = "2026 모집 요강 (최종).txt";
    const file = await attach("2026학년도 논술 전형 모집 요강", name, "text/plain");
    expect(file.filename).toBe(name);
    const href = attachmentDownloadUrl(file.url, file.filename);
    expect(href).toBe(`${file.url}?download=${encodeURIComponent(name)}`);
    const res = await fetch(href);
    expect(res.status).toBe(200);
    const disposition = res.headers.get("content-disposition") ?? "";
    expect(disposition).toBe(`attachment; filename=${encodeURIComponent(name)}; filename*=UTF-8''${encodeURIComponent(name)}`);
    expect(decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(disposition)![1])).toBe(name);
    expect(await res.text()).toBe("2026학년도 논술 전형 모집 요강");
  });
});
