// One zod schema per municipality, built from its `meldeschein_fields` (order, required flags,
// sizes, data types) and shared by the browser (react-hook-form resolver) and the server action.
// Client-safe. Messages come in, so the schema speaks the landlord's or the guest's language.
// zod/mini (same engine, tree-shakable API) keeps the form page's JavaScript small.
import * as z from 'zod/mini';
import type { MeldescheinField } from '@/lib/wire/config';
import { requiredInPortal } from '@/lib/wire/arrival-duty';
import { isRequiredFor, NATIONALITY_FIELD } from '@/lib/wire/foreign-guests';
import {
  anzahlProblem,
  checkFieldValue,
  MAX_GUESTS_PER_FORM,
  nightsProblem,
  type FieldScalar,
  type RuleFailure,
} from '@/lib/wire/guest-rules';
import { daysBetween, isCalendarDate } from '@/lib/wire/time';
import type { GemeindeFormConfig } from '../config/view';
import { fmt } from '../i18n';
import type { FormWords } from '../i18n/guest/pages';
import { describeRule } from './rule-messages';
import type { StayValues } from './values';
import { fieldToWire } from './wire';

/** Inputs arrive as strings (forms) or booleans (checkboxes); anything else counts as empty. */
const text = z.pipe(
  z.transform((v: unknown) => (typeof v === 'string' ? v : '')),
  z.string(),
);
const flag = z.pipe(
  z.transform((v: unknown) => v === true || v === 'true' || v === 'on'),
  z.boolean(),
);

type Rule = Pick<RuleFailure, 'code' | 'params'>;
type AddIssue = (path: (string | number)[], rule: Rule) => void;

/** Issues carry the rule's detail code (`params.code`), worded as for the service's answer. */
function issueAdder(ctx: z.core.$RefinementCtx, m: FormWords): AddIssue {
  return (path, rule) =>
    ctx.addIssue({
      code: 'custom',
      path,
      message: describeRule(rule.code, rule.params, m) ?? rule.code,
      params: { code: rule.code, ...rule.params },
    });
}

/** Both dates given, real, and a stay of 1-366 nights (lib/wire/guest-rules.ts). */
function checkStayDates(dates: { arrival: string; departure: string }, add: AddIssue): void {
  const arrivalOk = isCalendarDate(dates.arrival);
  const departureOk = isCalendarDate(dates.departure);
  if (!arrivalOk) add(['arrival'], { code: dates.arrival ? 'invalid_date' : 'required' });
  if (!departureOk) add(['departure'], { code: dates.departure ? 'invalid_date' : 'required' });
  if (!arrivalOk || !departureOk) return;
  const failure = nightsProblem(daysBetween(dates.arrival, dates.departure));
  if (failure) add(['departure'], failure);
}

/**
 * An individual guest's fields as the portal sends them, checked by the service's rules; required
 * fields (foreign-only ones by the converted nationality, BMG § 29(2)) as the service decides.
 */
function checkGuestFields(
  fields: readonly MeldescheinField[],
  values: Record<string, unknown>,
  add: AddIssue,
): void {
  const converted = new Map<string, FieldScalar | null>();
  for (const f of fields) {
    const verdict = checkFieldValue(
      f.data_type,
      f.size,
      fieldToWire(f, values[f.column_name] as string),
    );
    if (verdict.ok) converted.set(f.column_name, verdict.value);
    else add(['fields', f.column_name], verdict.failure);
  }
  const nationality = converted.get(NATIONALITY_FIELD);
  for (const f of fields) {
    const required = isRequiredFor(
      requiredInPortal(f),
      f.required_foreign_only === true,
      nationality,
    );
    if (required && converted.get(f.column_name) === null) {
      add(['fields', f.column_name], { code: 'required' });
    }
  }
}

export interface SchemaOptions {
  /** New forms take the stay's dates and object; an edit keeps the form's object. */
  mode: 'new' | 'edit';
  /** Objects the user may book for (ids as strings). */
  objektIds: string[];
}

export function buildStaySchema(config: GemeindeFormConfig, m: FormWords, opts: SchemaOptions) {
  const v = m.form.validation;
  const fieldShape: Record<string, z.ZodMiniType> = {};
  for (const f of config.fields)
    fieldShape[f.column_name] = f.data_type === 'boolean' ? flag : text;
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
        const add = issueAdder(ctx, m);
        if (!tarifIds.has(g.tarifId)) add(['tarifId'], { code: 'tariff_unknown' });
        checkStayDates(g, add);
        if (g.type === 'gruppe') {
          // As sent: a whole number of 1-9999 persons. A group's personal data is not stored,
          // so none is checked or required (DECISIONS 2.6).
          const failure = anzahlProblem(Number(g.anzahl));
          if (failure) add(['anzahl'], failure);
          return;
        }
        checkGuestFields(config.fields, g.fields, add);
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
        if (!opts.objektIds.includes(s.objektId)) {
          ctx.addIssue({ code: 'custom', path: ['objektId'], message: v.object });
        }
        checkStayDates(s, issueAdder(ctx, m));
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
