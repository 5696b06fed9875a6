// Logs carry no guest data, tokens or passwords (issue 12). An unexpected error is described by
// its name, codes and stack frames, never by its message: a database error's message or detail
// can quote the failing value ("invalid input syntax for type date: …"), and drizzle's names
// every query parameter, which are the guests' fields.
const SAFE_CODES = ['code', 'constraint', 'table', 'column', 'routine'] as const;

export function describeError(err: unknown): string {
  if (!(err instanceof Error)) return `non-error value thrown (${typeof err})`;
  const facts = [err.name];
  for (const key of SAFE_CODES) {
    const value = (err as unknown as Record<string, unknown>)[key];
    if (typeof value === 'string' && value) facts.push(`${key}=${value}`);
  }
  const frames = (err.stack ?? '')
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .slice(0, 6);
  const cause = err.cause === undefined ? [] : [`caused by ${describeError(err.cause)}`];
  return [facts.join(' '), ...frames, ...cause].join('\n');
}
