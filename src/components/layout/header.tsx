import { lazy, Suspense } from "react";
import { Link, NavLink, useLocation } from "react-router-dom";
import { BrandLogo } from "@/components/layout/brand-logo";
import { ThemeToggle } from "@/components/layout/theme-toggle";
import { paths } from "@/config/paths";
import { useAuth } from "@/lib/auth";

// The signed-in header (links, usage badge, logout) comes with TanStack Query; a visitor's first page needs neither.
const MemberHeader = lazy(async () => {
  const [{ MemberHeader: Member }, { QueryProvider }] = await Promise.all([
    import("@/components/layout/member-header"),
    import("@/lib/query-provider"),
  ]);
  return {
    default: function SignedInHeader() {
      return (
        <QueryProvider>
          <Member />
        </QueryProvider>
      );
    },
  };
});

/**
 * The header of a visitor: the brand, 블로그, 로그인, and 무료로 시작 (the landing, where the guest
 * trial starts; left out on the landing itself and on phones, where the landing and posts carry it).
 */
function VisitorHeader() {
  const { pathname } = useLocation();
  const onLanding = pathname === paths.home.path;
  return (
    <header className="sticky top-0 z-40 border-b border-base-300 bg-base-100/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 sm:px-6">
        <BrandLogo />
        <nav aria-label="방문자 메뉴" className="flex shrink-0 items-center gap-1 sm:gap-2">
          <NavLink
            to={paths.blog.getHref()}
            className={({ isActive }) => `btn btn-ghost btn-sm px-2 sm:px-3 ${isActive ? "btn-active" : ""}`}
          >
            블로그
          </NavLink>
          <Link to={paths.login.getHref()} className="btn btn-outline btn-sm px-2 sm:px-3">
            로그인
          </Link>
          {!onLanding && (
            <Link to={paths.home.getHref()} className="btn btn-primary btn-sm hidden sm:inline-flex">
              무료로 시작
            </Link>
          )}
          <ThemeToggle />
        </nav>
      </div>
    </header>
  );
}

export function Header() {
  const { user } = useAuth();
  if (!user) return <VisitorHeader />;
  return (
    <Suspense fallback={<VisitorHeader />}>
      <MemberHeader />
    </Suspense>
  );
}
