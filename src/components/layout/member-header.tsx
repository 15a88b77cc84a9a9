import { BookOpen, Building2, FileText, LogOut, Menu, Newspaper, School, Sparkles, Users, UserRound, X } from "lucide-react";
import { useState } from "react";
import { Link, NavLink } from "react-router-dom";
import { BrandLogo } from "@/components/layout/brand-logo";
import { OrgSwitch } from "@/components/layout/org-switch";
import { ThemeToggle } from "@/components/layout/theme-toggle";
import { UsageBadge } from "@/components/layout/usage-badge";
import { paths } from "@/config/paths";
import { useAuth } from "@/lib/auth";
import { isAtUsageLimit, useUsageStatus } from "@/lib/usage";

/**
 * The admin links show their icon alone in the bar between 1024 and 1536 px (the name stays for screen readers
 * and as the tooltip), so an admin's eight links leave room for the usage badge; the phone menu names them.
 */
const adminLabel = "lg:sr-only 2xl:not-sr-only";
const navClass = ({ isActive }: { isActive: boolean }) => `btn btn-ghost btn-sm gap-1.5 font-medium ${isActive ? "btn-active" : ""}`;

/** The header of a signed-in user (loaded with the first signed-in page: it needs TanStack Query for the usage badge). */
export function MemberHeader() {
  const { user, logout } = useAuth();
  const { data: usage } = useUsageStatus();
  const [menuOpen, setMenuOpen] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const isAdmin = user?.isAdmin === 1;
  const plansLabel = isAtUsageLimit(usage) ? "업그레이드" : "구독 플랜";
  // The display name when the teacher has one (class-view), otherwise the username.
  const userLabel = user ? (user.isGuest === 1 ? "게스트 사용자" : user.displayName?.trim() || user.username) : null;

  const handleLogout = async () => {
    setLoggingOut(true);
    setMenuOpen(false);
    try {
      await logout();
    } finally {
      setLoggingOut(false);
    }
  };

  const links = user ? (
    <>
      <NavLink to={paths.myWork.getHref()} className={navClass} onClick={() => setMenuOpen(false)}>
        <FileText className="size-4" aria-hidden="true" />내 작업
      </NavLink>
      {user.isGuest !== 1 && (
        <NavLink to={paths.classes.getHref()} className={navClass} onClick={() => setMenuOpen(false)}>
          <School className="size-4" aria-hidden="true" />반 관리
        </NavLink>
      )}
      {user.isGuest !== 1 && (
        <NavLink to={paths.org.getHref()} className={navClass} onClick={() => setMenuOpen(false)}>
          <Building2 className="size-4" aria-hidden="true" />
          기관
        </NavLink>
      )}
      {user.isGuest !== 1 && (
        <NavLink to={paths.library.getHref()} className={navClass} title="평가 기준 보관함" onClick={() => setMenuOpen(false)}>
          <BookOpen className="size-4" aria-hidden="true" />
          보관함
        </NavLink>
      )}
      <NavLink
        to={paths.plans.getHref()}
        className={({ isActive }) => `${navClass({ isActive })} ${isAtUsageLimit(usage) ? "text-error" : ""}`}
        onClick={() => setMenuOpen(false)}
      >
        <Sparkles className="size-4" aria-hidden="true" />
        {plansLabel}
      </NavLink>
      {isAdmin && (
        <>
          <NavLink to={paths.adminBlog.getHref()} className={navClass} title="블로그 관리" onClick={() => setMenuOpen(false)}>
            <Newspaper className="size-4" aria-hidden="true" />
            <span className={adminLabel}>블로그 관리</span>
          </NavLink>
          <NavLink to={paths.adminUsers.getHref()} className={navClass} title="회원 관리" onClick={() => setMenuOpen(false)}>
            <Users className="size-4" aria-hidden="true" />
            <span className={adminLabel}>회원 관리</span>
          </NavLink>
        </>
      )}
    </>
  ) : null;

  /** The same button in the bar (wide screens) and at the foot of the mobile menu. */
  const logoutButton = (place: string) => (
    <button type="button" className={`btn btn-outline btn-sm gap-1.5 ${place}`} onClick={handleLogout} disabled={loggingOut}>
      <LogOut className="size-4" aria-hidden="true" />
      로그아웃
    </button>
  );

  return (
    <header className="sticky top-0 z-40 border-b border-base-300 bg-base-100/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 sm:px-6">
        <BrandLogo />
        <nav aria-label="주요 메뉴" className="hidden items-center gap-1 lg:flex">
          {links}
        </nav>
        <div className="flex shrink-0 items-center gap-1.5 sm:gap-2">
          {user && <UsageBadge />}
          {user && (
            <Link
              to="/account"
              title="계정 설정"
              className="hidden items-center gap-1.5 text-sm font-medium hover:underline md:inline-flex"
              data-testid="user-label"
            >
              <UserRound className="size-4 text-base-content/70" aria-hidden="true" />
              {userLabel}
            </Link>
          )}
          <ThemeToggle />
          {user && logoutButton("hidden lg:inline-flex")}
          {user && (
            <button
              type="button"
              className="btn btn-square btn-ghost btn-sm lg:hidden"
              aria-label={menuOpen ? "메뉴 닫기" : "메뉴 열기"}
              aria-expanded={menuOpen}
              aria-controls="mobile-menu"
              onClick={() => setMenuOpen((open) => !open)}
            >
              {menuOpen ? <X className="size-5" aria-hidden="true" /> : <Menu className="size-5" aria-hidden="true" />}
            </button>
          )}
        </div>
      </div>
      {user && user.isGuest !== 1 && <OrgSwitch />}
      {user && menuOpen && (
        <div id="mobile-menu" className="border-t border-base-300 bg-base-100 px-4 py-3 lg:hidden">
          <Link to="/account" title="계정 설정" className="mb-3 flex items-center gap-1.5 text-sm font-medium md:hidden">
            <UserRound className="size-4 text-base-content/70" aria-hidden="true" />
            {userLabel}
          </Link>
          <nav aria-label="모바일 메뉴" className="flex flex-col items-stretch gap-1 [&>a]:justify-start">
            {links}
          </nav>
          {logoutButton("mt-3 w-full")}
        </div>
      )}
    </header>
  );
}
