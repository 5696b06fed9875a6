// The municipality-defined guest fields (meldeschein_fields, DECISIONS 2.6 and 2.10), checked and
// converted by the rules the portal's forms use too (lib/wire/guest-rules.ts); every problem of a
// request is collected, so one answer names all failing paths.
import {
  detail,
  ServiceError,
  type DetailCode,
  type DetailParams,
  type ServiceErrorDetail,
} from '../../wire/errors';
import { checkFieldValue, type FieldScalar, type RuleFailure } from '../../wire/guest-rules';
import type { FieldValue } from '../../wire/meldeschein';
import type { FieldDef } from './config';

export type { FieldScalar };
export type StoredFields = Record<string, FieldScalar>;

/** Guest keys every municipality has besides its own fields (spec 2.4); stored like them. */
export const ADDRESS_FIELDS: readonly FieldDef[] = [
  { name: 'address_id', alias: 'Adress-ID', dataType: 'text', required: false, size: 100 },
  { name: 'address_lat', alias: 'Breitengrad', dataType: 'number', required: false, size: null },
  { name: 'address_lng', alias: 'Längengrad', dataType: 'number', required: false, size: null },
  { name: 'address_label', alias: 'Adresse', dataType: 'text', required: false, size: 500 },
];

/** Collects every problem of a request so one answer names all failing paths. */
export class Problems {
  readonly details: ServiceErrorDetail[] = [];
  private unknown = false;

  add(path: string, code: DetailCode, message: string, params?: DetailParams): void {
    this.details.push(detail(path, code, message, params));
  }

  /** A broken rule of lib/wire/guest-rules.ts at this path. */
  addFailure(path: string, f: RuleFailure): void {
    this.add(path, f.code, f.message, f.params);
  }

  unknownField(path: string, allowed: readonly string[]): void {
    this.unknown = true;
    this.add(
      path,
      'unknown_field',
      `Unbekanntes Feld / unknown field; allowed: ${allowed.join(', ')}`,
      {
        allowed,
      },
    );
  }

  get empty(): boolean {
    return this.details.length === 0;
  }

  /** Throw one error naming every problem, if there are any. */
  throwIfAny(): void {
    if (this.empty) return;
    const first = this.details[0]!;
    const more = this.details.length > 1 ? `, and ${this.details.length - 1} more` : '';
    throw new ServiceError(
      this.unknown ? 'unknown_field' : 'validation_error',
      `The request body is invalid (${first.path}: ${first.message}${more}).`,
      this.details,
    );
  }
}

/**
 * One field value converted per its definition (lib/wire/guest-rules.ts); null when unset,
 * undefined (with a problem recorded) when invalid.
 */
export function convertField(
  def: FieldDef,
  value: FieldValue,
  path: string,
  problems: Problems,
): FieldScalar | null | undefined {
  const verdict = checkFieldValue(def.dataType, def.size, value);
  if (verdict.ok) return verdict.value;
  problems.addFailure(path, verdict.failure);
  return undefined;
}
