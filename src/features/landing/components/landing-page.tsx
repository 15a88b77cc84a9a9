import { useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { paths } from "@/config/paths";
import { PageMeta, SITE_DESCRIPTION, SITE_NAME } from "@/components/layout/page-meta";
import { useAuth } from "@/lib/auth";
import { captchaSettings } from "@/lib/captcha";
import { PriceSection } from "@/features/landing/components/price-section";
import { ReportPreview } from "@/features/landing/components/report-preview";

const STEPS = [
  { title: "문제 올리기", text: "논술 문제와 평가 기준을 TXT·DOCX·PDF·사진으로 올립니다. 기준이 없으면 기본 기준으로 채점합니다." },
  { title: "답안 제출", text: "학생 답안을 직접 입력하거나 파일로 올립니다. 파일 이름에서 학생 이름과 수험번호를 알아봅니다." },
  { title: "첨삭 리포트", text: "영역별 점수, 문장에 단 첨삭 표시, 고쳐 쓰기 제안이 담긴 리포트를 바로 보고 내려받습니다." },
] as const;

const AUDIENCES = [
  { title: "교사", text: "서술형·논술형 평가를 반 전체 단위로 한 번에 첨삭하고, 검토한 결과만 학생에게 공유합니다." },
  { title: "학원", text: "대입·수시 논술 수업의 첨삭 시간을 줄이고, 같은 기준으로 학생별 성장을 대시보드에서 봅니다." },
  { title: "학생", text: "혼자 쓴 답안의 논리 구조와 근거, 표현을 점검받고 구체적인 수정 방안으로 다시 써 봅니다." },
] as const;

const CHECKS = [
  { title: "논리 구조", text: "서론·본론·결론의 흐름과 논지 전개가 일관적인지 봅니다." },
  { title: "근거의 타당성", text: "제시문과 사례를 근거로 충분하고 적절하게 썼는지 평가합니다." },
  { title: "언어 표현", text: "문장의 정확성과 어휘를 살피고 고쳐 쓸 문장을 제안합니다." },
] as const;

function StepNumber({ n }: { n: number }) {
  return (
    <span
      className="grid size-9 shrink-0 place-items-center rounded-full bg-primary text-sm font-bold text-primary-content"
      aria-hidden="true"
    >
      {n}
    </span>
  );
}

/** A row of titled cards (what is checked, who it is for). */
function InfoCards({
  items,
  className,
  cardClassName,
}: {
  items: readonly { title: string; text: string }[];
  className: string;
  cardClassName: string;
}) {
  return (
    <ul className={`grid gap-4 ${className}`}>
      {items.map((item) => (
        <li key={item.title} className={`rounded-box p-5 ${cardClassName}`}>
          <h3 className="font-semibold">{item.title}</h3>
          <p className="mt-1 text-sm leading-relaxed text-base-content/80">{item.text}</p>
        </li>
      ))}
    </ul>
  );
}

/**
 * The signed-out home (`/`): what the product does, a graded report rendered from the bundled sample,
 * the three steps, who it is for, the prices (GET /plans by a plain fetch), the guest trial as the main action
 * and the sample run. No API client, forms or schemas here; starting as a guest goes through the auth provider.
 */
export function LandingPage() {
  const { loginAsGuest } = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<"guest" | "sample" | null>(null);
  // With a captcha configured, the check lives on the login screen: the guest buttons lead there.
  const needsCheck = captchaSettings() !== null;

  const start = async (kind: "guest" | "sample") => {
    if (needsCheck) {
      navigate(paths.login.getHref());
      return;
    }
    setBusy(kind);
    try {
      await loginAsGuest();
      navigate(kind === "sample" ? paths.sampleRun.getHref() : paths.home.getHref(), { replace: true });
    } catch {
      /* the auth provider already showed the toast */
    } finally {
      setBusy(null);
    }
  };

  const startButton = (kind: "guest" | "sample", label: string, variant: string) => (
    <button
      type="button"
      className={`btn btn-lg sm:flex-1 ${variant}`}
      disabled={busy !== null}
      aria-busy={busy === kind || undefined}
      onClick={() => void start(kind)}
    >
      {busy === kind && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
      {label}
    </button>
  );

  return (
    <div className="w-full" data-testid="landing">
      <PageMeta description={SITE_DESCRIPTION} shareTitle={SITE_NAME} shareDescription="AI와 함께하는 논술 첨삭의 새로운 경험" />
      <section aria-labelledby="landing-title" className="border-b border-base-300 bg-base-100">
        <div className="mx-auto grid w-full max-w-6xl items-center gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[1fr_1.05fr] lg:py-16">
          <div className="space-y-6">
            <p className="text-sm font-semibold text-primary">AI 논술 첨삭 서비스</p>
            <h1 id="landing-title" className="text-3xl leading-tight font-extrabold tracking-tight text-balance sm:text-4xl">
              논술 답안을 올리면, AI가 점수와 첨삭 리포트를 만들어 드립니다
            </h1>
            <p className="text-lg leading-relaxed text-base-content/80">
              논술 문제와 학생 답안을 올리면 AI가 논리 구조, 근거의 타당성, 언어 표현을 분석해 영역별 점수와 문장별 첨삭, 구체적인 수정
              방안을 담은 리포트를 만듭니다.
            </p>
            <div className="flex flex-col gap-3 sm:flex-row">
              {startButton("guest", "게스트로 시작하기", "btn-primary")}
              {startButton("sample", "샘플로 체험하기", "btn-outline")}
            </div>
            <p className="text-sm text-base-content/80">회원가입 없이 3회 무료 · 샘플 체험은 사용 횟수에 포함되지 않습니다.</p>
            <p className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
              <span className="text-base-content/80">이미 계정이 있으신가요?</span>
              <Link to={paths.login.getHref()} className="link link-primary font-semibold">
                로그인
              </Link>
              <Link to={paths.login.getHref("register")} className="link link-primary font-semibold">
                회원가입
              </Link>
            </p>
          </div>
          <ReportPreview />
        </div>
      </section>

      <section aria-labelledby="landing-steps" className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6 lg:py-16">
        <h2 id="landing-steps" className="text-2xl font-bold tracking-tight">
          세 단계면 첨삭이 끝납니다
        </h2>
        <ol className="mt-6 grid gap-4 md:grid-cols-3">
          {STEPS.map((step, i) => (
            <li key={step.title} className="flex gap-4 rounded-box border border-base-300 bg-base-100 p-5">
              <StepNumber n={i + 1} />
              <div>
                <h3 className="font-semibold">{step.title}</h3>
                <p className="mt-1 text-sm leading-relaxed text-base-content/80">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="landing-checks" className="border-y border-base-300 bg-base-100">
        <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-12 sm:px-6 lg:grid-cols-[1fr_2fr] lg:py-16">
          <div>
            <h2 id="landing-checks" className="text-2xl font-bold tracking-tight">
              무엇을 봐 주나요
            </h2>
            <p className="mt-3 leading-relaxed text-base-content/80">
              대입 논술, 수시 논술 대비, 인문·사회 논술 연습과 서술형 평가 채점에 씁니다. 여러 학생의 답안을 한 번에 첨삭하고, 결과를
              대시보드에서 관리하고, 리포트를 TXT로 내려받습니다.
            </p>
          </div>
          <InfoCards items={CHECKS} className="sm:grid-cols-3" cardClassName="bg-base-200" />
        </div>
      </section>

      <section aria-labelledby="landing-audience" className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6 lg:py-16">
        <h2 id="landing-audience" className="text-2xl font-bold tracking-tight">
          이런 분께 맞습니다
        </h2>
        <InfoCards items={AUDIENCES} className="mt-6 md:grid-cols-3" cardClassName="border border-base-300 bg-base-100" />
      </section>

      <div className="border-t border-base-300 bg-base-100">
        <PriceSection />
      </div>

      <section aria-labelledby="landing-cta" className="border-t border-base-300 bg-primary/10">
        <div className="mx-auto flex w-full max-w-6xl flex-col items-start gap-5 px-4 py-12 sm:px-6 md:flex-row md:items-center md:justify-between">
          <div>
            <h2 id="landing-cta" className="text-2xl font-bold tracking-tight">
              지금 바로 첨삭을 받아 보세요
            </h2>
            <p className="mt-2 text-base-content/80">게스트는 회원가입 없이 3회 무료로 첨삭을 받을 수 있습니다.</p>
          </div>
          <Link to={paths.login.getHref("register")} className="btn btn-primary btn-lg">
            무료로 회원가입
          </Link>
        </div>
      </section>
    </div>
  );
}

export default LandingPage;
