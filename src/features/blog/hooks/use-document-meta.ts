import { useEffect } from "react";

export interface DocumentMeta {
  title?: string | null;
  description?: string | null;
  image?: string | null;
  type?: "website" | "article";
}

type MetaKey = { attr: "name" | "property"; key: string };

function upsertMeta({ attr, key }: MetaKey, content: string | null | undefined): () => void {
  if (!content) return () => {};
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  const created = !el;
  const previous = el?.getAttribute("content") ?? null;
  if (!el) {
    el = document.createElement("meta");
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.setAttribute("content", content);
  const target = el;
  return () => {
    if (created) target.remove();
    else if (previous !== null) target.setAttribute("content", previous);
  };
}

/** Sets <title>, meta description and Open Graph tags while mounted; restores the previous values after. */
export function useDocumentMeta({ title, description, image, type = "website" }: DocumentMeta) {
  useEffect(() => {
    const previousTitle = document.title;
    if (title) document.title = title;
    const undo = [
      upsertMeta({ attr: "name", key: "description" }, description),
      upsertMeta({ attr: "property", key: "og:title" }, title),
      upsertMeta({ attr: "property", key: "og:description" }, description),
      upsertMeta({ attr: "property", key: "og:type" }, title ? type : null),
      upsertMeta({ attr: "property", key: "og:image" }, image),
      upsertMeta({ attr: "name", key: "twitter:title" }, title),
      upsertMeta({ attr: "name", key: "twitter:description" }, description),
    ];
    return () => {
      document.title = previousTitle;
      for (const fn of undo.reverse()) fn();
    };
  }, [title, description, image, type]);
}
