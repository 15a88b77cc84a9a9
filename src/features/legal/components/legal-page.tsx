import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { paths } from "@/config/paths";
import { PageMeta, SITE_NAME } from "@/components/layout/page-meta";

export const LEGAL_EFFECTIVE_DATE = "2024년 10월 24일";

export interface LegalPageProps {
  title: string;
  intro: ReactNode;
  children: ReactNode;
}

function BackHome() {
  return (
    <Link to={paths.home.getHref()} className="btn btn-outline btn-sm gap-1.5">
      <ArrowLeft className="size-4" aria-hidden="true" />
      홈으로 돌아가기
    </Link>
  );
}

export function LegalPage({ title, intro, children }: LegalPageProps) {
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6">
      <PageMeta title={`${title} | ${SITE_NAME}`} />
      <div className="mb-6">
        <BackHome />
      </div>
      <header className="border-b border-base-300 pb-6">
        <h1 className="text-3xl font-extrabold tracking-tight">{title}</h1>
        <p className="mt-3 text-sm text-base-content/70">
          시행일: {LEGAL_EFFECTIVE_DATE} · 최종 개정일: {LEGAL_EFFECTIVE_DATE}
        </p>
      </header>
      <div className="legal-prose mt-6 text-[15px] text-base-content/90">
        <div className="my-3 leading-relaxed">{intro}</div>
        {children}
      </div>
      <div className="mt-12 border-t border-base-300 pt-6">
        <BackHome />
      </div>
    </article>
  );
}
