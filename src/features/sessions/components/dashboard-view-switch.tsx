// 목록 / 표 / 요약: how the dashboard shows the class. Toggle buttons (each in the tab order, the
// chosen one `aria-pressed`), so a keyboard reaches every view without arrow-key handling.
import { Button } from "@/components/ui/button";
import { DASHBOARD_VIEWS, type DashboardView } from "@/features/sessions/utils/class-results";

export function DashboardViewSwitch({ value, onChange }: { value: DashboardView; onChange: (view: DashboardView) => void }) {
  return (
    <div role="group" aria-label="보기 방식" className="join" data-testid="dashboard-view-switch">
      {DASHBOARD_VIEWS.map((v) => (
        <Button
          key={v.value}
          size="sm"
          variant={v.value === value ? "primary" : "outline"}
          className="join-item min-w-14"
          aria-pressed={v.value === value}
          onClick={() => onChange(v.value)}
        >
          {v.label}
        </Button>
      ))}
    </div>
  );
}
