import { Link } from "react-router-dom";
import { paths } from "@/config/paths";
import { formatWon } from "@shared/format.ts";
import { filesPerUploadLabel, planTermLabel, RECOMMENDED_PLAN_ID } from "@shared/plans.ts";
import { useLandingPlans } from "@/features/landing/api/get-plans";

/**
 * 요금제 on the landing: each plan's name, price, term and limits from GET /plans (the plans page's data),
 * the recommended plan marked, and a link to /plans for the details. Without the data it shows the link only.
 */
export function PriceSection() {
  const state = useLandingPlans();
  return (
    <section aria-labelledby="landing-prices" className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6 lg:py-16" data-testid="landing-prices">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h2 id="landing-prices" className="text-2xl font-bold tracking-tight">
          요금제
        </h2>
        <Link to={paths.plans.getHref()} className="link link-primary text-sm font-semibold">
          요금제 자세히 보기
        </Link>
      </div>
      {state.status === "loading" && <div className="mt-6 h-40 rounded-box bg-base-200" aria-hidden="true" />}
      {state.status === "ready" && (
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {state.plans.map((plan) => {
            const recommended = plan.id === RECOMMENDED_PLAN_ID;
            return (
              <li
                key={plan.id}
                data-testid={`landing-plan-${plan.id}`}
                className={`rounded-box border bg-base-100 p-5 ${recommended ? "border-primary" : "border-base-300"}`}
              >
                <div className="flex items-center justify-between gap-2">
                  <h3 className="font-semibold">{plan.name}</h3>
                  {recommended && <span className="badge badge-sm badge-primary">추천</span>}
                </div>
                <p className="mt-2 text-2xl font-bold tabular-nums" data-testid="landing-plan-price">
                  {plan.price > 0 ? formatWon(plan.price) : "무료"}
                </p>
                <p className="text-sm text-base-content/80">{planTermLabel(plan)}</p>
                <ul className="mt-2 text-sm tabular-nums text-base-content/80" aria-label="이용 한도">
                  <li>월 {plan.maxEssaysPerMonth.toLocaleString("ko-KR")}회 첨삭</li>
                  <li>{filesPerUploadLabel(plan.maxFilesPerUpload)}</li>
                </ul>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
