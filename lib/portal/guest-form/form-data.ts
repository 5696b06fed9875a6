// A posted guest form (FormData with names like `guests.0.fields.Gast_Name`, or the same as a
// urlencoded body) back into StayValues. The same names are what react-hook-form registers, so with
// or without JavaScript the server receives one shape. Client-safe.
import { z } from 'zod';
import type { StayValues } from './values';

type Tree = { [key: string]: Tree | string };

/** `a.0.b=x` -> `{ a: { '0': { b: 'x' } } }`; the last value of a repeated name wins. */
function toTree(entries: Iterable<[string, FormDataEntryValue]>): Tree {
  const root: Tree = {};
  for (const [name, value] of entries) {
    if (typeof value !== 'string' || name.startsWith('$ACTION')) continue;
    const parts = name.split('.');
    let node = root;
    parts.forEach((part, i) => {
      if (part === '__proto__' || part === 'constructor' || part === 'prototype') return;
      if (i === parts.length - 1) node[part] = value;
      else {
        const next = node[part];
        node = typeof next === 'object' ? next : (node[part] = {});
      }
    });
  }
  return root;
}

const str = z.string().catch('');
const Guest = z.object({
  id: str,
  type: z.enum(['person', 'gruppe']).catch('person'),
  anzahl: str,
  tarifId: str,
  arrival: str,
  departure: str,
  fields: z.record(z.string(), z.string()).catch({}),
  relation: str,
});

/** Indexed objects (`{ '0': …, '2': … }`) to an array in index order; at most `max` entries. */
function indexed(value: unknown, max: number): unknown[] {
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value)
    .filter(([k]) => /^\d+$/.test(k))
    .sort(([a], [b]) => Number(a) - Number(b))
    .slice(0, max)
    .map(([, v]) => v);
}

export interface PostedForm {
  values: StayValues;
  /** `submit`, `add-guest`, `remove-guest:<i>`, `copy-dates:<i>` (buttons without JavaScript). */
  intent: string;
  /** Idempotency key of this form page (one booking per page, however often it is posted). */
  requestId: string;
}

export function readPostedForm(
  formData: FormData | URLSearchParams,
  maxGuests: number,
): PostedForm {
  const tree = toTree(formData.entries());
  const guests = indexed(tree.guests, maxGuests).map((g) => Guest.parse(g ?? {}));
  const text = (key: string) => (typeof tree[key] === 'string' ? tree[key] : '');
  return {
    values: {
      objektId: text('objektId'),
      arrival: text('arrival'),
      departure: text('departure'),
      // Checkboxes post only when ticked: an unticked one reads as false later (completeGuest).
      guests: guests.map((g) => ({ ...g, fields: { ...g.fields } })),
    },
    intent: text('intent') || 'submit',
    requestId: text('requestId').slice(0, 100),
  };
}
