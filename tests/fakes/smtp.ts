// A local SMTP server with TLS from the first byte (as on port 465), standing in for the mail relay
// the function sends its own mail through. Its certificate is made at start (openssl, CN and SAN
// 127.0.0.1) and handed to the function as MAIL_SMTP_CA_CERT. Received mails (parsed) are listed at
// GET <url>/__mails on a small HTTP server; DELETE clears them. Login: mailer / smtp-secret. A recipient
// starting `tempfail` is refused once with 451 (a transient failure the sender must retry).
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  user: unknown;
  subject: string;
  text: string;
  secure: boolean;
}

function selfSignedCert(): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), "fake-smtp-"));
  try {
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-days",
        "2",
        "-subj",
        "/CN=127.0.0.1",
        "-addext",
        "subjectAltName=IP:127.0.0.1",
        "-keyout",
        join(dir, "key.pem"),
        "-out",
        join(dir, "cert.pem"),
      ],
      { stdio: "ignore" },
    );
    return { key: readFileSync(join(dir, "key.pem"), "utf8"), cert: readFileSync(join(dir, "cert.pem"), "utf8") };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function startFakeSmtp() {
  const { key, cert } = selfSignedCert();
  const mails: ReceivedMail[] = [];
  const refusedOnce = new Set<string>();
  const smtp = new SMTPServer({
    secure: true,
    key,
    cert,
    authMethods: ["PLAIN", "LOGIN"],
    onAuth(auth, _session, callback) {
      if (auth.username === "mailer" && auth.password === "smtp-secret") return callback(null, { user: "mailer" });
      callback(new Error("invalid credentials"));
    },
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith("tempfail") && !refusedOnce.has(address.address)) {
        refusedOnce.add(address.address);
        return callback(Object.assign(new Error("try again later"), { responseCode: 451 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream).then((mail) => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          user: session.user,
          subject: mail.subject ?? "",
          text: mail.text ?? "",
          secure: session.secure,
        });
        callback();
      }, callback);
    },
  });
  // a client's socket failing (e.g. closed during the TLS handshake on a loaded machine) is that
  // connection's end, not the server's: unhandled, the 'error' event would end the process that runs
  // every fake (the fake Toss with it)
  smtp.on("error", (err) => console.warn(`[fake smtp] ${err.message}`));
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const http = createServer((req, res) => {
    if (req.url === "/__mails" && req.method === "DELETE") mails.length = 0;
    res.writeHead(200, { "content-type": "application/json; charset=utf-8" });
    res.end(JSON.stringify(mails));
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;

  return {
    url,
    env: {
      MAIL_SMTP_HOST: "127.0.0.1",
      MAIL_SMTP_PORT: String(smtpPort),
      MAIL_SMTP_USER: "mailer",
      MAIL_SMTP_PASS: "smtp-secret",
      MAIL_FROM: "AI 논술 첨삭 <billing@school.example>",
      MAIL_SMTP_CA_CERT: cert,
    },
    async stop() {
      await Promise.all([
        new Promise<void>((resolve) => smtp.close(() => resolve())),
        new Promise<void>((resolve) => http.close(() => resolve())),
      ]);
    },
  };
}
