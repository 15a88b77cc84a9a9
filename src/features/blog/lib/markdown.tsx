// A small Markdown renderer for blog post bodies, straight to React elements (no HTML string, no
// innerHTML), so nothing in a body can execute: raw HTML is plain text, and a link or image is made
// only for an absolute http(s) URL (anything else is shown as its source). It covers what the posts
// use — ATX/setext headings, paragraphs with single newlines as <br>, bullet/ordered lists,
// blockquotes, fenced/indented code, rules, code spans, emphasis, links, images, <autolinks>,
// backslash escapes, a few entities — in ~5 KB instead of the ~33 KB of react-markdown (the post
// page's JS budget). Every scan is linear or capped, so hostile input costs bounded time; nesting
// is capped at MAX_DEPTH.
import { createElement, Fragment, type ReactNode } from "react";

const MAX_DEPTH = 8;
/** How far a link destination/title or an emphasis closer is looked for (chars). */
const SCAN_CAP = 2048;
/** How many candidate closers of one emphasis opener are tried. */
const MAX_CLOSERS = 32;
const HTTP_URL = /^https?:\/\//i;

/** Only absolute http(s) URLs survive; anything else becomes ''. */
export function httpOnlyUrlTransform(url: string): string {
  const trimmed = url.trim();
  if (!HTTP_URL.test(trimmed)) return "";
  try {
    const parsed = new URL(trimmed);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.href : "";
  } catch {
    return "";
  }
}

/** Class names of the rendered elements (daisyUI/Tailwind). */
const CLASS = {
  h1: "mt-8 mb-4 text-3xl font-bold",
  h2: "mt-8 mb-3 text-2xl font-bold",
  h3: "mt-6 mb-3 text-xl font-semibold",
  h4: "mt-4 mb-2 text-lg font-semibold",
  p: "my-4 leading-relaxed",
  ul: "my-4 list-disc space-y-1 pl-6",
  ol: "my-4 list-decimal space-y-1 pl-6",
  blockquote: "border-base-300 text-base-content/80 my-4 border-l-4 pl-4 italic",
  code: "bg-base-200 rounded px-1 py-0.5 text-sm",
  pre: "bg-base-200 my-4 overflow-x-auto rounded-lg p-4 text-sm",
  hr: "border-base-300 my-8",
  a: "link link-primary break-words",
  img: "my-4 h-auto max-w-full rounded-lg",
} as const;

type Out = ReactNode[];
const el = (out: Out, type: string, props: Record<string, unknown> | null, ...children: ReactNode[]) =>
  out.push(createElement(type, { ...props, key: out.length }, ...children));

// ---------------------------------------------------------------- blocks

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const ATX = /^ {0,3}(#{1,6})(?=[ \t]|$)/;
const QUOTE = /^ {0,3}> ?/;
const BULLET = /^ {0,3}([-*+])(?:[ \t]+|$)/;
const ORDERED = /^ {0,3}(\d{1,9})([.)])(?:[ \t]+|$)/;
const SETEXT = /^ {0,3}(=+|-+)[ \t]*$/;

const indentOf = (line: string) => line.length - line.trimStart().length;
const isBlank = (line: string) => line.trim() === "";

function isRule(line: string): boolean {
  if (indentOf(line) > 3) return false;
  const s = line.replace(/[ \t]/g, "");
  return s.length >= 3 && (s === "-".repeat(s.length) || s === "*".repeat(s.length) || s === "_".repeat(s.length));
}

/** A line that starts a block other than a paragraph (so it ends a paragraph). */
function startsBlock(line: string): boolean {
  if (indentOf(line) > 3) return false;
  const ordered = ORDERED.exec(line);
  return (
    FENCE.test(line) ||
    ATX.test(line) ||
    QUOTE.test(line) ||
    isRule(line) ||
    (BULLET.test(line) && !isBlank(line.slice(BULLET.exec(line)![0].length))) ||
    (!!ordered && ordered[1] === "1" && !isBlank(line.slice(ordered[0].length)))
  );
}

function heading(out: Out, level: number, text: string, depth: number) {
  const tag = `h${level}`;
  el(out, tag, { className: CLASS[tag as keyof typeof CLASS] }, ...inline(text, depth));
}

/** Parses `lines` as blocks. `tight`: paragraphs render without <p> (a tight list item). */
function blocks(lines: string[], depth: number, tight = false): Out {
  const out: Out = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (isBlank(line)) {
      i++;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const mark = fence[1];
      const body: string[] = [];
      i++;
      while (i < lines.length) {
        const t = lines[i].trim();
        if (t.length >= mark.length && t === mark[0].repeat(t.length)) break;
        body.push(lines[i]);
        i++;
      }
      i++;
      el(out, "pre", { className: CLASS.pre }, createElement("code", null, body.join("\n")));
      continue;
    }
    if (indentOf(line) >= 4) {
      const body: string[] = [];
      while (i < lines.length && (isBlank(lines[i]) || indentOf(lines[i]) >= 4)) body.push(lines[i++].slice(4));
      while (body.length && isBlank(body[body.length - 1])) body.pop();
      el(out, "pre", { className: CLASS.pre }, createElement("code", null, body.join("\n")));
      continue;
    }
    const atx = ATX.exec(line);
    if (atx) {
      let text = line.slice(atx[0].length).trim();
      let end = text.length;
      while (end > 0 && text[end - 1] === "#") end--;
      if (end === 0 || text[end - 1] === " " || text[end - 1] === "\t") text = text.slice(0, end).trim();
      heading(out, atx[1].length, text, depth);
      i++;
      continue;
    }
    if (isRule(line)) {
      el(out, "hr", { className: CLASS.hr });
      i++;
      continue;
    }
    if (depth < MAX_DEPTH && QUOTE.test(line)) {
      const inner: string[] = [];
      while (i < lines.length && !isBlank(lines[i])) {
        const q = QUOTE.exec(lines[i]);
        if (q) inner.push(lines[i].slice(q[0].length));
        else if (startsBlock(lines[i])) break;
        else inner.push(lines[i]);
        i++;
      }
      el(out, "blockquote", { className: CLASS.blockquote }, ...blocks(inner, depth + 1));
      continue;
    }
    if (depth < MAX_DEPTH && (ORDERED.test(line) || BULLET.test(line))) {
      i = list(out, lines, i, depth, ORDERED.test(line));
      continue;
    }
    // Paragraph: up to a blank line or another block; a setext underline makes it a heading.
    const para: string[] = [line.trim()];
    i++;
    let level = 0;
    while (i < lines.length && !isBlank(lines[i])) {
      const setext = SETEXT.exec(lines[i]);
      if (setext) {
        level = setext[1][0] === "=" ? 1 : 2;
        i++;
        break;
      }
      if (startsBlock(lines[i])) break;
      para.push(lines[i].trim());
      i++;
    }
    const text = para.map((l) => (l.endsWith("\\") ? l.slice(0, -1) : l)).join("\n");
    if (level) heading(out, level, text, depth);
    else if (tight) out.push(createElement(Fragment, { key: out.length }, ...inline(text, depth)));
    else el(out, "p", { className: CLASS.p }, ...inline(text, depth));
  }
  return out;
}

/** A list from `lines[start]`; returns the index after it. */
function list(out: Out, lines: string[], start: number, depth: number, ordered: boolean): number {
  const marker = ordered ? ORDERED : BULLET;
  const kind = (m: RegExpExecArray) => (ordered ? m[2] : m[1]);
  const first = marker.exec(lines[start])!;
  const items: string[][] = [];
  let loose = false;
  let i = start;
  while (i < lines.length) {
    const m = marker.exec(lines[i]);
    if (!m || kind(m) !== kind(first)) break;
    const rest = lines[i].slice(m[0].length);
    const indent = isBlank(rest) ? m[0].trimEnd().length + 1 : m[0].length;
    const item = [rest];
    i++;
    while (i < lines.length) {
      const l = lines[i];
      if (isBlank(l)) {
        let j = i + 1;
        while (j < lines.length && isBlank(lines[j])) j++;
        if (j < lines.length && indentOf(lines[j]) >= indent) {
          while (i < j) item.push(lines[i++].slice(indent));
          loose = true;
          continue;
        }
        break;
      }
      if (indentOf(l) >= indent) item.push(l.slice(indent));
      else if (startsBlock(l) || marker.test(l)) break;
      else item.push(l); // lazy continuation of the item's paragraph
      i++;
    }
    items.push(item);
    let j = i;
    while (j < lines.length && isBlank(lines[j])) j++;
    const next = j < lines.length ? marker.exec(lines[j]) : null;
    if (!next || kind(next) !== kind(first)) break;
    if (j > i) loose = true;
    i = j;
  }
  const lis = items.map((item, k) => createElement("li", { key: k }, ...blocks(item, depth + 1, !loose)));
  const startNo = ordered ? Number(first[1]) : 1;
  el(out, ordered ? "ol" : "ul", { className: ordered ? CLASS.ol : CLASS.ul, start: startNo !== 1 ? startNo : undefined }, ...lis);
  return i;
}

// ---------------------------------------------------------------- inline

const PUNCT = /[!-/:-@[-`{-~]/;
const ENTITY = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|(amp|lt|gt|quot|apos|nbsp));/y;
const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };
const AUTOLINK = /^[a-zA-Z][a-zA-Z0-9+.-]{1,31}:[^\s<>]*$/;
const WORD = /[\p{L}\p{N}]/u;

function codePoint(n: number): string {
  return n > 0 && n <= 0x10ffff && !(n >= 0xd800 && n <= 0xdfff) ? String.fromCodePoint(n) : "\ufffd";
}

/** Backslash escapes and entities of a URL or title. */
function unescape(s: string): string {
  let r = "";
  for (let i = 0; i < s.length; i++) {
    if (s[i] === "\\" && i + 1 < s.length && PUNCT.test(s[i + 1])) r += s[++i];
    else if (s[i] === "&") {
      ENTITY.lastIndex = i;
      const m = ENTITY.exec(s);
      if (m) {
        r += m[3] ? NAMED[m[3]] : codePoint(m[1] ? Number(m[1]) : parseInt(m[2], 16));
        i += m[0].length - 1;
      } else r += "&";
    } else r += s[i];
  }
  return r;
}

/** For each '[' the index of its matching ']' (escapes skipped), in one pass. */
function matchBrackets(src: string): Map<number, number> {
  const match = new Map<number, number>();
  const stack: number[] = [];
  for (let i = 0; i < src.length; i++) {
    if (src[i] === "\\") i++;
    else if (src[i] === "[") stack.push(i);
    else if (src[i] === "]" && stack.length) match.set(stack.pop()!, i);
  }
  return match;
}

interface LinkParts {
  close: number;
  dest: string;
  title?: string;
  end: number;
}

/** `[text](dest "title")` from the '[' at `open`, or null. */
function linkAt(src: string, open: number, brackets: Map<number, number>): LinkParts | null {
  const close = brackets.get(open);
  if (close === undefined || src[close + 1] !== "(") return null;
  const cap = Math.min(src.length, close + 2 + SCAN_CAP);
  let p = close + 2;
  const skipSpace = () => {
    while (p < cap && (src[p] === " " || src[p] === "\t" || src[p] === "\n")) p++;
  };
  skipSpace();
  let dest: string;
  if (src[p] === "<") {
    const q = p + 1;
    while (p < cap && src[p] !== ">" && src[p] !== "\n") p += src[p] === "\\" ? 2 : 1;
    if (src[p] !== ">") return null;
    dest = src.slice(q, p++);
  } else {
    const q = p;
    let parens = 0;
    while (p < cap && src[p] > " ") {
      if (src[p] === "\\") p++;
      else if (src[p] === "(") parens++;
      else if (src[p] === ")" && parens-- === 0) break;
      p++;
    }
    if (parens > 0) return null;
    dest = src.slice(q, p);
  }
  const afterDest = p;
  skipSpace();
  let title: string | undefined;
  const opener = src[p];
  if (p > afterDest && (opener === '"' || opener === "'" || opener === "(")) {
    const closer = opener === "(" ? ")" : opener;
    const q = ++p;
    while (p < cap && src[p] !== closer) p += src[p] === "\\" ? 2 : 1;
    if (p >= cap) return null;
    title = unescape(src.slice(q, p++));
    skipSpace();
  }
  if (src[p] !== ")") return null;
  return { close, dest: unescape(dest), title, end: p + 1 };
}

/** Plain text of a bracket's content (for an image's alt): escapes resolved, markup kept. */
const altText = (s: string) => unescape(s);

/**
 * Inline Markdown of one paragraph (or heading, link text) as React nodes. Newlines become <br>.
 * `inLink`: a link inside link text stays text.
 */
function inline(src: string, depth: number, inLink = false): Out {
  const out: Out = [];
  let text = "";
  const flush = () => {
    if (text) out.push(text);
    text = "";
  };
  const brackets = matchBrackets(src);
  let nextGt = -2; // cached index of the next '>' (autolinks), -1 when there is none
  const ticks = backtickRuns(src);
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (c === "\\" && i + 1 < src.length && PUNCT.test(src[i + 1])) {
      text += src[i + 1];
      i += 2;
      continue;
    }
    if (c === "\n") {
      flush();
      el(out, "br", null);
      i++;
      continue;
    }
    if (c === "`") {
      let n = 1;
      while (src[i + n] === "`") n++;
      const closeAt = ticks.closer(i, n);
      if (closeAt < 0) {
        text += src.slice(i, i + n);
        i += n;
        continue;
      }
      let code = src.slice(i + n, closeAt).replace(/\n/g, " ");
      if (code.length > 2 && code[0] === " " && code[code.length - 1] === " " && code.trim()) code = code.slice(1, -1);
      flush();
      el(out, "code", { className: CLASS.code }, code);
      i = closeAt + n;
      continue;
    }
    const isImage = c === "!" && src[i + 1] === "[";
    if ((isImage || c === "[") && depth < MAX_DEPTH) {
      const open = isImage ? i + 1 : i;
      const link = linkAt(src, open, brackets);
      if (link && (isImage || !inLink)) {
        flush();
        const safe = httpOnlyUrlTransform(link.dest);
        const label = src.slice(open + 1, link.close);
        if (!safe) out.push(src.slice(i, link.end));
        else if (isImage)
          el(out, "img", { src: safe, alt: altText(label), title: link.title, loading: "lazy", decoding: "async", className: CLASS.img });
        else
          el(
            out,
            "a",
            { href: safe, title: link.title, target: "_blank", rel: "noopener noreferrer", className: CLASS.a },
            ...inline(label, depth + 1, true),
          );
        i = link.end;
        continue;
      }
    }
    if (c === "<") {
      if (nextGt !== -1 && nextGt < i) nextGt = src.indexOf(">", i);
      const inner = nextGt > i ? src.slice(i + 1, nextGt) : "";
      if (AUTOLINK.test(inner)) {
        const safe = httpOnlyUrlTransform(inner);
        flush();
        if (safe && !inLink) el(out, "a", { href: safe, target: "_blank", rel: "noopener noreferrer", className: CLASS.a }, inner);
        else out.push(src.slice(i, nextGt + 1));
        i = nextGt + 1;
        continue;
      }
    }
    if ((c === "*" || c === "_") && depth < MAX_DEPTH) {
      const emph = emphasisAt(src, i);
      if (emph) {
        flush();
        el(out, emph.size === 2 ? "strong" : "em", null, ...inline(src.slice(i + emph.size, emph.close), depth + 1, inLink));
        i = emph.close + emph.size;
        continue;
      }
      let n = 1;
      while (src[i + n] === c) n++;
      text += src.slice(i, i + n);
      i += n;
      continue;
    }
    if (c === "&") {
      ENTITY.lastIndex = i;
      const m = ENTITY.exec(src);
      if (m) {
        text += m[3] ? NAMED[m[3]] : codePoint(m[1] ? Number(m[1]) : parseInt(m[2], 16));
        i += m[0].length;
        continue;
      }
    }
    text += c;
    i++;
  }
  flush();
  return out;
}

/** Code-span closers: the next run of exactly `n` backticks after `from`, found in amortized O(1). */
function backtickRuns(src: string) {
  const runs = new Map<number, number[]>();
  for (let i = 0; i < src.length;) {
    if (src[i] !== "`" || src[i - 1] === "\\") {
      i++;
      continue;
    }
    let n = 1;
    while (src[i + n] === "`") n++;
    const list = runs.get(n) ?? [];
    list.push(i);
    runs.set(n, list);
    i += n;
  }
  const cursor = new Map<number, number>();
  return {
    closer(from: number, n: number): number {
      const list = runs.get(n) ?? [];
      let k = cursor.get(n) ?? 0;
      while (k < list.length && list[k] <= from) k++;
      cursor.set(n, k);
      return k < list.length ? list[k] : -1;
    },
  };
}

/** `*em*`, `**strong**` (or with `_`) from `i`: the closer's index and the delimiter size, or null. */
function emphasisAt(src: string, i: number): { close: number; size: number } | null {
  const c = src[i];
  const size = src[i + 1] === c ? 2 : 1;
  const delim = c.repeat(size);
  const after = src[i + size];
  if (!after || /\s/.test(after)) return null;
  if (c === "_" && i > 0 && WORD.test(src[i - 1])) return null;
  const limit = i + size + SCAN_CAP;
  let tries = 0;
  for (let p = src.indexOf(delim, i + size + 1); p !== -1 && p < limit && tries++ < MAX_CLOSERS; p = src.indexOf(delim, p + 1)) {
    if (/\s/.test(src[p - 1])) continue;
    if (size === 1 && (src[p + 1] === c || src[p - 1] === c)) continue;
    if (c === "_" && p + size < src.length && WORD.test(src[p + size])) continue;
    return { close: p, size };
  }
  return null;
}

/** Renders a post body (Markdown) as React nodes. */
export function renderMarkdown(content: string): ReactNode[] {
  const lines = content
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((l) => l.replace(/^\t+/, (t) => "    ".repeat(t.length)));
  return blocks(lines, 0);
}
