import { ArrowRight } from "lucide-react";
import { Link } from "react-router-dom";
import { paths } from "@/config/paths";

export const TRY_CTA_LABEL = "내 학생 답안으로 무료 첨삭 체험하기";

/** The end of a post: an invitation to try the product (the workspace; signed out, the landing's guest start). */
export function TryProductCta() {
  return (
    <aside className="mt-12 rounded-box border border-primary/30 bg-primary/5 p-6" aria-labelledby="try-cta-title" data-testid="post-cta">
      <h2 id="try-cta-title" className="text-lg font-semibold">
        AI 첨삭, 직접 해 보세요
      </h2>
      <p className="mt-1 text-sm text-base-content/75">
        논술 문제와 학생 답안을 올리면 영역별 점수와 문장별 첨삭이 담긴 리포트가 바로 만들어집니다. 회원가입 없이 3회 무료입니다.
      </p>
      <Link to={paths.home.getHref()} className="btn btn-primary mt-4">
        {TRY_CTA_LABEL}
        <ArrowRight className="size-4" aria-hidden="true" />
      </Link>
    </aside>
  );
}
