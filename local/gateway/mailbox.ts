// The local mail catcher (like `supabase start`'s Mailpit/Inbucket), for development only: with
// LOCAL_MAILBOX on (`npm run dev`, the tests) Auth's mails are written to <dataDir>/mailbox/*.json and
// listed, text only, at GET /mailbox of the gateway (JSON: /mailbox.json). With it off (`npm start`'s
// default) neither the files nor the pages exist. The pages never carry CORS headers: another site's
// script must not read anyone's reset link.
import type { IncomingMessage, ServerResponse } from "node:http";
import { randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";

interface MailboxHost {
  dataDir: string;
  log(line: string): void;
}

export interface Mail {
  id: string;
  to: string;
  subject: string;
  text: string;
  sentAt: string;
}

/** Mails kept on the page (newest first); older files stay on disk. */
const PAGE_LIMIT = 50;

function mailDir(ctx: MailboxHost) {
  return resolve(ctx.dataDir, "mailbox");
}

/** Stores a mail in the local mailbox. */
export async function storeMail(ctx: MailboxHost, mail: Omit<Mail, "id" | "sentAt">): Promise<Mail> {
  const full: Mail = { id: randomUUID(), sentAt: new Date().toISOString(), ...mail };
  const dir = mailDir(ctx);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, `${Date.now()}-${full.id}.json`), JSON.stringify(full));
  ctx.log(`mailbox: mail to ${full.to}: ${full.subject}`);
  return full;
}

/** Newest first. */
export async function listMail(ctx: MailboxHost, limit = PAGE_LIMIT): Promise<Mail[]> {
  let names: string[];
  try {
    names = (await readdir(mailDir(ctx))).filter((n) => n.endsWith(".json"));
  } catch {
    return [];
  }
  names.sort((a, b) => parseInt(b, 10) - parseInt(a, 10) || b.localeCompare(a));
  const mails: Mail[] = [];
  for (const name of names.slice(0, limit)) {
    try {
      mails.push(JSON.parse(await readFile(join(mailDir(ctx), name), "utf8")));
    } catch {}
  }
  return mails;
}

/** Same-origin only: no CORS header, and no cross-origin embedding (script/img tags) of the pages either. */
const PRIVATE_HEADERS = { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff", "Cross-Origin-Resource-Policy": "same-origin" };

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** Escaped text with http(s) URLs made into links (the mail's own text only; no HTML from the mail). */
function linkify(text: string) {
  return escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}

/** GET /mailbox (HTML) and GET /mailbox.json, same-origin only (no CORS headers). */
export async function handleMailbox(req: IncomingMessage, res: ServerResponse, pathname: string, ctx: MailboxHost) {
  req.resume();
  const mails = await listMail(ctx);
  if (pathname === "/mailbox.json") {
    res.writeHead(200, { "Content-Type": "application/json", ...PRIVATE_HEADERS }).end(JSON.stringify(mails));
    return;
  }
  const items = mails
    .map(
      (m) => `<article>
<h2>${escapeHtml(m.subject)}</h2>
<p class="meta">받는 사람: <span class="to">${escapeHtml(m.to)}</span> · ${escapeHtml(m.sentAt)}</p>
<pre>${linkify(m.text)}</pre>
</article>`,
    )
    .join("\n");
  const html = `<!doctype html><html lang="ko"><head><meta charset="utf-8"><title>로컬 메일함</title>
<style>body{font-family:sans-serif;max-width:50rem;margin:2rem auto;padding:0 1rem}article{border:1px solid #ccc;border-radius:8px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap}.meta{color:#666}</style>
</head><body><h1>로컬 메일함 (개발용)</h1><p>로컬 Auth가 보낸 메일입니다. 실제로 발송되지 않습니다.</p>
${items || "<p>받은 메일이 없습니다.</p>"}
</body></html>`;
  res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", ...PRIVATE_HEADERS }).end(html);
}
