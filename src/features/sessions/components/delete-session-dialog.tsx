import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";

export interface DeleteSessionDialogProps {
  open: boolean;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

export function DeleteSessionDialog({ open, busy, onCancel, onConfirm }: DeleteSessionDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onCancel()}
      title="작업 삭제"
      description="이 작업과 관련된 모든 답안 및 분석 결과가 영구적으로 삭제됩니다. 정말로 삭제하시겠습니까?"
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
