// A start-up failure the user can act on: one Korean + English line, printed without a stack trace.
export class StartupError extends Error {
  constructor(korean: string, english: string) {
    super(`${korean} / ${english}`);
    this.name = "StartupError";
  }
}

/** The one line to print for a start-up failure (no stack trace). */
export function startupMessage(err: unknown): string {
  if (err instanceof StartupError) return err.message;
  const e = err as NodeJS.ErrnoException;
  if (e?.path && ["EACCES", "EPERM", "ENOTDIR", "EROFS", "ENOSPC", "EEXIST"].includes(e.code ?? "")) {
    return (
      `폴더를 사용할 수 없습니다: ${e.path} — 권한을 확인하거나 .env의 LOCAL_DATA_DIR을 바꾸세요 / ` +
      `the folder is not usable: ${e.path} (${e.code}); check its permissions or set LOCAL_DATA_DIR in .env`
    );
  }
  const text = err instanceof Error ? err.message : String(err ?? "");
  const firstLine = text.split("\n").find((l) => l.trim()) ?? "unknown error";
  return `로컬 스택을 시작하지 못했습니다 / The local stack could not start: ${firstLine}`;
}
