// Guests checked against the municipality of `meta.gemeinde` (DECISIONS 2.6, 2.10): known fields
// only, tariffs of that municipality and active, departure after arrival, required fields for
// individual guests. A group guest (`gruppe`, or `anzahl` > 1) keeps no individual data and needs
// none. Every problem is collected with its path, so one answer names all of them.
import { detail, ServiceError } from '../../wire/errors';
import { isRequiredFor, NATIONALITY_FIELD } from '../../wire/foreign-guests';
import { isGroupGuest, isUnset, MAX_GUESTS_PER_FORM, nightsProblem } from '../../wire/guest-rules';
import {
  BOOK_GUEST_KEYS,
  MAX_FORMS_PER_BOOKING,
  UPDATE_GUEST_KEYS,
  type BookForm,
  type FieldValue,
  type UpdateGuest,
} from '../../wire/meldeschein';
import type { FieldDef, GemeindeConfig } from './config';
import { dayNumber } from './days';
import { isStorableText } from '../../wire/text';
import { ADDRESS_FIELDS, convertField, Problems, type StoredFields } from './fields';

export type GastType = 'person' | 'gruppe';

/** A guest as stored, after validation. */
export interface GuestData {
  tarifId: number;
  gastType: GastType;
  anzahl: number;
  arrival: string;
  departure: string;
  fields: StoredFields;
}

/** A computed guest as the record the write statements read with `jsonb_to_recordset`. */
export function guestRecord(g: GuestData & { cents: number }) {
  return {
    tarif_id: g.tarifId,
    gast_type: g.gastType,
    anzahl: g.anzahl,
    arrival_date: g.arrival,
    departure_date: g.departure,
    kurtaxe: g.cents,
    fields: g.fields,
  };
}

export function isGroup(g: { gastType: GastType; anzahl: number }): boolean {
  return isGroupGuest(g.gastType, g.anzahl);
}

export function tooMany(what: string, max: number, path: string): ServiceError {
  return new ServiceError('too_many_items', `At most ${max} ${what} per call.`, [
    detail(path, 'too_many_items', `at most ${max} items allowed`, { max }),
  ]);
}

function fieldDef(cfg: GemeindeConfig, name: string): FieldDef | undefined {
  return cfg.fieldByName.get(name) ?? ADDRESS_FIELDS.find((f) => f.name === name);
}

/** Keys of a guest that are neither the call's own nor a field of the municipality. */
function strangeKeys(
  cfg: GemeindeConfig,
  guest: Record<string, unknown>,
  own: ReadonlySet<string>,
): string[] {
  return Object.keys(guest).filter((key) => !own.has(key) && !fieldDef(cfg, key));
}

/** On booking such keys are refused (DECISIONS 2.6). */
function checkUnknownKeys(
  cfg: GemeindeConfig,
  guest: Record<string, unknown>,
  own: ReadonlySet<string>,
  path: string,
  problems: Problems,
): void {
  for (const key of strangeKeys(cfg, guest, own)) {
    problems.unknownField(`${path}.${key}`, [
      ...own,
      ...cfg.fields.map((f) => f.name),
      ...ADDRESS_FIELDS.map((f) => f.name),
    ]);
  }
}

export function checkTarif(
  cfg: GemeindeConfig,
  tarifId: number,
  path: string,
  problems: Problems,
): void {
  const t = cfg.tarife.get(tarifId);
  const params = { tarif_id: tarifId };
  if (!t) {
    problems.add(
      path,
      'tariff_unknown',
      `tariff ${tarifId} is not a tariff of municipality ${cfg.id}`,
      params,
    );
  } else if (!t.isActive) {
    problems.add(path, 'tariff_inactive', `tariff ${tarifId} (${t.alias}) is not active`, params);
  } else if (!t.allowBeherberger) {
    problems.add(
      path,
      'tariff_not_for_landlords',
      `tariff ${tarifId} (${t.alias}) is not open to landlords`,
      params,
    );
  }
}

export function checkDates(arrival: string, departure: string, path: string, problems: Problems) {
  const failure = nightsProblem(dayNumber(departure) - dayNumber(arrival));
  if (failure) problems.addFailure(`${path}.departure_date`, failure);
}

/** The municipality fields of a guest object, converted; unset values as null. */
export function convertSupplied(
  cfg: GemeindeConfig,
  guest: Record<string, unknown>,
  own: ReadonlySet<string>,
  path: string,
  problems: Problems,
): Record<string, string | number | boolean | null> {
  const out: Record<string, string | number | boolean | null> = {};
  for (const [key, value] of Object.entries(guest)) {
    if (own.has(key)) continue;
    const def = fieldDef(cfg, key);
    if (!def) continue;
    const v = convertField(def, value as FieldValue, `${path}.${key}`, problems);
    if (v !== undefined) out[key] = v;
  }
  return out;
}

/**
 * Individual guests must carry every required field of the municipality. A field sent with an
 * invalid value is already reported as such, not again as missing.
 */
export function checkRequired(
  cfg: GemeindeConfig,
  fields: StoredFields,
  sent: Record<string, unknown>,
  path: string,
  problems: Problems,
): void {
  // A foreign-only field (BMG § 29(2)) is required unless the converted nationality is German.
  const nationality = fields[NATIONALITY_FIELD];
  for (const f of cfg.fields) {
    const required = isRequiredFor(f.required, f.requiredForeignOnly === true, nationality);
    if (!required || fields[f.name] !== undefined) continue;
    if (!isUnset(sent[f.name])) continue;
    problems.add(`${path}.${f.name}`, 'required', `required (${f.alias})`, { alias: f.alias });
  }
}

export function withoutNulls(
  fields: Record<string, string | number | boolean | null>,
): StoredFields {
  const out: StoredFields = {};
  for (const [k, v] of Object.entries(fields)) if (v !== null) out[k] = v;
  return out;
}

/** Validate the forms of a booking; the guests of each form as they will be stored. */
export function validateBooking(cfg: GemeindeConfig, forms: BookForm[]): GuestData[][] {
  if (forms.length > MAX_FORMS_PER_BOOKING) {
    throw tooMany('forms', MAX_FORMS_PER_BOOKING, 'meldescheine');
  }
  forms.forEach((f, i) => {
    if (f.personen.length > MAX_GUESTS_PER_FORM) {
      throw tooMany('guests per form', MAX_GUESTS_PER_FORM, `meldescheine[${i}].personen`);
    }
  });
  const problems = new Problems();
  if (!forms.length) {
    problems.add('meldescheine', 'too_small', 'at least one form is required', { min: 1 });
  }
  const result = forms.map((form, i) => {
    const formPath = `meldescheine[${i}]`;
    if (!form.personen.length)
      problems.add(`${formPath}.personen`, 'too_small', 'at least one guest is required', {
        min: 1,
      });
    if (form.input_id !== undefined && !isStorableText(form.input_id)) {
      problems.add(
        `${formPath}.input_id`,
        'invalid_text',
        'contains control characters or broken Unicode',
      );
    }
    return form.personen.map((guest, j) => {
      const path = `${formPath}.personen[${j}]`;
      checkUnknownKeys(cfg, guest, BOOK_GUEST_KEYS, path, problems);
      checkTarif(cfg, guest.tarif_id, `${path}.tarif_id`, problems);
      checkDates(guest.arrival_date, guest.departure_date, path, problems);
      const data: GuestData = {
        tarifId: guest.tarif_id,
        gastType: guest.gast_type,
        anzahl: guest.anzahl ?? 1,
        arrival: guest.arrival_date,
        departure: guest.departure_date,
        fields: {},
      };
      // Spec 2.3: a group's individual data is not stored, so it is neither checked nor required.
      if (!isGroup(data)) {
        data.fields = withoutNulls(convertSupplied(cfg, guest, BOOK_GUEST_KEYS, path, problems));
        checkRequired(cfg, data.fields, guest, path, problems);
      }
      return data;
    });
  });
  problems.throwIfAny();
  return result;
}

/** A guest action of `aktualisieren`, checked as far as possible without the stored form. */
export interface GuestAction {
  index: number;
  path: string;
  raw: UpdateGuest;
  kind: 'create' | 'update' | 'delete';
  /** Request paths of the keys the update ignored (spec 4.3), for the guest's history. */
  ignored: string[];
}

/** Static checks of the guest actions of an update: shape, keys, tariffs, required on create. */
export function checkUpdateActions(
  cfg: GemeindeConfig,
  guests: UpdateGuest[],
  inputId: string | null | undefined,
  problems: Problems,
): GuestAction[] {
  if (guests.length > MAX_GUESTS_PER_FORM) {
    throw tooMany('guests per form', MAX_GUESTS_PER_FORM, 'meldescheine[0].personen');
  }
  if (typeof inputId === 'string' && !isStorableText(inputId)) {
    problems.add(
      'meldescheine[0].input_id',
      'invalid_text',
      'contains control characters or broken Unicode',
    );
  }
  const seen = new Map<number, number>();
  return guests.map((raw, index) => {
    const path = `meldescheine[0].personen[${index}]`;
    // Spec 4.3: "only supplied fields that exist are changed"; the others are ignored.
    const ignored = strangeKeys(cfg, raw, UPDATE_GUEST_KEYS).map((key) => `${path}.${key}`);
    if (raw.id !== undefined) {
      const before = seen.get(raw.id);
      if (before !== undefined) {
        problems.add(
          `${path}.id`,
          'duplicate_guest',
          `guest ${raw.id} already appears at personen[${before}]`,
          { id: raw.id, index: before },
        );
      }
      seen.set(raw.id, index);
    }
    if (raw.tarif_id !== undefined) checkTarif(cfg, raw.tarif_id, `${path}.tarif_id`, problems);
    if (raw.delete) {
      if (raw.id === undefined) {
        problems.add(`${path}.id`, 'required', 'required to delete a guest');
      }
      return { index, path, raw, ignored, kind: 'delete' as const };
    }
    if (raw.id !== undefined) return { index, path, raw, ignored, kind: 'update' as const };
    for (const key of ['tarif_id', 'arrival_date', 'departure_date'] as const) {
      if (raw[key] === undefined) {
        problems.add(`${path}.${key}`, 'required', 'required for a new guest');
      }
    }
    return { index, path, raw, ignored, kind: 'create' as const };
  });
}
