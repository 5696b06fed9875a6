// `?include=` on a call (an extension, docs/api.md): each call names the one value it knows;
// anything else is refused, so a typo never silently answers without what was asked for.
import { detail, ServiceError } from '../wire/errors';

/** Whether `?include=` asks for `value`; absent is false, any other value is `400`. */
export function includes(url: URL, value: string): boolean {
  const include = url.searchParams.get('include');
  if (include === null) return false;
  if (include === value) return true;
  throw new ServiceError('validation_error', `The query parameter include must be ${value}.`, [
    detail('include', 'invalid_value', `expected ${value}`, { allowed: [value] }),
  ]);
}
