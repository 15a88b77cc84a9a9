import { useState, type DragEvent } from "react";

/**
 * Drag-and-drop state for a file drop target: `dragOver` while files hover over it, and the
 * handlers to spread on the element. Dropped files go to `onFiles` (never called with none).
 */
export function useFileDrag(onFiles: (files: File[]) => void, disabled = false) {
  const [dragOver, setDragOver] = useState(false);
  const enter = (event: DragEvent) => {
    event.preventDefault();
    if (!disabled) setDragOver(true);
  };
  const dragProps = {
    onDragOver: enter,
    onDragEnter: enter,
    onDragLeave: () => setDragOver(false),
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      setDragOver(false);
      const files = Array.from(event.dataTransfer.files ?? []);
      if (files.length) onFiles(files);
    },
  };
  return { dragOver, dragProps };
}
