// The colour tokens of src/index.css (daisyUI themes) and their WCAG contrast ratios, for the table in
// src/components/README.md (tests/unit/design-tokens.test.ts recomputes it, so the figures cannot drift).

export type ThemeName = "light" | "dark";
export type Tokens = Record<string, string>;

/** `--color-*` values of each `@plugin "daisyui/theme"` block, by theme name (hex colours only). */
export function readThemes(css: string): Record<ThemeName, Tokens> {
  const themes: Partial<Record<ThemeName, Tokens>> = {};
  for (const block of css.matchAll(/@plugin\s+"daisyui\/theme"\s*\{([^}]*)\}/g)) {
    const body = block[1]!;
    const name = /name:\s*"([^"]+)"/.exec(body)?.[1] as ThemeName | undefined;
    if (!name) continue;
    const tokens: Tokens = {};
    for (const [, key, value] of body.matchAll(/--color-([a-z0-9-]+):\s*(#[0-9a-fA-F]{6})\s*;/g)) tokens[key!] = value!.toLowerCase();
    themes[name] = tokens;
  }
  if (!themes.light || !themes.dark) throw new Error("index.css: the light and dark themes were not found");
  return themes as Record<ThemeName, Tokens>;
}

const channels = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG 2 contrast ratio of two opaque colours. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** `fg` at `alpha` (Tailwind's `/75`: color-mix with transparent) composited on an opaque `bg`, as browsers paint it. */
export function over(fg: string, alpha: number, bg: string): string {
  const f = channels(fg);
  const b = channels(bg);
  return `#${f
    .map((c, i) =>
      Math.round(c * alpha + b[i]! * (1 - alpha))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

export interface ContrastPair {
  /** What the pair is used for, as the README's table names it. */
  use: string;
  fg: string;
  /** Opacity of the foreground (1 = the token as is). */
  alpha?: number;
  bg: string;
  /** WCAG AA: 4.5 for text, 3 for large text and the edges of controls (focus ring, selected tab). */
  min: 4.5 | 3;
}

/** The pairs the design system promises (src/components/README.md, "Colour tokens"). */
export const CONTRAST_PAIRS: ContrastPair[] = [
  { use: "body text `text-base-content` on `base-100`", fg: "base-content", bg: "base-100", min: 4.5 },
  { use: "body text on `base-200` (page background, table stripes)", fg: "base-content", bg: "base-200", min: 4.5 },
  { use: "body text on `base-300`", fg: "base-content", bg: "base-300", min: 4.5 },
  { use: "meta text `text-base-content/75` on `base-100`", fg: "base-content", alpha: 0.75, bg: "base-100", min: 4.5 },
  { use: "meta text `text-base-content/75` on `base-200`", fg: "base-content", alpha: 0.75, bg: "base-200", min: 4.5 },
  { use: "link / `text-primary` on `base-100`", fg: "primary", bg: "base-100", min: 4.5 },
  { use: "link / `text-primary` on `base-200`", fg: "primary", bg: "base-200", min: 4.5 },
  { use: "`text-info` on `base-100`", fg: "info", bg: "base-100", min: 4.5 },
  { use: "`text-success` on `base-100`", fg: "success", bg: "base-100", min: 4.5 },
  { use: "`text-warning` on `base-100`", fg: "warning", bg: "base-100", min: 4.5 },
  { use: "`text-error` on `base-100`", fg: "error", bg: "base-100", min: 4.5 },
  { use: "`text-error` on `base-200`", fg: "error", bg: "base-200", min: 4.5 },
  { use: "primary button / badge text", fg: "primary-content", bg: "primary", min: 4.5 },
  { use: "secondary button / badge text", fg: "secondary-content", bg: "secondary", min: 4.5 },
  { use: "accent button / badge text", fg: "accent-content", bg: "accent", min: 4.5 },
  { use: "neutral button / badge text", fg: "neutral-content", bg: "neutral", min: 4.5 },
  { use: "info alert / badge text", fg: "info-content", bg: "info", min: 4.5 },
  { use: "success alert / badge text", fg: "success-content", bg: "success", min: 4.5 },
  { use: "warning alert / badge text (the 테스트 결제 banner)", fg: "warning-content", bg: "warning", min: 4.5 },
  { use: "error alert / destructive button text", fg: "error-content", bg: "error", min: 4.5 },
  { use: "focus ring, selected tab, checked switch (`primary`) against `base-100`", fg: "primary", bg: "base-100", min: 3 },
];

export interface ContrastRow extends ContrastPair {
  light: number;
  dark: number;
}

export function contrastRows(themes: Record<ThemeName, Tokens>): ContrastRow[] {
  const ratio = (t: Tokens, p: ContrastPair) => {
    const colour = (key: string) => {
      const value = t[key];
      if (!value) throw new Error(`index.css: --color-${key} is missing`);
      return value;
    };
    const bg = colour(p.bg);
    return contrast(over(colour(p.fg), p.alpha ?? 1, bg), bg);
  };
  return CONTRAST_PAIRS.map((p) => ({ ...p, light: ratio(themes.light, p), dark: ratio(themes.dark, p) }));
}

/** The README's table: one row per pair, ratios to two decimals, rounded down (a 4.499 is never shown as 4.50). */
export function contrastMarkdown(rows: ContrastRow[]): string {
  const fmt = (n: number) => (Math.floor(n * 100) / 100).toFixed(2);
  const lines = ["| use | light | dark | needs |", "|---|--:|--:|--:|"];
  for (const r of rows) lines.push(`| ${r.use} | ${fmt(r.light)}:1 | ${fmt(r.dark)}:1 | ${r.min}:1 |`);
  return lines.join("\n");
}
