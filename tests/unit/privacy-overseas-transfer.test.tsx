// The privacy policy states the overseas transfer to the AI provider (recipient, country, items, timing
// and method, purpose, retention, how to refuse) with the provider the build names
// (VITE_LLM_PROVIDER_*), and what applies to answers of students under 14.
import { cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { OverseasTransferSection } from "@/features/legal/components/overseas-transfer";
import { DEFAULT_AI_PROVIDER, parseAiProvider } from "@/features/legal/utils/ai-provider";

afterEach(() => {
  cleanup();
  vi.unstubAllEnvs();
  vi.resetModules();
});

/** The page is imported afresh per test (its build settings are read at import); slow on a busy machine. */
const IMPORT_TIMEOUT = 30_000;

const row = (section: HTMLElement, header: string) =>
  within(section).getByRole("rowheader", { name: header }).closest("tr")!.textContent ?? "";

async function renderPrivacyPage() {
  const { PrivacyPage } = await import("@/features/legal/components/privacy-page");
  render(
    <MemoryRouter>
      <PrivacyPage />
    </MemoryRouter>,
  );
  return screen.getByRole("region", { name: "제5조의2 (개인정보의 국외 이전)" });
}

describe("개인정보 국외 이전 section", () => {
  it("names the configured provider, country, contact and retention", () => {
    const provider = { name: "Example AI Inc.", country: "일본", contact: "privacy@example.ai", retention: "전송 즉시 삭제됩니다" };
    render(<OverseasTransferSection provider={provider} />);
    const section = screen.getByRole("region", { name: "제5조의2 (개인정보의 국외 이전)" });
    expect(row(section, "이전받는 자")).toContain("Example AI Inc.");
    expect(row(section, "이전받는 자")).toContain("privacy@example.ai");
    expect(row(section, "이전되는 국가")).toContain("일본");
    expect(row(section, "보유·이용 기간")).toContain("전송 즉시 삭제됩니다.");
    expect(section.textContent).not.toContain("OpenAI");
  });

  it("lists what is sent and what is not, when and how, why, and how to refuse", () => {
    render(<OverseasTransferSection />);
    const section = screen.getByRole("region", { name: "제5조의2 (개인정보의 국외 이전)" });
    const items = row(section, "이전되는 항목");
    for (const sent of ["학생 답안의 본문", "이미지", "논술 문제와 평가 기준", "기준 답안"]) expect(items).toContain(sent);
    expect(items).toContain("학생 이름과 수험번호, 회원의 아이디·이메일·결제 정보는 보내지 않습니다");
    expect(row(section, "이전 시기와 방법")).toMatch(/채점이나 재채점을 요청할 때마다.*TLS/);
    expect(row(section, "이용 목적")).toContain("채점");
    expect(section.textContent).toContain("거부 방법과 거부의 효과");
    expect(section.textContent).toContain("오프라인 분석기로 채점하는 경우");
    expect(section.textContent).toContain("국외로 이전되지 않습니다");
  });

  it(
    "uses the VITE_LLM_PROVIDER_* build settings on the privacy page",
    async () => {
      vi.stubEnv("VITE_LLM_PROVIDER_NAME", "Contoso AI Ltd.");
      vi.stubEnv("VITE_LLM_PROVIDER_COUNTRY", "아일랜드");
      const section = await renderPrivacyPage();
      expect(row(section, "이전받는 자")).toContain("Contoso AI Ltd.");
      expect(row(section, "이전되는 국가")).toContain("아일랜드");
      expect(screen.getByRole("cell", { name: /AI 제공자 \(Contoso AI Ltd\., 국외 이전은 제5조의2\)/ })).toBeTruthy();
    },
    IMPORT_TIMEOUT,
  );

  it(
    "defaults to OpenAI in the United States without them",
    async () => {
      const section = await renderPrivacyPage();
      expect(row(section, "이전받는 자")).toContain("OpenAI, L.L.C.");
      expect(row(section, "이전되는 국가")).toContain("미국");
      expect(row(section, "보유·이용 기간")).toContain("최대 30일");
      expect(screen.getByRole("region", { name: "제5조의3 (만 14세 미만 학생의 답안)" }).textContent).toContain("법정대리인 동의");
    },
    IMPORT_TIMEOUT,
  );
});

describe("parseAiProvider", () => {
  it("takes each setting trimmed and falls back per blank setting", () => {
    expect(parseAiProvider({})).toEqual(DEFAULT_AI_PROVIDER);
    expect(
      parseAiProvider({ VITE_LLM_PROVIDER_NAME: "  Acme  ", VITE_LLM_PROVIDER_COUNTRY: " ", VITE_LLM_PROVIDER_RETENTION: "없음" }),
    ).toEqual({ ...DEFAULT_AI_PROVIDER, name: "Acme", retention: "없음" });
  });
});
