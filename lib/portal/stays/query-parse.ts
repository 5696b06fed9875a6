// Reading the stays list's query from the URL (server side; zod stays out of the browser bundle).
import { z } from 'zod';
import { FORM_STATES, type FormState } from '@/lib/wire/meldeschein';
import { DEFAULT_SORT, SORT_KEYS, type StayQuery } from './query';

const first = (v: unknown) => (Array.isArray(v) ? v[0] : v);
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => {
    const value = first(v);
    return value === '' || value === undefined ? undefined : value;
  }, schema.optional().catch(undefined));

const QuerySchema = z.object({
  objekt: optional(z.coerce.number().int().positive()),
  monat: optional(z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/)),
  status: optional(z.enum(FORM_STATES)),
  sortierung: optional(z.enum(SORT_KEYS)),
  seite: optional(z.coerce.number().int().min(1).max(100_000)),
});

export function parseStayQuery(params: Record<string, string | string[] | undefined>): StayQuery {
  const q = QuerySchema.parse(params);
  return {
    objekt: q.objekt,
    month: q.monat,
    state: q.status,
    sort: q.sortierung ?? DEFAULT_SORT,
    page: q.seite ?? 1,
  };
}

/** An index row's state (stored as text) as a known state; unknown ones read as draft. */
export function asFormState(value: string): FormState {
  return (FORM_STATES as readonly string[]).includes(value) ? (value as FormState) : 'draft';
}
