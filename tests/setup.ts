import { afterEach, vi } from 'vitest';

vi.mock('server-only', () => ({}));

process.env.SYSTEM_ID ??= 'test';
process.env.JWT_SECRET ??= 'test-secret-test-secret-test-secret-0123456789';
process.env.CARD_SECRET ??= 'test-card-secret-test-card-secret-0123456789';
process.env.NEXTAUTH_SECRET ??= 'test-nextauth-secret-test-nextauth-secret-01';
process.env.SESSION_SECRET ??= 'test-session-secret-test-session-secret-0123';

// An unexpected console.error is a bug a test should see (STYLE 8).
const original = console.error;
let errors: unknown[][] = [];
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};
afterEach(() => {
  const seen = errors;
  errors = [];
  if (seen.length) throw new Error(`console.error was called: ${String(seen[0]?.[0])}`);
});
