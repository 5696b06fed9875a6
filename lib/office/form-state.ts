// What an office form's action answers: the wrong fields in words (every one of them, and named
// together at the top), a message, and the submitted values so nothing typed is lost.
import { type AccountMessages, fill } from './i18n';
import type { FieldProblems } from './landlords/edits';

export interface FormState {
  error?: string;
  errors?: Record<string, string>;
  message?: string;
  values?: Record<string, string>;
}

/** Form text to the schema's shape: empty optional text is null, numbers are numbers. */
export function formFields(
  form: FormData,
  keys: readonly string[],
  numeric: readonly string[] = [],
): { input: Record<string, unknown>; values: Record<string, string> } {
  const input: Record<string, unknown> = {};
  const values: Record<string, string> = {};
  for (const key of keys) {
    const raw = form.get(key);
    const value = typeof raw === 'string' ? raw.trim() : '';
    values[key] = value;
    if (numeric.includes(key)) input[key] = value === '' ? undefined : Number(value);
    else input[key] = value === '' ? null : value;
  }
  return { input, values };
}

export function problemState(
  problems: FieldProblems,
  a: AccountMessages,
  labels: Record<string, string>,
  values?: Record<string, string>,
): FormState {
  const errors: Record<string, string> = {};
  for (const [key, problem] of Object.entries(problems)) errors[key] = a.problems[problem];
  const names = Object.keys(errors).map((k) => labels[k] ?? k);
  return { errors, error: fill(a.problems.summary, { fields: names.join(', ') }), values };
}
