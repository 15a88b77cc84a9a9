import { useEffect, useLayoutEffect, useState, type ReactNode } from "react";
import { createPortal, flushSync } from "react-dom";
import "./report-print.css";

/**
 * Renders `children` into a print-only container at the end of <body> and marks the body
 * (`data-printing`), so that the print stylesheet prints that container and nothing of the app.
 * On screen the container is not displayed.
 */
export function PrintPortal({ children, label }: { children: ReactNode; label: string }) {
  const [host] = useState(() => {
    const el = document.createElement("div");
    el.className = "print-root";
    el.dataset.printRoot = "";
    el.dataset.testid = "print-root";
    el.dataset.theme = "light";
    return el;
  });
  useLayoutEffect(() => {
    host.setAttribute("aria-label", label);
    document.body.appendChild(host);
    document.body.dataset.printing = "true";
    return () => {
      host.remove();
      if (!document.body.querySelector(":scope > .print-root")) delete document.body.dataset.printing;
    };
  }, [host, label]);
  return createPortal(children, host);
}

/**
 * A print job: `start()` mounts the print content (`printing` turns true) and opens the browser's
 * print dialog once it is in the document; the content goes away on `afterprint`. With
 * `onBrowserPrint`, printing from the browser menu (Ctrl+P) also mounts it first (`beforeprint`).
 */
export function usePrintJob({ onBrowserPrint = false }: { onBrowserPrint?: boolean } = {}) {
  const [printing, setPrinting] = useState(false);
  const [requested, setRequested] = useState(0);

  useEffect(() => {
    if (requested > 0) window.print();
  }, [requested]);

  useEffect(() => {
    const before = () => {
      if (onBrowserPrint) flushSync(() => setPrinting(true));
    };
    const after = () => setPrinting(false);
    window.addEventListener("beforeprint", before);
    window.addEventListener("afterprint", after);
    return () => {
      window.removeEventListener("beforeprint", before);
      window.removeEventListener("afterprint", after);
    };
  }, [onBrowserPrint]);

  return {
    printing,
    start: () => {
      setPrinting(true);
      setRequested((n) => n + 1);
    },
  };
}
