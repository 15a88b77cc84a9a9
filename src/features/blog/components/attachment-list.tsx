import { Download, FileText, Image as ImageIcon, Paperclip } from "lucide-react";
import { attachmentDownloadUrl, formatKb, type BlogAttachmentJson } from "@shared/blog-display.ts";

export function AttachmentIcon({ fileType }: { fileType: string }) {
  return fileType === "image" ? (
    <ImageIcon className="size-5 shrink-0 text-info" aria-label="이미지" />
  ) : (
    <FileText className="size-5 shrink-0 text-secondary" aria-label="문서" />
  );
}

/** The public post's 첨부파일 section (hidden when there is nothing to show). */
export function AttachmentList({ attachments }: { attachments: BlogAttachmentJson[] }) {
  if (attachments.length === 0) return null;
  return (
    <section className="mt-10 rounded-box border border-base-300 p-5" aria-labelledby="attachments-title">
      <h2 id="attachments-title" className="mb-3 flex items-center gap-2 text-lg font-semibold">
        <Paperclip className="size-5" aria-hidden="true" />
        첨부파일
      </h2>
      <ul className="divide-y divide-base-300" data-testid="attachment-list">
        {attachments.map((a) => (
          <li key={a.id} className="flex items-center gap-3 py-2.5">
            <AttachmentIcon fileType={a.fileType} />
            <span className="min-w-0 flex-1 truncate">{a.filename}</span>
            <span className="shrink-0 text-sm text-base-content/70">{formatKb(a.fileSize)}</span>
            <a
              href={attachmentDownloadUrl(a.url, a.filename)}
              className="btn btn-ghost btn-sm"
              target="_blank"
              rel="noopener noreferrer"
              download={a.filename}
              aria-label={`${a.filename} 다운로드`}
            >
              <Download className="size-4" aria-hidden="true" />
              다운로드
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
