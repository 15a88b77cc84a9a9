// A local stand-in for a captcha provider's siteverify endpoint (Turnstile / hCaptcha share the
// protocol: form POST of secret, response, remoteip → JSON { success, "error-codes" }), used by tests.
// The token decides the answer:
//   pass…   success (once: a second verification of the same token fails, as the providers do)
//   anything else → success false, "invalid-input-response"
// A wrong secret → success false, "invalid-input-secret".
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo, Socket } from "node:net";

export interface CaptchaVerification {
  secret: string;
  response: string;
  remoteip: string | null;
  success: boolean;
}

export interface FakeCaptcha {
  url: string;
  secret: string;
  verifications(): CaptchaVerification[];
  stop(): Promise<void>;
}

async function readBody(req: IncomingMessage, max = 65_536): Promise<string> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > max) break;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

export async function startFakeCaptcha(secret = "fake-captcha-secret"): Promise<FakeCaptcha> {
  const log: CaptchaVerification[] = [];
  const used = new Set<string>();
  const sockets = new Set<Socket>();
  const server = createServer(async (req, res) => {
    const form = new URLSearchParams(await readBody(req));
    const response = form.get("response") ?? "";
    const errors: string[] = [];
    if (req.method !== "POST") errors.push("bad-request");
    if (form.get("secret") !== secret) errors.push("invalid-input-secret");
    if (!response.startsWith("pass")) errors.push("invalid-input-response");
    else if (used.has(response)) errors.push("timeout-or-duplicate");
    const success = errors.length === 0;
    if (success) used.add(response);
    log.push({ secret: form.get("secret") ?? "", response, remoteip: form.get("remoteip"), success });
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(JSON.stringify(success ? { success, hostname: "localhost" } : { success, "error-codes": errors }));
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/siteverify`,
    secret,
    verifications: () => [...log],
    async stop() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
