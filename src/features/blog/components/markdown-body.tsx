import type { ReactNode } from "react";
import Markdown, { type Components, type ExtraProps } from "react-markdown";
import remarkBreaks from "remark-breaks";

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

function sourceOf(content: string, node: ExtraProps["node"], fallback: ReactNode): ReactNode {
  const start = node?.position?.start.offset;
  const end = node?.position?.end.offset;
  if (typeof start === "number" && typeof end === "number") return content.slice(start, end);
  return fallback;
}

function buildComponents(content: string): Components {
  return {
    a({ node, href, children }) {
      if (!href) return <span>{sourceOf(content, node, children)}</span>;
      return (
        <a href={href} target="_blank" rel="noopener noreferrer" className="link link-primary break-words">
          {children}
        </a>
      );
    },
    img({ node, src, alt, title }) {
      if (!src || typeof src !== "string") return <span>{sourceOf(content, node, alt ?? "")}</span>;
      return <img src={src} alt={alt ?? ""} title={title} loading="lazy" decoding="async" className="my-4 h-auto max-w-full rounded-lg" />;
    },
    h1: ({ children }) => <h1 className="mt-8 mb-4 text-3xl font-bold">{children}</h1>,
    h2: ({ children }) => <h2 className="mt-8 mb-3 text-2xl font-bold">{children}</h2>,
    h3: ({ children }) => <h3 className="mt-6 mb-3 text-xl font-semibold">{children}</h3>,
    h4: ({ children }) => <h4 className="mt-4 mb-2 text-lg font-semibold">{children}</h4>,
    p: ({ children }) => <p className="my-4 leading-relaxed">{children}</p>,
    ul: ({ children }) => <ul className="my-4 list-disc space-y-1 pl-6">{children}</ul>,
    ol: ({ children }) => <ol className="my-4 list-decimal space-y-1 pl-6">{children}</ol>,
    blockquote: ({ children }) => (
      <blockquote className="border-base-300 text-base-content/80 my-4 border-l-4 pl-4 italic">{children}</blockquote>
    ),
    code: ({ children }) => <code className="bg-base-200 rounded px-1 py-0.5 text-sm">{children}</code>,
    pre: ({ children }) => <pre className="bg-base-200 my-4 overflow-x-auto rounded-lg p-4 text-sm">{children}</pre>,
    hr: () => <hr className="border-base-300 my-8" />,
  };
}

/**
 * Renders a blog post body: Markdown with line breaks as <br>; links and images
 * only for http(s) URLs (links open in a new tab); raw HTML and any other URL
 * scheme are shown as text. No rehype-raw, so nothing in the body executes.
 */
export function MarkdownBody({ content, className }: { content: string; className?: string }) {
  return (
    <div className={className} data-testid="markdown-body">
      <Markdown
        remarkPlugins={[remarkBreaks]}
        urlTransform={httpOnlyUrlTransform}
        skipHtml={false}
        components={buildComponents(content)}
      >
        {content}
      </Markdown>
    </div>
  );
}
