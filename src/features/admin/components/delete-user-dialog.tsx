import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useDeleteUser } from "@/features/admin/api/delete-user";
import type { AdminUser } from "@/features/admin/api/types";
import { outcomeToasts } from "@/lib/notify-failure";

export interface DeleteUserDialogProps {
  user: AdminUser | null;
  currentUserId: string;
  onClose: () => void;
}

export function DeleteUserDialog({ user, currentUserId, onClose }: DeleteUserDialogProps) {
  const remove = useDeleteUser();
  const self = user?.id === currentUserId;

  const confirm = () => {
    if (!user || self) return;
    remove.mutate(
      user.id,
      outcomeToasts("계정 삭제", "계정 삭제 중 오류가 발생했습니다.", () => `${user.username} 계정이 삭제되었습니다.`, onClose),
    );
  };

  return (
    <ConfirmDialog
      open={Boolean(user)}
      onCancel={onClose}
      title="계정 삭제"
      description={
        user
          ? self
            ? "자신의 계정은 삭제할 수 없습니다."
            : `${user.username} 계정과 관련된 모든 작업, 답안, 분석 결과 및 파일이 영구적으로 삭제됩니다. 정말로 삭제하시겠습니까?`
          : undefined
      }
      confirmLabel="삭제"
      confirmDisabled={self}
      busy={remove.isPending}
      onConfirm={confirm}
    />
  );
}
