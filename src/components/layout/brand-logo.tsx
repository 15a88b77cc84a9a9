import { SparklesIcon as Sparkles } from "@/components/layout/shell-icons";
import { env } from "@/config/env";

export function BrandLogo() {
  const external = /^https?:\/\//.test(env.MARKETING_URL);
  return (
    <a href={env.MARKETING_URL} className="flex min-w-0 items-center gap-3" {...(external ? { rel: "noopener" } : {})}>
      <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-primary text-primary-content shadow-sm">
        <Sparkles className="size-5" aria-hidden="true" />
      </span>
      <span className="flex min-w-0 flex-col leading-tight">
        <span className="truncate text-lg font-bold tracking-tight">
          AI 논술 첨삭 <span className="sr-only">홈</span>
        </span>
        <span className="hidden truncate text-xs text-base-content/70 sm:block" aria-hidden="true">
          AI와 함께하는 논술 첨삭의 새로운 경험
        </span>
      </span>
    </a>
  );
}
