// Checks before `npm start` / the test stack start: ports free, Deno installed. Failures are StartupErrors (one line).
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { rootDir } from "./config.ts";
import { StartupError } from "./startup-error.ts";

function portFree(port: number): Promise<NodeJS.ErrnoException | undefined> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once("error", (err: NodeJS.ErrnoException) => resolve(err));
    srv.listen(port, "127.0.0.1", () => srv.close(() => resolve(undefined)));
  });
}

/** Throws a StartupError naming the first busy port and the .env setting that moves it. */
export async function checkPorts(ports: Record<string, number>): Promise<void> {
  for (const [name, port] of Object.entries(ports)) {
    const err = await portFree(port);
    if (err) {
      throw new StartupError(
        `${name} ${port} 포트가 이미 사용 중입니다 — 다른 npm start가 실행 중이면 끄거나 .env에서 ${name}을(를) 바꾸세요`,
        `port ${port} (${name}) is already in use${err.code === "EADDRINUSE" ? "" : ` (${err.code})`}: stop the other npm start or set ${name} in .env`,
      );
    }
  }
}

/** Throws a StartupError when the Deno binary of the `deno` npm package is missing. */
export function checkDeno(): void {
  if (!existsSync(join(rootDir, "node_modules", ".bin", "deno"))) {
    throw new StartupError(
      "Deno가 설치되어 있지 않습니다 — npm install을 실행하세요 (edge function 실행에 필요)",
      "Deno is not installed (node_modules/.bin/deno is missing): run npm install; it runs the edge function",
    );
  }
}
