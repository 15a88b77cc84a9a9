import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";

export interface DeleteSubmissionDialogProps {
  open: boolean;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

export function DeleteSubmissionDialog({ open, busy, onCancel, onConfirm }: DeleteSubmissionDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && !busy && onCancel()}
      title="답안 삭제"
      description="이 답안과 분석 결과가 영구적으로 삭제됩니다."
      footer={
        <>
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            취소
          </Button>
          <Button variant="destructive" onClick={onConfirm} loading={busy}>
            삭제
          </Button>
        </>
      }
    />
  );
}
