import { Link } from "react-router-dom";
import { COMPANY_INFO } from "@/config/company";
import { env } from "@/config/env";
import { paths } from "@/config/paths";
import { seoulYear } from "@shared/format.ts";

export function Footer() {
  const year = seoulYear() ?? new Date().getFullYear();
  return (
    <footer className="mt-auto border-t border-base-300 bg-base-200/60 text-sm text-base-content/70">
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
        <nav aria-label="바닥글 메뉴" className="flex flex-wrap gap-x-5 gap-y-2 font-medium text-base-content">
          <Link to={paths.blog.getHref()} className="link-hover link">
            블로그
          </Link>
          <a href={env.COMPANY_URL} target="_blank" rel="noopener noreferrer" className="link-hover link">
            회사 소개
          </a>
          <Link to={paths.privacy.getHref()} className="link-hover link font-semibold">
            개인정보처리방침
          </Link>
          <Link to={paths.terms.getHref()} className="link-hover link">
            이용약관
          </Link>
        </nav>
        <address className="mt-5 space-y-1 not-italic leading-relaxed" aria-label="사업자 정보">
          <p>
            <span>상호: {COMPANY_INFO.name}</span>
            <span className="mx-2 opacity-40">|</span>
            <span>대표: {COMPANY_INFO.ceo}</span>
            <span className="mx-2 opacity-40">|</span>
            <span>사업자등록번호: {COMPANY_INFO.businessNumber}</span>
            <span className="mx-2 opacity-40">|</span>
            <span>통신판매업신고: {COMPANY_INFO.mailOrderNumber}</span>
          </p>
          <p>
            <span>주소: {COMPANY_INFO.address}</span>
            <span className="mx-2 opacity-40">|</span>
            <span>
              이메일:{" "}
              <a href={`mailto:${COMPANY_INFO.email}`} className="link-hover link">
                {COMPANY_INFO.email}
              </a>
            </span>
            <span className="mx-2 opacity-40">|</span>
            <span>고객센터: {COMPANY_INFO.phone}</span>
          </p>
        </address>
        <p className="mt-4 text-xs">
          © {year} {COMPANY_INFO.name}
        </p>
      </div>
    </footer>
  );
}
