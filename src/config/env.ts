// The SPA's settings (VITE_* at build time), checked by hand: this module is on the landing page, so
// it does not pull a schema library in for nine strings.
const LOCAL_ANON_KEY =
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0";

const CAPTCHA_PROVIDERS = ["turnstile", "hcaptcha"] as const;

export interface Env {
  SUPABASE_URL: string;
  SUPABASE_ANON_KEY: string;
  API_URL: string;
  TOSS_CLIENT_KEY: string;
  MARKETING_URL: string;
  COMPANY_URL: string;
  SUPPORT_EMAIL: string;
  /** Captcha on guest start and sign-up: off unless a site key is set (the function needs CAPTCHA_SECRET_KEY). */
  CAPTCHA_SITE_KEY: string;
  /** AdSense publisher id (ca-pub-…): the blog's ad slot exists only when it is set. */
  ADSENSE_CLIENT: string;
  CAPTCHA_PROVIDER: (typeof CAPTCHA_PROVIDERS)[number];
}

function isUrl(value: string): boolean {
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const raw = Object.fromEntries(
    Object.entries(source)
      .filter(([key, value]) => key.startsWith("VITE_") && value !== "" && value !== undefined)
      .map(([key, value]) => [key.slice("VITE_".length), String(value)]),
  ) as Record<string, string | undefined>;
  const problems: string[] = [];
  const supabaseUrl = raw.SUPABASE_URL ?? "http://127.0.0.1:54321";
  if (!isUrl(supabaseUrl)) problems.push("SUPABASE_URL: 올바른 URL이 아닙니다");
  const provider = (raw.CAPTCHA_PROVIDER ?? "turnstile").trim().toLowerCase();
  if (!(CAPTCHA_PROVIDERS as readonly string[]).includes(provider)) {
    problems.push(`CAPTCHA_PROVIDER: ${CAPTCHA_PROVIDERS.join(" 또는 ")} 중 하나여야 합니다`);
  }
  if (problems.length) throw new Error(`환경 변수 설정이 올바르지 않습니다: ${problems.join("; ")}`);
  return {
    SUPABASE_URL: supabaseUrl,
    SUPABASE_ANON_KEY: raw.SUPABASE_ANON_KEY ?? LOCAL_ANON_KEY,
    API_URL: raw.API_URL ?? "/api",
    TOSS_CLIENT_KEY: raw.TOSS_CLIENT_KEY ?? "test_gck_docs_Ovk5rk1EwkEbP0W43n07xlzm",
    MARKETING_URL: raw.MARKETING_URL ?? "/",
    COMPANY_URL: raw.COMPANY_URL ?? "https://edumedia.example.com/company",
    SUPPORT_EMAIL: raw.SUPPORT_EMAIL ?? "support@edumedia.example.com",
    CAPTCHA_SITE_KEY: (raw.CAPTCHA_SITE_KEY ?? "").trim(),
    ADSENSE_CLIENT: (raw.ADSENSE_CLIENT ?? "").trim(),
    CAPTCHA_PROVIDER: provider as Env["CAPTCHA_PROVIDER"],
  };
}

export const env = parseEnv((import.meta.env ?? {}) as Record<string, string | undefined>);
