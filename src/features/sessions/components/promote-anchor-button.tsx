import { useMutation, useQueryClient } from "@tanstack/react-query";
import { BookmarkPlus } from "lucide-react";
import type { AnchorAnswerJson } from "@shared/anchors.ts";
import { Button } from "@/components/ui/button";
import { api, errorMessage } from "@/lib/api-client";
import { notify } from "@/lib/notify";

/** POST /submissions/{id}/anchor: the reviewed answer, with its final scores, becomes a 기준 답안 of its session. */
function promoteToAnchor(submissionId: string) {
  return api.post<AnchorAnswerJson & { message: string }>(`/submissions/${encodeURIComponent(submissionId)}/anchor`);
}

/** 기준 답안으로: one click on a reviewed answer (the server refuses the rest in Korean). */
export function PromoteAnchorButton({ submissionId, reviewed }: { submissionId: string; reviewed: boolean }) {
  const queryClient = useQueryClient();
  const promote = useMutation({
    mutationFn: () => promoteToAnchor(submissionId),
    // Every session's anchor list (the answer's session is among them).
    onSuccess: () => queryClient.invalidateQueries({ predicate: (q) => q.queryKey.at(-1) === "anchors" }),
  });
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={!reviewed}
      loading={promote.isPending}
      title={reviewed ? "검토한 점수로 이 답안을 기준 답안에 추가합니다" : "검토 완료한 답안만 기준 답안으로 만들 수 있습니다."}
      data-testid="promote-anchor"
      onClick={() =>
        promote.mutate(undefined, {
          onSuccess: (a) => notify({ title: "기준 답안에 추가했습니다.", description: a.message }),
          onError: (e) => notify({ title: "기준 답안으로 만들지 못했습니다.", description: errorMessage(e, ""), variant: "destructive" }),
        })
      }
    >
      <BookmarkPlus className="size-4" aria-hidden="true" />
      기준 답안으로
    </Button>
  );
}
