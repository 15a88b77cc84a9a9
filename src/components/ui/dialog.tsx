import { useEffect, useId, useRef, type ReactNode } from "react";
import { cn } from "@/components/ui/cn";

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  className?: string;
}

export function Dialog({ open, onOpenChange, title, description, children, footer, className }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === "function") dialog.showModal();
      else dialog.setAttribute("open", "");
    } else if (!open && dialog.open) {
      if (typeof dialog.close === "function") dialog.close();
      else dialog.removeAttribute("open");
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClose={() => onOpenChange(false)}
      onCancel={(event) => {
        event.preventDefault();
        onOpenChange(false);
      }}
    >
      {open && (
        <div className={cn("modal-box", className)}>
          <button
            type="button"
            className="btn btn-circle btn-ghost btn-sm absolute top-3 right-3"
            aria-label="닫기"
            onClick={() => onOpenChange(false)}
          >
            ✕
          </button>
          <h3 id={titleId} className="pr-8 text-lg font-bold">
            {title}
          </h3>
          {description && (
            <div id={descriptionId} className="mt-2 text-sm text-base-content/70">
              {description}
            </div>
          )}
          {children && <div className="mt-4">{children}</div>}
          {footer && <div className="modal-action">{footer}</div>}
        </div>
      )}
      <form method="dialog" className="modal-backdrop">
        <button type="submit" aria-label="닫기" tabIndex={-1}>
          닫기
        </button>
      </form>
    </dialog>
  );
}
