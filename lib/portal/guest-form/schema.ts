// One zod schema per municipality, built from its `meldeschein_fields` (order, required flags,
// sizes, data types) and shared by the browser (react-hook-form resolver) and the server action.
// Client-safe. Messages come in, so the schema speaks the landlord's language on both sides.
// zod/mini (same engine, tree-shakable API) keeps the form page's JavaScript small.
import * as z from 'zod/mini';
import type { MeldescheinField } from '@/lib/wire/config';
import { isRequiredFor, NATIONALITY_FIELD } from '@/lib/wire/foreign-guests';
import { isBlankText } from '@/lib/wire/text';
import { isCalendarDate } from '@/lib/wire/time';
import { MAX_ANZAHL, MAX_GUESTS_PER_FORM } from './limits';
import type { GemeindeFormConfig } from '../config-view';
import { COUNTRY_CODES } from '../countries';
import { fmt, type Messages } from '../i18n';
import type { StayValues } from './values';

type V = Messages['form']['validation'];

// The service's own patterns (lib/service/meldescheine/fields.ts), so what passes here passes there.
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const NUMBER = /^-?\d{1,15}([.,]\d{1,15})?$/;

/** Inputs arrive as strings (forms) or booleans (checkboxes); anything else counts as empty. */
const text = z.pipe(
  z.transform((v: unknown) => (typeof v === 'string' ? v : '')),
  z.string(),
);
const flag = z.pipe(
  z.transform((v: unknown) => v === true || v === 'true' || v === 'on'),
  z.boolean(),
);

export const codePoints = (s: string) => [...s].length;

/** The check of one field's value by its data type and size; required-ness depends on the guest type. */
export function fieldSchema(f: MeldescheinField, v: V): z.ZodMiniType {
  if (f.data_type === 'boolean') return flag;
  return text.check(
    z.superRefine((raw, ctx) => {
      const s = raw.trim();
      if (!s) return;
      const fail = (message: string) => ctx.addIssue({ code: 'custom', message });
      if (f.size && codePoints(s) > f.size) return fail(fmt(v.tooLong, { n: f.size }));
      if (f.data_type === 'date' && !isCalendarDate(s)) fail(v.date);
      if (f.data_type === 'email' && !EMAIL.test(s)) fail(v.email);
      if (f.data_type === 'number' && !NUMBER.test(s)) fail(v.number);
      if (f.data_type === 'country' && !COUNTRY_CODES.has(s.toUpperCase())) fail(v.country);
    }),
  );
}

export function isFilled(value: unknown): boolean {
  return typeof value === 'string' ? !isBlankText(value) : value !== undefined && value !== null;
}

export interface SchemaOptions {
  /** New forms take the stay's dates and object; an edit keeps the form's object. */
  mode: 'new' | 'edit';
  /** Objects the user may book for (ids as strings). */
  objektIds: string[];
}

export function buildStaySchema(config: GemeindeFormConfig, m: Messages, opts: SchemaOptions) {
  const v = m.form.validation;
  const fieldShape: Record<string, z.ZodMiniType> = {};
  for (const f of config.fields) fieldShape[f.column_name] = fieldSchema(f, v);
  const tarifIds = new Set(config.tarife.map((t) => String(t.id)));

  const guestType = z.pipe(
    z.transform((x: unknown) => (x === 'gruppe' ? 'gruppe' : 'person')),
    z.enum(['person', 'gruppe']),
  );
  const guest = z
    .object({
      id: text,
      type: guestType,
      anzahl: text,
      tarifId: text,
      arrival: text,
      departure: text,
      fields: z.object(fieldShape),
    })
    .check(
      z.superRefine((g, ctx) => {
        const issue = (path: (string | number)[], message: string) =>
          ctx.addIssue({ code: 'custom', path, message });
        if (!tarifIds.has(g.tarifId)) issue(['tarifId'], v.tariff);
        const arrivalOk = isCalendarDate(g.arrival);
        const departureOk = isCalendarDate(g.departure);
        if (!arrivalOk) issue(['arrival'], g.arrival ? v.date : v.required);
        if (!departureOk) issue(['departure'], g.departure ? v.date : v.required);
        if (arrivalOk && departureOk && g.departure <= g.arrival) {
          issue(['departure'], v.departureAfterArrival);
        }
        if (g.type === 'gruppe') {
          const n = Number(g.anzahl);
          if (!/^\d+$/.test(g.anzahl.trim()) || n < 2 || n > MAX_ANZAHL)
            issue(['anzahl'], v.groupSize);
          return; // a group's personal data is not stored, so none is required (DECISIONS 2.6)
        }
        // Foreign-only fields (BMG § 29(2)) by the guest's nationality, as the service decides.
        const nationality = g.fields[NATIONALITY_FIELD];
        for (const f of config.fields) {
          const required = isRequiredFor(f.required, f.required_foreign_only === true, nationality);
          if (required && f.data_type !== 'boolean' && !isFilled(g.fields[f.column_name])) {
            issue(['fields', f.column_name], v.required);
          }
        }
      }),
    );

  return z
    .object({
      objektId: text,
      arrival: text,
      departure: text,
      guests: z
        .array(guest)
        .check(
          z.minLength(1, v.lastGuest),
          z.maxLength(MAX_GUESTS_PER_FORM, fmt(v.tooManyGuests, { n: MAX_GUESTS_PER_FORM })),
        ),
    })
    .check(
      z.superRefine((s, ctx) => {
        if (opts.mode === 'edit') return;
        const issue = (path: string, message: string) =>
          ctx.addIssue({ code: 'custom', path: [path], message });
        if (!opts.objektIds.includes(s.objektId)) issue('objektId', v.object);
        const arrivalOk = isCalendarDate(s.arrival);
        const departureOk = isCalendarDate(s.departure);
        if (!arrivalOk) issue('arrival', s.arrival ? v.date : v.required);
        if (!departureOk) issue('departure', s.departure ? v.date : v.required);
        if (arrivalOk && departureOk && s.departure <= s.arrival)
          issue('departure', v.departureAfterArrival);
      }),
    );
}

export type StaySchema = ReturnType<typeof buildStaySchema>;

/** Validation errors as `{ 'guests.1.fields.Gast_Name': message }` (first message per field). */
export function validateStay(schema: StaySchema, values: StayValues): Record<string, string> {
  const result = schema.safeParse(values);
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.') || 'root';
    errors[key] ??= issue.message;
  }
  return errors;
}
