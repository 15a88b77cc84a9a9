// The comment bank while reviewing: a ★ button that saves a written comment, and a select that puts a
// saved comment (mine and the active organisation's; the comment's category first) into the field.
import { Star } from "lucide-react";
import type { SavedComment } from "@shared/library.ts";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api-client";
import { useSaveComment, useSavedComments } from "@/lib/library";
import { notify } from "@/lib/notify";
import { LIBRARY_TEXT as T } from "@/components/library/messages";

const same = (a: string, b: string) => a.normalize("NFC").trim() === b.normalize("NFC").trim();
const short = (s: string) => (s.length > 60 ? `${s.slice(0, 59)}…` : s);

/** Saved comments with `category` first, then the rest, each group newest first (as listed). */
export function orderForCategory(comments: readonly SavedComment[], category: string | null): SavedComment[] {
  return [...comments.filter((c) => c.category === category), ...comments.filter((c) => c.category !== category)];
}

/** ★: saves `text` (with `category`) to the bank; filled and disabled once the bank has it. */
export function SaveCommentButton({ text, category, label }: { text: string; category: string | null; label: string }) {
  const comments = useSavedComments();
  const save = useSaveComment();
  const saved = Boolean(text.trim()) && (comments.data ?? []).some((c) => same(c.text, text));
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-label={`${label} ${saved ? T.starred : T.star}`}
      title={saved ? T.starred : T.star}
      aria-pressed={saved}
      disabled={!text.trim() || saved || save.isPending}
      onClick={() =>
        save.mutate(
          { text, category },
          {
            onSuccess: (res) => notify({ title: T.star, description: res.message }),
            onError: (e) => notify({ title: T.starFailed, description: errorMessage(e, T.starFailed), variant: "destructive" }),
          },
        )
      }
    >
      <Star className={saved ? "size-4 fill-current text-warning" : "size-4"} aria-hidden="true" />
    </Button>
  );
}

/** A select of saved comments; choosing one calls `onPick` with its text and goes back to the prompt. */
export function SavedCommentSelect({
  category,
  label,
  onPick,
}: {
  category: string | null;
  label: string;
  onPick: (text: string) => void;
}) {
  const comments = useSavedComments();
  const list = orderForCategory(comments.data ?? [], category);
  return (
    <select
      className="select select-sm w-full min-w-0 sm:w-64"
      aria-label={`${label} ${T.pickComment}`}
      value=""
      disabled={list.length === 0}
      onChange={(e) => {
        const picked = list.find((c) => c.id === e.target.value);
        if (picked) onPick(picked.text);
      }}
    >
      <option value="">{list.length ? T.pickPlaceholder(list.length) : T.noComments}</option>
      {list.map((c) => (
        <option key={c.id} value={c.id} title={c.text}>
          {c.category ? `[${c.category}] ` : ""}
          {short(c.text)}
        </option>
      ))}
    </select>
  );
}
