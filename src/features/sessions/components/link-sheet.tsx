// 학생 링크 안내문: one block per student (name, 수험번호, the link, its QR code, until when it opens),
// printed on A4 through the report print design (PrintPortal + report-print.css).
import type { StudentLink } from "@shared/bulk.ts";
import { formatSeoulDateOr } from "@shared/format.ts";
import { BULK_UI_MESSAGES as M } from "@/features/sessions/bulk-messages";

/** A link with its QR code (utils/link-sheet.ts qrDataUrl). */
export interface SheetLink extends StudentLink {
  qr: string;
}

export function LinkSheet({ links, title }: { links: SheetLink[]; title?: string | null }) {
  return (
    <div className="link-sheet" data-testid="link-sheet">
      {links.map((l) => {
        const name = l.studentName || M.noName;
        return (
          <article key={l.submissionId} className="link-sheet-block print-avoid-break" data-testid="link-sheet-block" data-url={l.url}>
            <div className="link-sheet-text">
              <p className="link-sheet-caption">{title ? `${M.sheetTitle} · ${title}` : M.sheetTitle}</p>
              <h2 className="link-sheet-name">
                {name}
                {l.studentId && <span className="link-sheet-id"> 수험번호 {l.studentId}</span>}
              </h2>
              <p>{M.sheetIntro}</p>
              <p className="link-sheet-url">{l.url}</p>
              <p className="link-sheet-caption">{M.sheetExpires(formatSeoulDateOr(l.expiresAt, "date", ""))}</p>
            </div>
            <img className="link-sheet-qr" src={l.qr} alt={M.qrAlt(name)} data-testid="link-qr" />
          </article>
        );
      })}
    </div>
  );
}
