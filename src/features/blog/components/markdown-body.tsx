import { Fragment, type ComponentProps, type ReactNode } from "react";
import { compiler, RuleType, type MarkdownToJSX } from "markdown-to-jsx/react";

const HTTP_URL = /^https?:\/\//i;

/** Only absolute http(s) URLs survive; anything else becomes '' and the element is shown as source text. */
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

/** A link: only http(s) targets become an anchor (new tab, no opener/referrer); any other target is shown as `[text](url)`. */
function SafeLink({ href, children }: ComponentProps<"a">) {
  const safe = httpOnlyUrlTransform(href ?? "");
  if (!safe) return <span>[{children}]({href ?? ""})</span>;
  return (
    <a href={safe} target="_blank" rel="noopener noreferrer" className="link link-primary break-words">
      {children}
    </a>
  );
}

/** An image: only http(s) sources load (lazily); any other source is shown as `![alt](src)`. */
function SafeImage({ src, alt, title }: ComponentProps<"img">) {
  const safe = typeof src === "string" ? httpOnlyUrlTransform(src) : "";
  if (!safe) return <span>![{alt ?? ""}]({typeof src === "string" ? src : ""})</span>;
  return <img src={safe} alt={alt ?? ""} title={title} loading="lazy" decoding="async" className="my-4 h-auto max-w-full rounded-lg" />;
}

/** Single newlines inside a paragraph become <br>, like remark-breaks. */
function withBreaks(text: string, key: string | number | undefined): ReactNode {
  const lines = text.split("\n");
  return (
    <Fragment key={key}>
      {lines.map((line, i) => (
        <Fragment key={i}>
          {i > 0 && <br />}
          {line}
        </Fragment>
      ))}
    </Fragment>
  );
}

const OPTIONS: Partial<MarkdownToJSX.Options> = {
  // Raw HTML is never parsed: `<script>`, `<img onerror>` and the like stay text.
  disableParsingRawHTML: true,
  forceBlock: true,
  wrapper: null,
  // URLs reach SafeLink / SafeImage as written, so a refused one can be shown as its source;
  // those two components are the only places an href or src is set.
  sanitizer: (value) => value,
  overrides: {
    a: SafeLink,
    img: SafeImage,
    h1: { props: { className: "mt-8 mb-4 text-3xl font-bold" } },
    h2: { props: { className: "mt-8 mb-3 text-2xl font-bold" } },
    h3: { props: { className: "mt-6 mb-3 text-xl font-semibold" } },
    h4: { props: { className: "mt-4 mb-2 text-lg font-semibold" } },
    p: { props: { className: "my-4 leading-relaxed" } },
    ul: { props: { className: "my-4 list-disc space-y-1 pl-6" } },
    ol: { props: { className: "my-4 list-decimal space-y-1 pl-6" } },
    blockquote: { props: { className: "border-base-300 text-base-content/80 my-4 border-l-4 pl-4 italic" } },
    code: { props: { className: "bg-base-200 rounded px-1 py-0.5 text-sm" } },
    pre: { props: { className: "bg-base-200 my-4 overflow-x-auto rounded-lg p-4 text-sm" } },
    hr: { props: { className: "border-base-300 my-8" } },
  },
  renderRule(next, node, _renderChildren, state) {
    if (node.type === RuleType.text && node.text.includes("\n")) return withBreaks(node.text, state.key);
    return next();
  },
};

/**
 * Renders a blog post body: Markdown with line breaks as <br>; links and images
 * only for http(s) URLs (links open in a new tab); raw HTML and any other URL
 * scheme are shown as text. Raw HTML is never parsed, so nothing in the body executes.
 */
export function MarkdownBody({ content, className }: { content: string; className?: string }) {
  return (
    <div className={className} data-testid="markdown-body">
      {compiler(content, OPTIONS)}
    </div>
  );
}
