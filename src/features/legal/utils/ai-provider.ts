// The AI grading provider the privacy policy names in its overseas-transfer section (개인정보 국외 이전):
// VITE_LLM_PROVIDER_NAME / _COUNTRY / _CONTACT / _RETENTION at build time. Kept here, not in
// config/env.ts, so only the legal pages carry these strings. The defaults describe OpenAI's API, the
// function's default LLM_BASE_URL; a self-hoster with another provider sets all four.

export interface AiProvider {
  /** 이전받는 자: the recipient's legal name. */
  name: string;
  /** 이전되는 국가. */
  country: string;
  /** Where to reach it about personal data (an address or a page). */
  contact: string;
  /** How long it keeps what it receives, by its own data policy (one sentence, no final period). */
  retention: string;
}

export const DEFAULT_AI_PROVIDER: AiProvider = {
  name: "OpenAI, L.L.C.",
  country: "미국",
  contact: "https://openai.com/policies/privacy-policy",
  retention: "제공자의 API 데이터 정책에 따라 오남용 모니터링을 위해 최대 30일간 보관된 뒤 삭제되며, 모델 학습에는 사용되지 않습니다",
};

/** The provider from VITE_LLM_PROVIDER_* in `source` (blank → the default). */
export function parseAiProvider(source: Record<string, unknown>): AiProvider {
  const pick = (key: string, fallback: string) => {
    const v = source[`VITE_LLM_PROVIDER_${key}`];
    return typeof v === "string" && v.trim() ? v.trim() : fallback;
  };
  return {
    name: pick("NAME", DEFAULT_AI_PROVIDER.name),
    country: pick("COUNTRY", DEFAULT_AI_PROVIDER.country),
    contact: pick("CONTACT", DEFAULT_AI_PROVIDER.contact),
    retention: pick("RETENTION", DEFAULT_AI_PROVIDER.retention),
  };
}

export const aiProvider: AiProvider = parseAiProvider((import.meta.env ?? {}) as Record<string, unknown>);
