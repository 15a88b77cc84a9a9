// `npm start`: brings the whole local app up (Postgres, Supabase stand-in, Deno function, the SPA's
// production build) and stops it on Ctrl-C. `npm run dev` (--dev): the same with Vite's hot-reloading dev server.
import { createRequire } from "node:module";
import { config, functionSettings } from "./config.ts";
import { mailSettingsFromEnv } from "./gateway/mail.ts";
import { checkDeno, checkPorts } from "./preflight.ts";
import { startStack, type Stack } from "./stack.ts";
import { startupMessage } from "./startup-error.ts";

const exitHook = createRequire(import.meta.url)("async-exit-hook") as ((hook: (done: () => void) => void) => void) & {
  forceExitTimeout(ms: number): void;
};
exitHook.forceExitTimeout(20_000);

const started = Date.now();
const dev = process.argv.includes("--dev");
const verbose = process.env.STACK_VERBOSE === "1";
const log = (line: string) => {
  const quiet = /^\[(db|fn)\]/.test(line) && !/\b(ERROR|PANIC)\b|error:|unavailable|failed/.test(line);
  if (verbose || !quiet) console.log(line);
};

console.log("Starting the local stack… / 로컬 스택을 시작합니다…");

let stack: Stack;
try {
  checkDeno();
  await checkPorts({ DB_PORT: config.dbPort, SUPABASE_PORT: config.supabasePort, APP_PORT: config.appPort });
  stack = await startStack({
    dataDir: config.dataDir,
    dbPort: config.dbPort,
    supabasePort: config.supabasePort,
    appPort: config.appPort,
    app: true,
    appMode: dev ? "dev" : "build",
    watch: true,
    log,
    // the development mailbox is on in `npm run dev`; under `npm start` only with LOCAL_MAILBOX=1
    mail: dev ? { ...mailSettingsFromEnv(process.env), mailbox: true } : mailSettingsFromEnv(process.env),
  });
} catch (err) {
  console.error(`\n${startupMessage(err)}`);
  process.exit(1);
}

function appNote(): string {
  if (!stack.appUrl) return "";
  if (dev) return "  (Vite dev server, hot reload)";
  const web = stack.webBuild;
  return web ? `  (production build, ${web.built ? `built in ${(web.ms / 1000).toFixed(1)} s` : "reused: sources unchanged"})` : "";
}

const notes: string[] = [];
const llm = functionSettings().llm;
if (!llm.apiKey) {
  notes.push("LLM_API_KEY is not set: essays are graded by the built-in offline analyzer (not AI).");
  notes.push("LLM_API_KEY가 없어 내장 오프라인 분석기로 채점합니다 (AI 채점 아님).");
} else {
  notes.push(`LLM: ${llm.model} at ${llm.baseUrl}`);
}
if (!process.env.TOSS_CLIENT_KEY || !process.env.TOSS_SECRET_KEY) {
  notes.push("TOSS_CLIENT_KEY / TOSS_SECRET_KEY are not set: payments use Toss's public test keys (no real charges).");
  notes.push("토스페이먼츠 키가 없어 공개 테스트 키로 결제를 시험합니다 (실제 결제 없음).");
}
notes.push(
  config.toss.mode === "test"
    ? "PAYMENTS_MODE=test: the payment screen shows a 테스트 결제 banner; live keys are refused."
    : "PAYMENTS_MODE=live: orders need live Toss keys (live_…); test keys are refused.",
);
if (stack.jwtSecretSource === "demo") {
  notes.push("JWT_SECRET=demo: tokens are signed with the PUBLIC Supabase demo secret. Never expose this install to a network.");
} else if (stack.jwtSecretSource === "file") {
  notes.push(`JWT secret: generated for this data folder (${config.dataDir}/jwt-secret); the keys above follow it.`);
}
const { smtp, mailbox } = stack.mail;
if (smtp) notes.push(`Mail: SMTP ${smtp.host}:${smtp.port} from ${smtp.sender} (password-reset links).`);
if (mailbox) {
  notes.push(
    `Mailbox (development only): Auth's mails are kept at ${stack.supabaseUrl}/mailbox. Never turn LOCAL_MAILBOX on for an install others reach.`,
  );
}
if (!smtp && !mailbox) {
  notes.push(
    "SMTP_HOST / SMTP_SENDER are not set: mail is not configured, so password-reset mails are not sent (비밀번호 찾기 메일이 발송되지 않습니다).",
  );
}
if (!config.admin.username || !config.admin.email || !config.admin.password) {
  notes.push("ADMIN_USERNAME / ADMIN_EMAIL / ADMIN_PASSWORD are not set: no admin account is ensured.");
}

console.log(`
Ready in ${((Date.now() - started) / 1000).toFixed(1)} s / 준비 완료

  App (SPA)        ${stack.appUrl || "(not started: vite.config.ts missing)"}${appNote()}
  Supabase URL     ${stack.supabaseUrl}
  Database URL     ${stack.dbUrl}
  Anon key         ${stack.anonKey}
  Data folder      ${config.dataDir}

${notes.map((n) => `  - ${n}`).join("\n")}

Press Ctrl-C to stop. / 종료하려면 Ctrl-C를 누르세요.
`);

exitHook((done) => {
  console.log("\nStopping… / 종료 중…");
  stack.stop().then(() => {
    console.log("Stopped. / 종료되었습니다.");
    done();
  }, done);
});
