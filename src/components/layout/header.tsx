import { lazy, Suspense } from "react";
import { BrandLogo } from "@/components/layout/brand-logo";
import { ThemeToggle } from "@/components/layout/theme-toggle";
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

/** The header of a visitor: the brand and the theme toggle. */
function VisitorHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-base-300 bg-base-100/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 sm:px-6">
        <BrandLogo />
        <div className="flex shrink-0 items-center gap-1.5 sm:gap-2">
          <ThemeToggle />
        </div>
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
