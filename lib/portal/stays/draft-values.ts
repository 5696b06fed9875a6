import 'server-only';
// A stored draft is data from the database, read back as form values only if it has their shape.
import { z } from 'zod';
import type { StayValues } from '../guest-form/values';

const Guest = z.object({
  id: z.string(),
  type: z.enum(['person', 'gruppe']),
  anzahl: z.string(),
  tarifId: z.string(),
  arrival: z.string(),
  departure: z.string(),
  fields: z.record(z.string(), z.union([z.string(), z.boolean()])),
});
const Stay = z.object({
  objektId: z.string(),
  arrival: z.string(),
  departure: z.string(),
  guests: z.array(Guest).min(1),
});

export function draftValues(data: unknown): StayValues | undefined {
  const parsed = Stay.safeParse(data);
  return parsed.success ? parsed.data : undefined;
}
