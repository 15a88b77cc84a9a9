// Table-driven assertions for the unit tests: each case is still asserted on its own.
import { expect } from "vitest";

/**
 * For a function that sorts its input into a few string answers (a tab, a view, a cache policy, a
 * path): `outputs` maps each expected answer to the inputs that must give it, and every input is
 * asserted (`toBe`), a failing one named in the message.
 */
export function expectOutputs<I>(fn: (input: I) => string, outputs: Record<string, readonly I[]>): void {
  for (const [expected, inputs] of Object.entries(outputs)) {
    for (const input of inputs) expect(fn(input), `${fn.name}(${JSON.stringify(input)})`).toBe(expected);
  }
}
