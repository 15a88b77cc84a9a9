// Path parameter schemas for `defineRoute({ params })`.
import { z } from "zod";

/**
 * A UUID path segment; anything else fails with `notFound` (the route answers 404 with it, the
 * same as for a missing row). `z.guid()` takes any 8-4-4-4-12 hex string, as Postgres does;
 * `z.uuid()` would also demand RFC 9562 version/variant bits, which stored ids need not have.
 */
export const uuidParam = (notFound: string) => z.guid({ error: notFound });

/** `{ id }` as a UUID (the Hono starter's `IdParamsSchema`), refusing with `notFound`. */
export const idParams = (notFound: string) => z.object({ id: uuidParam(notFound) });
