import { MoonIcon as Moon, SunIcon as Sun } from "@/components/layout/shell-icons";
import { useTheme } from "@/lib/theme";

export function ThemeToggle({ className = "" }: { className?: string }) {
  const { theme, toggleTheme } = useTheme();
  const next = theme === "dark" ? "라이트 모드로 전환" : "다크 모드로 전환";
  return (
    <button
      type="button"
      className={`btn btn-circle btn-ghost btn-sm ${className}`}
      aria-label="테마 전환"
      title={next}
      data-theme-current={theme}
      onClick={toggleTheme}
    >
      {theme === "dark" ? <Sun className="size-5" aria-hidden="true" /> : <Moon className="size-5" aria-hidden="true" />}
    </button>
  );
}
