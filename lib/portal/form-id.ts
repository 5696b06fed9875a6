import { MAX_ID } from '@/lib/wire/meldeschein';

/** A form id from a URL segment: a positive integer the service can hold, else null. */
export function parseFormId(raw: string): number | null {
  if (!/^\d{1,10}$/.test(raw)) return null;
  const n = Number(raw);
  return n > 0 && n <= MAX_ID ? n : null;
}
