import { renderMarkdown } from "@/features/blog/lib/markdown";

/**
 * Renders a blog post body: Markdown with line breaks as <br>; links and images
 * only for http(s) URLs (links open in a new tab); raw HTML and any other URL
 * scheme are shown as text. Built as React elements, so nothing in the body executes.
 */
export function MarkdownBody({ content, className }: { content: string; className?: string }) {
  return (
    <div className={className} data-testid="markdown-body">
      {renderMarkdown(content)}
    </div>
  );
}
