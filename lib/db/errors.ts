// PostgreSQL's errors as both drivers report them, however deep drizzle wrapped them (its query
// errors carry the driver's error as `cause`).

/** The first error in the cause chain with a PostgreSQL code (SQLSTATE), with its constraint. */
export function pgErrorOf(err: unknown): { code: string; constraint?: string } | undefined {
  for (let e: unknown = err; typeof e === 'object' && e !== null;) {
    if ('code' in e && typeof e.code === 'string') {
      const constraint =
        'constraint' in e && typeof e.constraint === 'string' ? e.constraint : undefined;
      return { code: e.code, constraint };
    }
    e = 'cause' in e ? e.cause : undefined;
  }
  return undefined;
}

/** A unique violation (23505), of `constraint` when given. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const pg = pgErrorOf(err);
  return pg?.code === '23505' && (!constraint || pg.constraint === constraint);
}
