// The local Auth's mail: the development mailbox exists only when enabled and never answers another
// origin; SMTP_* sends the reset mail through a real SMTP server (a fake one here, `smtp-server`);
// with neither, /recover answers as hosted Auth does and no mail is kept anywhere.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailSettingsFromEnv } from "../../local/gateway/mail.ts";
import { startAuthGateway, type AuthGateway } from "../helpers/auth-gateway.ts";
import { freePort } from "../helpers/free-port.ts";
import { readStack } from "../helpers/stack.ts";
import { closeTestSql, createMember } from "../helpers/users.ts";

afterAll(async () => {
  await closeTestSql();
});

function recover(baseUrl: string, email: string) {
  return fetch(`${baseUrl}/auth/v1/recover`, {
    method: "POST",
    headers: { apikey: readStack().anonKey, "Content-Type": "application/json" },
    body: JSON.stringify({ email }),
  });
}

describe("the development mailbox", () => {
  it("answers same-origin reads only: no Access-Control-Allow-Origin, not even on a preflight", async () => {
    const { supabaseUrl } = readStack(); // the test stack turns the mailbox on
    for (const path of ["/mailbox.json", "/mailbox"]) {
      const res = await fetch(`${supabaseUrl}${path}`, { headers: { Origin: "https://evil.example" } });
      expect(res.status).toBe(200);
      await res.text();
      expect(res.headers.get("access-control-allow-origin")).toBeNull();
      expect(res.headers.get("cross-origin-resource-policy")).toBe("same-origin");
    }
    const preflight = await fetch(`${supabaseUrl}/mailbox.json`, {
      method: "OPTIONS",
      headers: { Origin: "https://evil.example", "Access-Control-Request-Method": "GET" },
    });
    await preflight.text();
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
  });

  describe("off (npm start's default)", () => {
    let gw: AuthGateway;
    beforeAll(async () => {
      gw = await startAuthGateway({ mail: mailSettingsFromEnv({}) });
    });
    afterAll(async () => {
      await gw?.stop();
    });

    it("does not exist, and /recover still answers {} with no mail kept", async () => {
      for (const path of ["/mailbox.json", "/mailbox"]) {
        const res = await fetch(`${gw.url}${path}`);
        await res.text();
        expect(res.status).toBe(404);
      }
      const member = await createMember();
      const res = await recover(gw.url, member.email!);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({});
      expect(existsSync(join(gw.dataDir, "mailbox"))).toBe(false);
      expect(gw.logs.some((l) => l.includes("not configured") && l.includes(member.email!))).toBe(true);
    });
  });
});

describe("SMTP delivery (SMTP_HOST, SMTP_PORT, SMTP_USER, SMTP_PASS, SMTP_SENDER)", () => {
  const received: Array<{ mail: ParsedMail; from: string; to: string[]; user: unknown }> = [];
  let smtp: SMTPServer;
  let gw: AuthGateway;

  beforeAll(async () => {
    smtp = new SMTPServer({
      disabledCommands: ["STARTTLS"],
      allowInsecureAuth: true,
      onAuth(auth, _session, callback) {
        if (auth.username === "mailer" && auth.password === "smtp-secret") return callback(null, { user: "mailer" });
        callback(new Error("invalid credentials"));
      },
      onData(stream, session, callback) {
        simpleParser(stream).then((mail) => {
          received.push({
            mail,
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            user: session.user,
          });
          callback();
        }, callback);
      },
    });
    const port = await freePort();
    await new Promise<void>((resolve) => smtp.listen(port, "127.0.0.1", resolve));
    gw = await startAuthGateway({
      mail: mailSettingsFromEnv({
        SMTP_HOST: "127.0.0.1",
        SMTP_PORT: String(port),
        SMTP_USER: "mailer",
        SMTP_PASS: "smtp-secret",
        SMTP_SENDER: "no-reply@school.example",
      }),
    });
  });
  afterAll(async () => {
    await gw?.stop();
    await new Promise<void>((resolve) => (smtp ? smtp.close(resolve) : resolve()));
  });

  it("a recover through the local Auth delivers the reset link to the SMTP server, and the link signs in", async () => {
    const member = await createMember();
    const res = await recover(gw.url, member.email!);
    expect(res.status).toBe(200);

    const mine = received.filter((r) => r.to.includes(member.email!));
    expect(mine).toHaveLength(1);
    const [{ mail, from, user }] = mine;
    expect(user).toBe("mailer");
    expect(from).toBe("no-reply@school.example");
    expect(mail.subject).toBe("비밀번호 재설정 안내");
    const link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mail.text ?? "")?.[0];
    expect(link?.startsWith(`${gw.url}/auth/v1/verify?`)).toBe(true);

    const verify = await fetch(link!, { redirect: "manual" });
    expect(verify.status).toBe(303);
    const fragment = new URLSearchParams(new URL(verify.headers.get("location")!).hash.slice(1));
    expect(fragment.get("type")).toBe("recovery");
    expect(fragment.get("access_token")).toBeTruthy();
    // SMTP alone keeps nothing on disk and serves no mailbox
    expect(existsSync(join(gw.dataDir, "mailbox"))).toBe(false);
    expect((await fetch(`${gw.url}/mailbox.json`)).status).toBe(404);
  });
});
