// The function's own mail (billing notices) leaves from private.mail_outbox: the tick claims due rows
// (their next try moved ahead first, so two instances never send one row twice), sends each over SMTP
// with TLS from the first byte (port 465: hosted edge functions may not use 25 or 587) through
// nodemailer, and records the outcome: sent_at, or the error and a later try (2^attempts minutes, at
// most 8 attempts). Without MAIL_SMTP_HOST / MAIL_FROM nothing is sent and due rows wait a day.
import nodemailer from "nodemailer";
import type postgres from "postgres";
import { settings } from "../settings.ts";

type Sql = postgres.Sql;
type MailSettings = typeof settings.mail;

export const MAX_MAIL_ATTEMPTS = 8;

/** One mail's send, whatever the SMTP server does (nodemailer's socket timeouts are not relied on under Deno). */
const SEND_LIMIT_MS = 10_000;

function withinTime<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from the mail server within ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

interface OutboxRow {
  id: string;
  to_address: string;
  subject: string;
  body: string;
  attempts: number;
}

export function mailConfigured(mail: MailSettings = settings.mail): boolean {
  return !!mail.host && !!mail.from;
}

function transport(mail: MailSettings) {
  return nodemailer.createTransport({
    host: mail.host,
    port: mail.port,
    secure: true,
    auth: mail.user ? { user: mail.user, pass: mail.pass ?? "" } : undefined,
    tls: mail.caCert ? { ca: [mail.caCert], minVersion: "TLSv1.2" } : { minVersion: "TLSv1.2" },
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
}

/** Sends up to `max` due mails; returns how many were sent and how many failed (to be retried). */
export async function sendDueMail(sql: Sql, mail: MailSettings = settings.mail, max = 20) {
  if (!mailConfigured(mail)) {
    await sql`
      update private.mail_outbox set next_attempt_at = now() + interval '1 day'
       where sent_at is null and next_attempt_at <= now()`;
    return { sent: 0, failed: 0 };
  }
  const rows = await sql<OutboxRow[]>`
    update private.mail_outbox m
       set attempts = m.attempts + 1, next_attempt_at = now() + interval '5 minutes'
     where m.id in (
       select id from private.mail_outbox
        where sent_at is null and next_attempt_at <= now() and attempts < ${MAX_MAIL_ATTEMPTS}
        order by id limit ${max}
        for update skip locked)
    returning m.id::text, m.to_address, m.subject, m.body, m.attempts`;
  if (rows.length === 0) return { sent: 0, failed: 0 };
  const smtp = transport(mail);
  let sent = 0;
  let failed = 0;
  try {
    for (const row of rows) {
      try {
        await withinTime(smtp.sendMail({ from: mail.from, to: row.to_address, subject: row.subject, text: row.body }), SEND_LIMIT_MS);
        await sql`update private.mail_outbox set sent_at = now(), last_error = null where id = ${row.id}`;
        sent++;
      } catch (err) {
        failed++;
        const message = String((err as Error)?.message ?? err).slice(0, 300);
        console.error(`[mail] outbox ${row.id} (attempt ${row.attempts}): ${message}`);
        await sql`
          update private.mail_outbox
             set last_error = ${message}, next_attempt_at = now() + make_interval(mins => ${2 ** row.attempts})
           where id = ${row.id}`;
      }
    }
  } finally {
    smtp.close();
  }
  return { sent, failed };
}
