/**
 * Whether a PostgreSQL error is the unique violation (SQLSTATE 23505) of `constraint`: the answer an
 * INSERT or UPDATE gets when a concurrent request took the same address or Google account first.
 * drizzle wraps the driver's error (DrizzleQueryError) and keeps it as `cause`.
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const driverError = (error as { cause?: unknown } | null)?.cause ?? error;
  const { code, constraint: violated } = (driverError ?? {}) as { code?: unknown; constraint?: unknown };
  return code === '23505' && violated === constraint;
}
