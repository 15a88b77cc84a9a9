// Blog SQL helpers. Reads run as the caller (`ctx.asCaller`: the user, or `anon` for visitors),
// so the blog tables' RLS (published for everyone, everything for admins) decides visibility.

/** postgres.js error code of a unique violation. */
export function isUniqueViolation(err: unknown): boolean {
  return typeof err === "object" && err !== null && (err as { code?: string }).code === "23505";
}
