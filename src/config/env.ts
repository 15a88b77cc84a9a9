import { z } from "zod";

const LOCAL_ANON_KEY =
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0";

const EnvSchema = z.object({
  SUPABASE_URL: z.string().url().default("http://127.0.0.1:54321"),
  SUPABASE_ANON_KEY: z.string().min(1).default(LOCAL_ANON_KEY),
  API_URL: z.string().min(1).default("/api"),
  TOSS_CLIENT_KEY: z.string().default("test_gck_docs_Ovk5rk1EwkEbP0W43n07xlzm"),
  MARKETING_URL: z.string().default("/"),
  COMPANY_URL: z.string().default("https://edumedia.example.com/company"),
  SUPPORT_EMAIL: z.string().default("support@edumedia.example.com"),
  /** Captcha on guest start and sign-up: off unless a site key is set (the function needs CAPTCHA_SECRET_KEY). */
  CAPTCHA_SITE_KEY: z.string().trim().default(""),
  /** AdSense publisher id (ca-pub-…): the blog's ad slot exists only when it is set. */
  ADSENSE_CLIENT: z.string().trim().default(""),
  CAPTCHA_PROVIDER: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(["turnstile", "hcaptcha"]))
    .default("turnstile"),
});

export type Env = z.infer<typeof EnvSchema>;

function readEnv(): Env {
  const source = (import.meta.env ?? {}) as Record<string, string | undefined>;
  const raw = Object.fromEntries(
    Object.entries(source)
      .filter(([key, value]) => key.startsWith("VITE_") && value !== "" && value !== undefined)
      .map(([key, value]) => [key.slice("VITE_".length), value]),
  );
  const parsed = EnvSchema.safeParse(raw);
  if (!parsed.success) {
    throw new Error(`환경 변수 설정이 올바르지 않습니다: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}

export const env = readEnv();
