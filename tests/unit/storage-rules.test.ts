// local/gateway/storage-rules.ts: the Storage stand-in's header rules, as storage-api v1.70.6 applies them.
import { describe, expect, it } from "vitest";
import { contentDisposition, parseRange, partMimeType, robotsTagFor, validateXRobotsTag } from "../../local/gateway/storage-rules.ts";

describe("X-Robots-Tag", () => {
  it("accepts the header's rules, parametric rules and user-agent prefixes", () => {
    for (const ok of [
      "all",
      "noindex, nofollow",
      "max-snippet: 20",
      "max-image-preview: large",
      "googlebot: noindex",
      "unavailable_after: 2030-01-01",
    ]) {
      expect(() => validateXRobotsTag(ok), ok).not.toThrow();
    }
  });

  it("refuses anything else with InvalidRequest (statusCode 400)", () => {
    for (const bad of ["index-me", "all,,noindex", "max-snippet: -2", "max-image-preview: huge", "googlebot:", " "]) {
      expect(() => validateXRobotsTag(bad), bad).toThrow(
        expect.objectContaining({ status: 400, code: "InvalidRequest", error: "invalid_x_robots_tag" }),
      );
    }
  });

  it("sends none unless a valid tag was stored", () => {
    expect([robotsTagFor(undefined), robotsTagFor("all"), robotsTagFor("bogus")]).toEqual(["none", "all", "none"]);
  });
});

describe("Range", () => {
  it("reads a-b, a- and -n, clamped to the object", () => {
    expect(parseRange("bytes=2-5", 10)).toEqual({ start: 2, end: 5 });
    expect(parseRange("bytes=7-", 10)).toEqual({ start: 7, end: 9 });
    expect(parseRange("bytes=-3", 10)).toEqual({ start: 7, end: 9 });
    expect(parseRange("bytes=5-50", 10)).toEqual({ start: 5, end: 9 });
  });

  it("answers 416 (HTTP 416) for a range it cannot serve", () => {
    for (const bad of ["bytes=10-12", "bytes=5-2", "bytes=-", "items=0-1", "bytes=0-1,3-4"]) {
      expect(() => parseRange(bad, 10), bad).toThrow(expect.objectContaining({ status: 416, httpStatus: 416, code: "InvalidRange" }));
    }
  });
});

describe("names and types", () => {
  it("names a download after ?download=<name>, URL-encoded", () => {
    expect(contentDisposition("")).toBe("attachment;");
    expect(contentDisposition("요강 1.pdf")).toBe(
      `attachment; filename=${encodeURIComponent("요강 1.pdf")}; filename*=UTF-8''${encodeURIComponent("요강 1.pdf")}`,
    );
  });

  it("stores a multipart part's type bare and lowercased, text/plain when it has none", () => {
    expect(partMimeType("Text/Plain; charset=utf-8", null)).toBe("text/plain");
    expect(partMimeType("", null)).toBe("text/plain");
    expect(partMimeType("image/png", "image/webp")).toBe("image/webp");
  });
});
