// The start of the password and sign-up routes: the JSON body, then the caller address's rate limit.
import type { z } from "zod";
import type { Ctx } from "./types.ts";
import { adminSql } from "./db.ts";
import { clientAddress, enforceRateLimit, type RateLimitRule } from "./rate-limit.ts";

/** The request's JSON body (validated by `schema`), then `rule` enforced for the caller's address (429 past it). */
export async function limitedBody<T>(ctx: Ctx, schema: z.ZodType<T>, rule: RateLimitRule): Promise<{ body: T; address: string }> {
  const body = await ctx.json(schema);
  const address = clientAddress(ctx.req);
  await enforceRateLimit(adminSql, rule, address);
  return { body, address };
}
