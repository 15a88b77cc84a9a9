// The one storage path guard (supabase/functions/api/lib/storage.ts) used before every
// service-role upload, download and removal of an original in the `essays` bucket.
import { describe, expect, it } from "vitest";
import { essayPathProblem } from "../../supabase/functions/api/lib/storage.ts";
import { charCount, exceedsChars, formatCount } from "@shared/upload-rules.ts";

const owner = "3f2b8c1e-5d4a-4b7e-9c21-0a1b2c3d4e5f";
const other = "9e8d7c6b-5a49-4382-9f1e-0d1c2b3a4f5e";
const session = "11111111-2222-4333-8444-555555555555";
const file = "aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee";
const good = `${owner}/${session}/essay-${file}.png`;

describe("essayPathProblem", () => {
  it("accepts exactly the server-made name of the expected owner, session and role", () => {
    expect(essayPathProblem(good, { ownerId: owner })).toBeNull();
    expect(essayPathProblem(good, { ownerId: owner, sessionId: session, roles: ["essay"] })).toBeNull();
    for (const [role, ext] of [
      ["prompt", "docx"],
      ["criteria", "txt"],
      ["essay", "pdf"],
      ["essay", "jpg"],
      ["essay", "webp"],
    ]) {
      expect(essayPathProblem(`${owner}/${session}/${role}-${file}.${ext}`, { ownerId: owner })).toBeNull();
    }
  });

  it("refuses another owner, another session or an unexpected role", () => {
    expect(essayPathProblem(`${other}/${session}/essay-${file}.png`, { ownerId: owner })).toBe("another owner's folder");
    expect(essayPathProblem(good, { ownerId: owner, sessionId: other })).toBe("another session's folder");
    expect(essayPathProblem(good, { ownerId: owner, roles: ["prompt"] })).toBe("unexpected role");
    expect(essayPathProblem(good, { ownerId: "not-a-uuid" })).toBe("bad owner id");
    expect(essayPathProblem(`${other}/${file}/essay-${file}.png`, { ownerId: owner, sessionId: session })).toBe("another owner's folder");
  });

  it("accepts another teacher's folder of the named session (an organisation's assignment passed to its owner)", () => {
    expect(essayPathProblem(`${other}/${session}/prompt-${file}.png`, { ownerId: owner, sessionId: session })).toBeNull();
  });

  it("refuses traversal, encoded separators, URL tricks and odd characters", () => {
    const bad = [
      `../../../../../auth/v1/admin/users/${owner}`,
      `${owner}/../${other}/${session}/essay-${file}.png`,
      `${owner}/${session}/../essay-${file}.png`,
      `${owner}/${session}/essay-${file}.png/..`,
      `/${good}`,
      `${owner}//${session}/essay-${file}.png`,
      `${owner}%2F${session}/essay-${file}.png`,
      `${owner}/${session}/essay-${file}%2epng`,
      `${owner}\\${session}\\essay-${file}.png`,
      `${good}?x=1`,
      `${good}#x`,
      `${good}\n`,
      `${good}\u0000`,
      ` ${good}`,
      good.toUpperCase(),
      `${owner}/${session}/essay-${file}.exe`,
      `${owner}/${session}/essay.png`,
      `${owner}/essay-${file}.png`,
      `https://evil.example/${good}`,
      "",
    ];
    for (const p of bad) expect(essayPathProblem(p, { ownerId: owner }), JSON.stringify(p)).not.toBeNull();
    expect(essayPathProblem(null, { ownerId: owner })).toBe("not a string");
    expect(essayPathProblem(`${good}${"a".repeat(300)}`, { ownerId: owner })).toBe("too long");
  });
});

describe("essayPathProblem for account deletion (any name inside the owner's folder)", () => {
  const folder = { ownerId: owner, anyNameInFolder: true } as const;
  it("accepts names the user stored in their own folder", () => {
    for (const p of [good, `${owner}/session/prompt.txt`, `${owner}/논술 답안 1.txt`]) {
      expect(essayPathProblem(p, folder), p).toBeNull();
    }
  });
  it("still refuses other folders, traversal, escapes and control characters", () => {
    for (const p of [
      `${other}/a.txt`,
      `${owner}`,
      `${owner}/../${other}/a.txt`,
      `${owner}/./a.txt`,
      `${owner}//a.txt`,
      `${owner}/a%2F..%2Fb.txt`,
      `${owner}/a\\..\\b.txt`,
      `${owner}/a\nb.txt`,
      `/${owner}/a.txt`,
    ]) {
      expect(essayPathProblem(p, folder), JSON.stringify(p)).not.toBeNull();
    }
  });
});

describe("character caps", () => {
  it("counts code points with bounded work and formats the limit", () => {
    expect(charCount("가나다")).toBe(3);
    expect(charCount("😀a")).toBe(2);
    expect(exceedsChars("가".repeat(20_000), 20_000)).toBe(false);
    expect(exceedsChars("가".repeat(20_001), 20_000)).toBe(true);
    expect(exceedsChars("😀".repeat(15_000), 20_000)).toBe(false); // 30,000 UTF-16 units, 15,000 characters
    expect(charCount("a".repeat(3_000_000), 20_000)).toBe(20_001); // stops one past the limit
    expect(formatCount(20_000)).toBe("20,000");
    expect(formatCount(999)).toBe("999");
  });
});
