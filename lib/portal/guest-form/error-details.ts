// A service refusal's details in the landlord's words, each on the form field it names (the
// headline for the whole refusal is api/errors.ts's).
import type { ErrorDetail } from '@/lib/wire/errors';
import { headlineOfCode } from '../api/errors';
import { fmt, type Messages } from '../i18n';
import { describeRule } from './rule-messages';
import type { PathPlace } from './wire';

/** How a form reads the service's paths: its field for a detail, else where it points. */
export interface PathReader {
  field: (servicePath: string) => string | null;
  place: (servicePath: string) => PathPlace;
}

/**
 * A service detail in the landlord's language by its machine code; a code without words of its
 * own gets an honest general sentence, naming the field when the municipality labels it (the
 * service's sentence is never parsed, its field keys never shown).
 */
export function explainDetailCode(d: ErrorDetail, m: Messages, label?: string): string {
  const rule = describeRule(d.code, d.params, m);
  if (rule) return rule;
  const headline = headlineOfCode(d.code, m);
  if (headline) return headline;
  const alias = typeof d.params?.alias === 'string' && d.params.alias ? d.params.alias : label;
  return alias ? fmt(m.apiErrors.fieldRejected, { field: alias }) : m.apiErrors.detailRejected;
}

export interface MappedErrors {
  /** Form field name -> message. */
  fieldErrors: Record<string, string>;
  /** Details that name no field of the form, explained for the summary with their guest. */
  other: string[];
}

/** A detail no form field takes: its guest and field, else the stay as a whole, and its words. */
function placed(text: string, place: PathPlace, m: Messages): string {
  if (place.guest === undefined)
    return fmt(m.form.summaryEntry, { field: m.form.stay, message: text });
  const guest = fmt(m.form.guestN, { n: place.guest + 1 });
  return place.label
    ? fmt(m.form.summaryGuestEntry, { guest, field: place.label, message: text })
    : fmt(m.form.summaryEntry, { field: guest, message: text });
}

/**
 * Sorts the service's `details` onto form fields (`meldescheine[0].personen[1].Gast_Name` ->
 * `guests.1.fields.Gast_Name`); the rest are explained for the summary, never by their path.
 */
export function mapErrorDetails(
  details: readonly ErrorDetail[],
  paths: PathReader,
  m: Messages,
): MappedErrors {
  const fieldErrors: Record<string, string> = {};
  const other: string[] = [];
  for (const d of details) {
    const field = paths.field(d.path);
    const place = paths.place(d.path);
    const text = explainDetailCode(d, m, place.label);
    if (field && !fieldErrors[field]) fieldErrors[field] = text;
    else if (!field) other.push(placed(text, place, m));
  }
  return { fieldErrors, other };
}
