// A per-file work budget: a deadline, a character cap, and regular yields to the event loop so other
// requests are answered while a big file is read.
import { MAX_EXTRACTED_CHARS, READ_TIME_BUDGET_MS, YIELD_EVERY_MS } from "./limits.ts";

export type LimitProblem = "tooBig" | "tooManyPages" | "textTooLong" | "tooSlow";

/** A file over one of the work limits; `status` is 413 (too big) or 422 (unprocessable). */
export class FileLimitError extends Error {
  constructor(
    public readonly problem: LimitProblem,
    detail: string,
  ) {
    super(detail);
    this.name = "FileLimitError";
  }
  get status(): 413 | 422 {
    return this.problem === "tooBig" || this.problem === "tooManyPages" ? 413 : 422;
  }
}

const macrotask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export class ReadBudget {
  private readonly deadline: number;
  private lastYield = performance.now();
  chars = 0;

  constructor(
    timeMs = READ_TIME_BUDGET_MS,
    readonly maxChars = MAX_EXTRACTED_CHARS,
  ) {
    this.deadline = performance.now() + timeMs;
  }

  /** Throws once the deadline has passed. */
  checkTime(): void {
    if (performance.now() > this.deadline) throw new FileLimitError("tooSlow", "read time budget used up");
  }

  /** Lets the event loop run (a real macrotask turn) when this reader has held it for a while. */
  async pause(): Promise<void> {
    this.checkTime();
    if (performance.now() - this.lastYield < YIELD_EVERY_MS) return;
    await macrotask();
    this.lastYield = performance.now();
    this.checkTime();
  }

  /** Counts extracted characters; throws past the cap. */
  addChars(n: number): void {
    this.chars += n;
    if (this.chars > this.maxChars) throw new FileLimitError("textTooLong", `over ${this.maxChars} characters`);
  }
}
