/**
 * Slug auto-generation (docs/product.md#blog-posts): lowercase the title, keep only a-z, 0-9, Hangul,
 * whitespace and hyphen, turn whitespace runs into one hyphen, collapse
 * repeated hyphens, then append `-` and a random 6-character suffix
 * (only the suffix when the title leaves nothing). Leading/trailing hyphens
 * are dropped so the joined slug never contains `--`.
 */
export const SLUG_SUFFIX_LENGTH = 6;
const SUFFIX_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

/** Returns a number in [0, 1). */
export type RandomSource = () => number;

export const cryptoRandom: RandomSource = () => {
  const buf = new Uint32Array(1);
  crypto.getRandomValues(buf);
  return buf[0] / 0x1_0000_0000;
};

export function slugSuffix(random: RandomSource = cryptoRandom): string {
  let out = "";
  for (let i = 0; i < SLUG_SUFFIX_LENGTH; i++) {
    const idx = Math.min(SUFFIX_ALPHABET.length - 1, Math.floor(random() * SUFFIX_ALPHABET.length));
    out += SUFFIX_ALPHABET[idx];
  }
  return out;
}

/** The readable part of a slug (no suffix). */
export function slugBase(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9가-힣ㄱ-ㅎㅏ-ㅣ\s-]/g, "")
    .replace(/\s+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "");
}

export function generateSlug(title: string, random: RandomSource = cryptoRandom): string {
  const base = slugBase(title);
  const suffix = slugSuffix(random);
  return base ? `${base}-${suffix}` : suffix;
}

/** What the server accepts as a slug: the alphabet above, hyphen-separated, no empty parts. */
export const SLUG_PATTERN = /^[a-z0-9가-힣ㄱ-ㅎㅏ-ㅣ]+(?:-[a-z0-9가-힣ㄱ-ㅎㅏ-ㅣ]+)*$/;
