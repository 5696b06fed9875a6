// The guest form's values as the browser holds them: strings (and booleans for checkboxes),
// named `guests.<i>.fields.<column_name>` so a plain HTML form posts the same shape. Client-safe.
import type { MeldescheinField, Tarif } from '@/lib/wire/config';
import type { GastType } from '@/lib/wire/meldeschein';
import type { GemeindeFormConfig } from '../config/view';

export type FieldInput = string | boolean;
export type GuestType = (typeof GastType.options)[number];

export interface GuestValues {
  /** Id of an existing guest (edit), '' for a new one. */
  id: string;
  type: GuestType;
  anzahl: string;
  tarifId: string;
  arrival: string;
  departure: string;
  fields: Record<string, FieldInput>;
  /**
   * The guest's check-in only: who this guest travels with, `partner:<index>` or `child:<index>`
   * of another guest of the party ('' or absent: nobody; lib/portal/checkin/party.ts).
   */
  relation?: string;
}

export interface StayValues {
  objektId: string;
  arrival: string;
  departure: string;
  guests: GuestValues[];
}

export function defaultTarifId(tarife: readonly Tarif[]): string {
  const t = tarife.find((x) => x.default_selected) ?? (tarife.length === 1 ? tarife[0] : undefined);
  return t ? String(t.id) : '';
}

export function emptyFieldValue(f: MeldescheinField): FieldInput {
  return f.data_type === 'boolean' ? false : '';
}

export function emptyGuest(
  config: GemeindeFormConfig | undefined,
  dates: { arrival: string; departure: string },
): GuestValues {
  const fields: Record<string, FieldInput> = {};
  for (const f of config?.fields ?? []) fields[f.column_name] = emptyFieldValue(f);
  return {
    id: '',
    type: 'person',
    anzahl: '2',
    tarifId: config ? defaultTarifId(config.tarife) : '',
    arrival: dates.arrival,
    departure: dates.departure,
    fields,
  };
}

/** Makes sure every field of the municipality has a value (a draft or a switched object may lack some). */
export function completeGuest(g: GuestValues, config: GemeindeFormConfig | undefined): GuestValues {
  const fields = { ...g.fields };
  for (const f of config?.fields ?? []) fields[f.column_name] ??= emptyFieldValue(f);
  return { ...g, fields };
}
