import { BarChart3, FileCheck2, PenLine, Sparkles } from "lucide-react";
import { useState } from "react";
import { useSearchParams } from "react-router-dom";
import { onTablistKeyDown } from "@/components/ui/tabs";
import { LoginForm } from "@/features/auth/components/login-form";
import { RegisterForm } from "@/features/auth/components/register-form";

type Mode = "login" | "register";
const MODES: Mode[] = ["login", "register"];
const MODE_TITLE: Record<Mode, string> = { login: "로그인", register: "회원가입" };

const highlights = [
  { icon: PenLine, title: "논리 구조 분석", text: "서론·본론·결론의 흐름과 논지 전개를 점검합니다." },
  { icon: FileCheck2, title: "근거의 타당성", text: "주장을 뒷받침하는 근거가 충분하고 적절한지 평가합니다." },
  { icon: BarChart3, title: "언어 표현 첨삭", text: "문장 표현과 어휘를 다듬을 구체적인 방안을 제시합니다." },
];

export function AuthScreen() {
  const [searchParams] = useSearchParams();
  const [mode, setMode] = useState<Mode>(searchParams.get("mode") === "register" ? "register" : "login");

  return (
    <div className="mx-auto grid w-full max-w-6xl items-center gap-10 px-4 py-10 sm:px-6 lg:grid-cols-2 lg:py-16">
      <section aria-labelledby="auth-brand-title" className="space-y-6">
        <span className="badge badge-primary badge-outline gap-1.5">
          <Sparkles className="size-3.5" aria-hidden="true" />
          AI 논술 첨삭 서비스
        </span>
        <h1 id="auth-brand-title" className="text-3xl font-extrabold tracking-tight sm:text-4xl">
          AI 논술 첨삭
        </h1>
        <p className="text-lg text-base-content/70">AI와 함께하는 논술 첨삭의 새로운 경험</p>
        <ul className="grid gap-3 sm:grid-cols-3 lg:grid-cols-1">
          {highlights.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-3 rounded-box border border-base-300 bg-base-100 p-4">
              <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
              <div>
                <p className="font-semibold">{title}</p>
                <p className="text-sm text-base-content/70">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section className="card w-full border border-base-300 bg-base-100 shadow-lg" aria-labelledby="auth-card-title">
        <div className="card-body gap-5">
          <div role="tablist" aria-label="로그인 또는 회원가입" className="tabs tabs-box grid grid-cols-2" onKeyDown={onTablistKeyDown}>
            {MODES.map((m) => (
              <button
                key={m}
                type="button"
                role="tab"
                aria-selected={mode === m}
                tabIndex={mode === m ? 0 : -1}
                className={`tab ${mode === m ? "tab-active" : ""}`}
                onClick={() => setMode(m)}
              >
                {MODE_TITLE[m]}
              </button>
            ))}
          </div>
          <div>
            <h2 id="auth-card-title" className="card-title text-2xl">
              {MODE_TITLE[mode]}
            </h2>
            <p className="mt-1 text-sm text-base-content/70">
              {mode === "login" ? "계정에 로그인하거나 게스트로 바로 시작하세요." : "새 계정을 만들고 AI 논술 첨삭을 시작하세요."}
            </p>
          </div>
          {mode === "login" ? (
            <LoginForm onSwitchToRegister={() => setMode("register")} />
          ) : (
            <RegisterForm onSwitchToLogin={() => setMode("login")} />
          )}
        </div>
      </section>

      <section className="sr-only" aria-label="서비스 소개">
        <h2>AI 논술 첨삭 서비스 소개</h2>
        <p>
          AI 논술 첨삭은 교사, 학원 강사, 학교와 학생을 위한 온라인 논술 첨삭 서비스입니다. 논술 문제와 평가 기준을 올리고 학생 답안을
          입력하거나 파일(TXT, DOCX, PDF, 이미지)로 업로드하면 인공지능이 논리 구조, 근거의 타당성, 언어 표현을 분석해 점수와 우수한 점,
          개선이 필요한 점, 구체적인 수정 방안을 담은 첨삭 리포트를 제공합니다.
        </p>
        <p>
          대입 논술, 수시 논술 대비, 인문 논술과 사회 논술 연습, 서술형 평가 채점에 활용할 수 있으며 여러 학생의 답안을 한 번에 일괄
          첨삭하고 결과를 대시보드에서 관리하고 TXT 리포트로 내려받을 수 있습니다. 회원가입 없이 게스트로 3회 무료 첨삭을 체험해 보세요.
        </p>
      </section>
    </div>
  );
}

export default AuthScreen;
