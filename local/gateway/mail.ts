// How the local Auth delivers its mails (password-reset links): through SMTP when SMTP_HOST is set
// (what a self-hosted install needs), into the development mailbox when LOCAL_MAILBOX is on
// (`npm run dev`, the tests), both when both are set, and nowhere when neither is — then /recover
// still answers as hosted Auth does and `npm start` says that mail is not configured.
import nodemailer, { type Transporter } from "nodemailer";
import { StartupError } from "../startup-error.ts";
import { storeMail } from "./mailbox.ts";

export interface SmtpSettings {
  host: string;
  port: number;
  user?: string;
  pass?: string;
  /** The From address (SMTP_SENDER; config.toml's admin_email). */
  sender: string;
  senderName?: string;
}

export interface MailSettings {
  /** Keep mails in <dataDir>/mailbox and serve them at GET /mailbox (development only). */
  mailbox: boolean;
  smtp?: SmtpSettings;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Whether a mail goes anywhere (SMTP or the mailbox). */
  readonly configured: boolean;
  readonly mailbox: boolean;
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

const truthy = (v: string | undefined) => /^(1|true|yes|on)$/i.test(v?.trim() ?? "");

/**
 * Mail settings from the environment: SMTP_HOST (required for SMTP), SMTP_PORT (587), SMTP_USER and
 * SMTP_PASS (authentication, when set), SMTP_SENDER (required with SMTP_HOST), SMTP_SENDER_NAME;
 * LOCAL_MAILBOX=1 turns the development mailbox on. Throws a StartupError on an unusable setting.
 */
export function mailSettingsFromEnv(env: NodeJS.ProcessEnv): MailSettings {
  const get = (name: string) => env[name]?.trim() || undefined;
  const host = get("SMTP_HOST");
  const settings: MailSettings = { mailbox: truthy(env.LOCAL_MAILBOX) };
  if (!host) {
    const stray = ["SMTP_USER", "SMTP_PASS", "SMTP_SENDER"].filter((n) => get(n));
    if (stray.length)
      throw new StartupError(`SMTP_HOST 없이 ${stray.join(", ")}만 설정되었습니다`, `${stray.join(", ")} set without SMTP_HOST`);
    return settings;
  }
  const port = Number(get("SMTP_PORT") ?? "587");
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new StartupError("SMTP_PORT가 올바른 포트 번호가 아닙니다", "SMTP_PORT must be a port number");
  const sender = get("SMTP_SENDER");
  if (!sender || !/^[^\s@]+@[^\s@]+$/.test(sender)) {
    throw new StartupError(
      "SMTP_HOST를 쓰려면 보내는 주소 SMTP_SENDER가 필요합니다",
      "SMTP_SENDER (the From address) must be set with SMTP_HOST",
    );
  }
  const user = get("SMTP_USER");
  const pass = env.SMTP_PASS || undefined;
  if (Boolean(user) !== Boolean(pass))
    throw new StartupError("SMTP_USER와 SMTP_PASS는 함께 설정해야 합니다", "SMTP_USER and SMTP_PASS go together");
  settings.smtp = { host, port, user, pass, sender, senderName: get("SMTP_SENDER_NAME") };
  return settings;
}

const LOOPBACK = new Set(["127.0.0.1", "::1", "localhost"]);

/**
 * nodemailer's transport: port 465 is TLS from the first byte; other ports must upgrade with STARTTLS
 * (requireTLS) unless the server is on this machine, so the SMTP password never crosses a network in clear.
 */
export function transportOptions(smtp: SmtpSettings) {
  const secure = smtp.port === 465;
  return {
    host: smtp.host,
    port: smtp.port,
    secure,
    requireTLS: !secure && !LOOPBACK.has(smtp.host.toLowerCase()),
    auth: smtp.user ? { user: smtp.user, pass: smtp.pass ?? "" } : undefined,
  };
}

export function createMailer(settings: MailSettings, ctx: { dataDir: string; log(line: string): void }): Mailer {
  let transport: Transporter | undefined;
  const smtp = settings.smtp;
  if (smtp) {
    transport = nodemailer.createTransport(transportOptions(smtp));
  }
  const configured = Boolean(smtp) || settings.mailbox;
  return {
    configured,
    mailbox: settings.mailbox,
    async send(mail) {
      if (settings.mailbox) await storeMail(ctx, mail);
      if (transport && smtp) {
        await transport.sendMail({
          from: smtp.senderName ? { name: smtp.senderName, address: smtp.sender } : smtp.sender,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
        });
        ctx.log(`mail: sent to ${mail.to} through ${smtp.host}:${smtp.port}`);
      }
      if (!configured) ctx.log(`mail: not configured (SMTP_HOST unset, LOCAL_MAILBOX off): a mail to ${mail.to} was not sent`);
    },
    close() {
      transport?.close();
    },
  };
}
