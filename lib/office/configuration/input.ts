// The office's configuration forms to the configuration file's schemas and back: form text to the
// schema's input, and every issue of a refused input to a message under the field's name, so a
// clerk sees every wrong field at once and loses nothing typed (docs/decisions/033).
import type { z } from 'zod';

/** Words for the issues, by code (the schemas' `params.code`, or the kind of problem). */
export interface IssueWords {
  required: string;
  invalid: string;
  number: string;
  codes: Record<string, string>;
}

const text = (form: FormData, key: string) => {
  const raw = form.get(key);
  return typeof raw === 'string' ? raw.trim() : '';
};

/** Empty is null; anything else a number (NaN for text, which the schema names as wrong). */
const numberOrNull = (form: FormData, key: string) => {
  const v = text(form, key);
  return v === '' ? null : Number(v);
};

/** A date as typed: `31.12.2027` (German) or `2027-12-31`; anything else as typed, for the schema. */
export function typedDate(value: string): string {
  const m = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(value.trim());
  return m ? `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}` : value.trim();
}

const date = (form: FormData, key: string) => typedDate(text(form, key));

const checked = (form: FormData, key: string) => form.get(key) === 'on' || form.get(key) === '1';

/** Euros as typed ("2,50", "2.5", "3") to cents; NaN when it is not an amount. */
function euroCents(value: string): number {
  const m = /^(\d{1,4})(?:[.,](\d{1,2}))?$/.exec(value.trim());
  if (!m) return Number.NaN;
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}

export const seasonFromForm = (form: FormData) => ({
  alias: text(form, 'alias'),
  valid_from: date(form, 'valid_from'),
  valid_until: date(form, 'valid_until'),
});

export const tarifFromForm = (form: FormData) => ({
  tarif_code: text(form, 'tarif_code'),
  alias: text(form, 'alias'),
  full_alias: text(form, 'full_alias') || undefined,
  is_active: checked(form, 'is_active'),
  allow_beherberger: checked(form, 'allow_beherberger'),
  print_kurkarte: checked(form, 'print_kurkarte'),
  default_selected: checked(form, 'default_selected'),
});

export const fieldFromForm = (form: FormData) => ({
  column_name: text(form, 'column_name'),
  alias: text(form, 'alias'),
  data_type: text(form, 'data_type'),
  required: checked(form, 'required'),
  size: numberOrNull(form, 'size'),
  transferable: checked(form, 'transferable'),
  list_visible: checked(form, 'list_visible'),
  required_foreign_only: checked(form, 'required_foreign_only'),
  statistical: checked(form, 'statistical'),
});

export const rateFromForm = (form: FormData) => ({
  tarif: Number(text(form, 'tarif')),
  zone: Number(text(form, 'zone')),
  season: text(form, 'season') === '' ? null : Number(text(form, 'season')),
  valid_from: date(form, 'valid_from') || null,
  cents: euroCents(text(form, 'euro')),
});

/** Form field names that differ from the schema's keys. */
const FORM_NAME: Record<string, string> = { cents: 'euro' };

/** Every issue under the form field it concerns (the first per field), in words. */
export function issuesByField(error: z.ZodError, words: IssueWords): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'form');
    const name = FORM_NAME[key] ?? key;
    if (out[name]) continue;
    const code =
      issue.code === 'custom' ? (issue.params as { code?: string } | undefined)?.code : undefined;
    if (code && words.codes[code]) out[name] = words.codes[code];
    else if (issue.code === 'invalid_type' && issue.expected === 'number') out[name] = words.number;
    else if (issue.code === 'too_small' && issue.origin === 'string') out[name] = words.required;
    else if (issue.code === 'invalid_type') out[name] = words.required;
    else out[name] = words.invalid;
  }
  return out;
}
