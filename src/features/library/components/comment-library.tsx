// The 코멘트 은행 section of the library page: a short form adding a comment (with a category, shared with
// the active organisation or not) and the saved comments, each deletable after a confirmation.
import { useId, useState } from "react";
import { COMMENT_KINDS, commentInputSchema, LIBRARY_LIMITS, type SavedComment } from "@shared/library.ts";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Label } from "@/components/ui/label";
import { EmptyState } from "@/components/ui/section";
import { Select } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";
import { errorMessage } from "@/lib/api-client";
import { activeOrgId, useDeleteComment, useSaveComment } from "@/lib/library";
import { notify } from "@/lib/notify";
import { LIBRARY_PAGE_TEXT as T } from "@/features/library/messages";

function NewCommentForm() {
  const id = useId();
  const [text, setText] = useState("");
  const [category, setCategory] = useState("");
  const [shared, setShared] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveComment();
  const inOrg = Boolean(activeOrgId());
  const submit = () => {
    const parsed = commentInputSchema.safeParse({ text, category: category || null, shared: inOrg && shared });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? T.actionFailed);
    setError(null);
    save.mutate(parsed.data, {
      onSuccess: (res) => {
        notify({ title: T.commentsTitle, description: res.message });
        setText("");
      },
      onError: (e) => setError(errorMessage(e, T.actionFailed)),
    });
  };
  return (
    <form
      className="flex flex-col gap-3"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div>
        <Label htmlFor={`${id}-text`}>{T.newComment}</Label>
        <Textarea
          id={`${id}-text`}
          rows={2}
          value={text}
          maxLength={LIBRARY_LIMITS.commentChars}
          invalid={!!error}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setText(e.target.value)}
        />
        {error && (
          <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-error">
            {error}
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-end gap-4">
        <div className="w-40">
          <Label htmlFor={`${id}-category`}>{T.category}</Label>
          <Select
            id={`${id}-category`}
            value={category}
            onChange={(e) => setCategory(e.target.value)}
            options={[{ value: "", label: T.noCategory }, ...COMMENT_KINDS.map((k) => ({ value: k, label: k }))]}
          />
        </div>
        {inOrg && <Switch checked={shared} onCheckedChange={setShared} label={T.share} />}
        <Button type="submit" variant="outline" size="sm" className="ml-auto" loading={save.isPending}>
          {T.addComment}
        </Button>
      </div>
    </form>
  );
}

export function CommentLibrary({ comments }: { comments: SavedComment[] }) {
  const [deleting, setDeleting] = useState<SavedComment | null>(null);
  const remove = useDeleteComment();
  const confirmDelete = () =>
    deleting &&
    remove.mutate(deleting.id, {
      onSuccess: (res) => notify({ title: T.commentsTitle, description: res.message }),
      onError: (e) => notify({ title: T.actionFailed, description: errorMessage(e, T.actionFailed), variant: "destructive" }),
      onSettled: () => setDeleting(null),
    });
  return (
    <div className="space-y-6" data-testid="comment-library">
      <NewCommentForm />
      {comments.length === 0 ? (
        <EmptyState title={T.noCommentsTitle}>{T.noCommentsBody}</EmptyState>
      ) : (
        <ul className="divide-y divide-base-300 border-y border-base-300">
          {comments.map((c) => (
            <li key={c.id} className="flex items-start gap-3 py-3">
              <div className="min-w-0 flex-1 space-y-1">
                <p className="text-sm break-words whitespace-pre-wrap">{c.text}</p>
                {(c.category || c.shared) && (
                  <p className="flex flex-wrap gap-2">
                    {c.category && (
                      <Badge size="sm" variant="ghost">
                        {c.category}
                      </Badge>
                    )}
                    {c.shared && <Badge size="sm">{T.sharedBadge}</Badge>}
                  </p>
                )}
              </div>
              {c.canDelete && (
                <Button
                  variant="ghost"
                  size="sm"
                  className="shrink-0 text-error"
                  aria-label={T.removeLabel(c.text.slice(0, 20))}
                  onClick={() => setDeleting(c)}
                >
                  {T.remove}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={T.removeCommentTitle}
        description={deleting?.text}
        confirmLabel={T.remove}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
