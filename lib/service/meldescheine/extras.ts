// What a form carries beyond the service's own fields when it comes through another interface
// (the AVS face, docs/avs.md): kept as given and answered back there, invisible to `/api/`,
// erased with the guests' data. The booking and the update take it in their own transaction.
import { detail, ServiceError } from '../../wire/errors';
import type { StoredFields } from './fields';

export interface FormExtras {
  /** The booking system's number of the form, unique per object. */
  buchungsnummer?: string | null;
  /** Data of the interface kept as it is (a JSON object). */
  kept?: Record<string, unknown> | null;
  /** A manual amount in cents that replaces the computed Kurtaxe (`kz_manueller_betrag`). */
  manualCents?: number | null;
  /**
   * An update names every guest the form keeps (AVS's correction): a stored guest no action names
   * is removed, decided under the form's lock.
   */
  replaceGuests?: boolean;
}

/**
 * Guest values beyond the municipality's fields: keys hold a dot (`avs.anredeid`), which no
 * field's column name can, so they never collide with one and `/api/` never lists them.
 */
export type GuestExtras = StoredFields;

export const isExtraKey = (key: string) => key.includes('.');

/** A guest's stored fields with its extras replaced by `extras`. */
export function withExtras(fields: StoredFields, extras: GuestExtras | undefined): StoredFields {
  if (!extras) return fields;
  const out: StoredFields = {};
  for (const [k, v] of Object.entries(fields)) if (!isExtraKey(k)) out[k] = v;
  return { ...out, ...extras };
}

/** The unique index that keeps a booking number once per object. */
const BOOKING_NUMBER_INDEX = 'meldescheine_buchungsnummer_uq';

/** A unique violation of that index (both drivers) as the 409 it stands for; else the error. */
export function bookingNumberTaken(err: unknown, path: string): unknown {
  const e = err as { code?: unknown; constraint?: unknown; message?: unknown } | null;
  const text = `${String(e?.constraint ?? '')} ${String(e?.message ?? '')}`;
  if (e?.code !== '23505' || !text.includes(BOOKING_NUMBER_INDEX)) return err;
  return new ServiceError(
    'duplicate_request',
    'This booking number is already taken for the object.',
    [detail(path, 'already_used', 'already used for this object')],
  );
}
