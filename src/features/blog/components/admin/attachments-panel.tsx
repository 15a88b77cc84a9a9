import { Copy, Paperclip, Trash2, Upload } from "lucide-react";
import { useRef } from "react";
import { BLOG_ATTACHMENT_ACCEPT, BLOG_ATTACHMENT_MAX_BYTES, BLOG_MESSAGES, formatKb, type BlogAttachmentJson } from "@shared/blog.ts";
import { errorMessage } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardDescription, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { useDeleteAttachment } from "@/features/blog/api/delete-attachment";
import { useAttachments } from "@/features/blog/api/get-attachments";
import { useUploadAttachment } from "@/features/blog/api/upload-attachment";
import { AttachmentIcon } from "@/features/blog/components/attachment-list";

/** `![name](url)` for images, `[name](url)` for documents. */
export function attachmentMarkdown(a: Pick<BlogAttachmentJson, "filename" | "url" | "fileType">): string {
  const label = a.filename.replace(/[[\]]/g, "");
  return a.fileType === "image" ? `![${label}](${a.url})` : `[${label}](${a.url})`;
}

async function copyText(text: string) {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      /* fall back below */
    }
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand("copy");
  area.remove();
  if (!ok) throw new Error("클립보드에 복사할 수 없습니다.");
}

export interface AttachmentsPanelProps {
  /** The post being edited; null while writing a new post (uploads are temporary until it is created). */
  postId: string | null;
  tempAttachments: BlogAttachmentJson[];
  onTempAttachmentsChange: (next: BlogAttachmentJson[]) => void;
}

export function AttachmentsPanel({ postId, tempAttachments, onTempAttachmentsChange }: AttachmentsPanelProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const saved = useAttachments(postId ?? undefined);
  const upload = useUploadAttachment();
  const remove = useDeleteAttachment();
  const items = postId ? (saved.data ?? []) : tempAttachments;
  // Uploads run one after another; always extend the latest temp list.
  const latest = useRef(tempAttachments);
  latest.current = tempAttachments;

  const onFiles = async (files: FileList | null) => {
    const list = Array.from(files ?? []);
    if (inputRef.current) inputRef.current.value = "";
    for (const file of list) {
      if (file.size > BLOG_ATTACHMENT_MAX_BYTES) {
        notify({ title: "업로드 실패", description: BLOG_MESSAGES.fileTooLarge, variant: "destructive" });
        continue;
      }
      try {
        const attachment = await upload.mutateAsync({ postId, file });
        if (!postId) {
          latest.current = [...latest.current, attachment];
          onTempAttachmentsChange(latest.current);
        }
        notify({ title: "파일 업로드 완료", description: `${file.name} 파일이 성공적으로 업로드되었습니다.` });
      } catch (error) {
        notify({ title: "업로드 실패", description: errorMessage(error, "파일 업로드에 실패했습니다."), variant: "destructive" });
      }
    }
  };

  const onDelete = (a: BlogAttachmentJson) => {
    if (!window.confirm(`'${a.filename}' 파일을 삭제하시겠습니까?`)) return;
    remove.mutate(
      { id: a.id, postId },
      {
        onSuccess: () => {
          if (!postId) {
            onTempAttachmentsChange(latest.current.filter((t) => t.id !== a.id));
            notify({ title: "파일 삭제 완료", description: "임시 파일이 삭제되었습니다" });
          } else {
            notify({ title: "파일 삭제 완료", description: `${a.filename} 파일이 삭제되었습니다.` });
          }
        },
        onError: (error) =>
          notify({ title: "삭제 실패", description: errorMessage(error, "파일 삭제에 실패했습니다."), variant: "destructive" }),
      },
    );
  };

  const onCopy = async (a: BlogAttachmentJson) => {
    try {
      await copyText(attachmentMarkdown(a));
      notify({ title: "URL 복사 완료", description: "마크다운을 본문에 붙여 넣으세요." });
    } catch (error) {
      notify({ title: "복사 실패", description: errorMessage(error, "클립보드에 복사할 수 없습니다."), variant: "destructive" });
    }
  };

  return (
    <Card>
      <CardBody>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <CardTitle className="text-lg">
              <Paperclip className="size-5" aria-hidden="true" />
              첨부파일
            </CardTitle>
            <CardDescription>
              이미지, PDF, TXT, DOCX (최대 10MB). {postId ? "이 글에 바로 첨부됩니다." : "글을 작성하면 함께 저장됩니다."}
            </CardDescription>
          </div>
          <Button size="sm" variant="outline" loading={upload.isPending} onClick={() => inputRef.current?.click()}>
            {!upload.isPending && <Upload className="size-4" aria-hidden="true" />}
            파일 업로드
          </Button>
          <input
            ref={inputRef}
            type="file"
            multiple
            accept={BLOG_ATTACHMENT_ACCEPT}
            className="hidden"
            data-testid="attachment-input"
            aria-label="첨부파일 선택"
            onChange={(e) => void onFiles(e.target.files)}
          />
        </div>

        {postId && saved.isPending ? (
          <Spinner size="sm" label="첨부파일을 불러오는 중..." />
        ) : postId && saved.isError ? (
          <p className="text-sm text-error">첨부파일을 불러올 수 없습니다.</p>
        ) : items.length === 0 ? (
          <p className="text-sm text-base-content/70">첨부된 파일이 없습니다.</p>
        ) : (
          <ul className="divide-y divide-base-300" data-testid="admin-attachments">
            {items.map((a) => (
              <li key={a.id} className="flex flex-wrap items-center gap-3 py-2">
                <AttachmentIcon fileType={a.fileType} />
                <a href={a.url} target="_blank" rel="noopener noreferrer" className="link min-w-0 flex-1 truncate">
                  {a.filename}
                </a>
                <span className="text-sm text-base-content/70">{formatKb(a.fileSize)}</span>
                <Button size="xs" variant="ghost" onClick={() => void onCopy(a)} title="마크다운 복사">
                  <Copy className="size-3.5" aria-hidden="true" />
                  {a.fileType === "image" ? "이미지 마크다운 복사" : "링크 마크다운 복사"}
                </Button>
                <Button size="xs" variant="ghost" className="text-error" onClick={() => onDelete(a)} aria-label={`${a.filename} 삭제`}>
                  <Trash2 className="size-3.5" aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}
