// The member list's controls: which accounts (회원 / 게스트 / 전체) and a search by username, email
// or name (sent to the server when submitted), with how many accounts match.
import { Search } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Toolbar } from "@/components/ui/section";
import type { UserKind } from "@/features/admin/api/types";

export const USER_KIND_LABELS: Record<UserKind, string> = { member: "회원", guest: "게스트", all: "전체" };
const KINDS: UserKind[] = ["member", "guest", "all"];

export function MemberListToolbar({
  kind,
  q,
  onKind,
  onSearch,
}: {
  kind: UserKind;
  q: string;
  onKind: (kind: UserKind) => void;
  onSearch: (q: string) => void;
}) {
  const [text, setText] = useState(q);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(text.trim());
  };
  return (
    <Toolbar className="justify-between gap-4">
      <div className="join" role="group" aria-label="회원 구분">
        {KINDS.map((k) => (
          <Button
            key={k}
            size="sm"
            variant="outline"
            className={`join-item ${k === kind ? "btn-active" : ""}`}
            aria-pressed={k === kind}
            onClick={() => onKind(k)}
          >
            {USER_KIND_LABELS[k]}
          </Button>
        ))}
      </div>
      <form role="search" className="flex w-full items-center gap-2 sm:w-auto" onSubmit={submit}>
        <span className="block w-full sm:w-72">
          <Input
            type="search"
            className="input-sm"
            maxLength={100}
            placeholder="사용자명, 이메일, 이름"
            aria-label="회원 검색 (사용자명, 이메일, 이름)"
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              if (e.target.value === "" && q !== "") onSearch("");
            }}
          />
        </span>
        <Button type="submit" size="sm" variant="outline">
          <Search className="size-4" aria-hidden="true" />
          검색
        </Button>
      </form>
    </Toolbar>
  );
}
