// Form values <-> the service's wire shapes (lib/wire/meldeschein.ts), and service error paths
// back to form fields. Client-safe, pure.
import type { MeldescheinField } from '@/lib/wire/config';
import type {
  BookForm,
  BookGuest,
  FieldValue,
  UpdateForm,
  UpdateGuest,
} from '@/lib/wire/meldeschein';
import type { PortalForm } from '../api/client';
import type { GemeindeFormConfig } from '../config/view';
import { isGroup } from './guest-names';
import type { FieldInput, GuestValues, StayValues } from './values';

type ResponseGuest = PortalForm['personen'][number];

/** A field input as the service wants it; undefined when empty. */
export function fieldToWire(
  f: MeldescheinField,
  raw: FieldInput | undefined,
): FieldValue | undefined {
  if (f.data_type === 'boolean') return raw === true || raw === 'true' || raw === 'on';
  const s = typeof raw === 'string' ? raw.trim() : '';
  if (!s) return undefined;
  if (f.data_type === 'number') {
    // A decimal comma as typed in German; what is no number still goes as typed, to be refused.
    const n = Number(s.replace(',', '.'));
    return Number.isFinite(n) ? n : s;
  }
  if (f.data_type === 'country') return s.toUpperCase();
  return s;
}

/** A service value as a form input. */
export function fieldToInput(f: MeldescheinField, value: unknown): FieldInput {
  if (f.data_type === 'boolean') return value === true || value === 'true';
  if (value === null || value === undefined) return '';
  return String(value);
}

/** The guest's dates, falling back to the stay's (a form posted without JavaScript may leave them empty). */
export function withStayDates(values: StayValues): StayValues {
  return {
    ...values,
    guests: values.guests.map((g) => ({
      ...g,
      arrival: g.arrival || values.arrival,
      departure: g.departure || values.departure,
    })),
  };
}

export function guestToWire(g: GuestValues, config: GemeindeFormConfig): BookGuest {
  const base = {
    tarif_id: Number(g.tarifId),
    gast_type: g.type,
    arrival_date: g.arrival,
    departure_date: g.departure,
  };
  // A group's personal data would not be stored (DECISIONS 2.6), so none is sent.
  if (g.type === 'gruppe') return { ...base, anzahl: Number(g.anzahl) };
  const guest: BookGuest = { ...base };
  for (const f of config.fields) {
    const value = fieldToWire(f, g.fields[f.column_name]);
    if (value !== undefined) guest[f.column_name] = value;
  }
  return guest;
}

export function toBookForm(values: StayValues, config: GemeindeFormConfig): BookForm {
  return { personen: values.guests.map((g) => guestToWire(g, config)) };
}

/** Only what changed, so the service's per-guest history shows real changes. */
function guestChanges(
  orig: ResponseGuest,
  g: GuestValues,
  config: GemeindeFormConfig,
): UpdateGuest {
  const out: UpdateGuest = {};
  const wasGroup = isGroup(orig);
  if (Number(g.tarifId) !== orig.tarif_id) out.tarif_id = Number(g.tarifId);
  if (g.arrival !== orig.arrival_date.slice(0, 10)) out.arrival_date = g.arrival;
  if (g.departure !== orig.departure_date.slice(0, 10)) out.departure_date = g.departure;
  if (g.type === 'gruppe') {
    if (!wasGroup) out.gast_type = 'gruppe';
    if (Number(g.anzahl) !== orig.anzahl) out.anzahl = Number(g.anzahl);
    return out;
  }
  if (wasGroup) {
    out.gast_type = 'person';
    out.anzahl = 1;
  }
  for (const f of config.fields) {
    const next = fieldToWire(f, g.fields[f.column_name]);
    const before = orig[f.column_name] ?? undefined;
    if (f.data_type === 'boolean' && before === undefined && next === false) continue;
    if (next === before) continue;
    if (next === undefined && before === undefined) continue;
    // An emptied field is cleared explicitly: the service changes only the fields it is sent.
    out[f.column_name] = next === undefined ? null : next;
  }
  return out;
}

export interface UpdatePlan {
  form: UpdateForm;
  /** Request `personen[k]` -> form guest index (-1 for a deleted guest). */
  indexMap: number[];
  /** True when nothing changed (no call needed). */
  empty: boolean;
}

/** An `aktualisieren` request: new guests, changed fields of existing ones, deletions (spec 4.3). */
export function toUpdatePlan(
  form: PortalForm,
  values: StayValues,
  config: GemeindeFormConfig,
): UpdatePlan {
  const personen: UpdateGuest[] = [];
  const indexMap: number[] = [];
  const kept = new Set<number>();
  values.guests.forEach((g, i) => {
    const orig = g.id ? form.personen.find((p) => String(p.id) === g.id) : undefined;
    if (!orig) {
      personen.push(guestToWire(g, config));
      indexMap.push(i);
      return;
    }
    kept.add(orig.id);
    const changes = guestChanges(orig, g, config);
    if (Object.keys(changes).length) {
      personen.push({ id: orig.id, ...changes });
      indexMap.push(i);
    }
  });
  for (const orig of form.personen) {
    if (!kept.has(orig.id)) {
      personen.push({ id: orig.id, delete: true });
      indexMap.push(-1);
    }
  }
  return { form: { id: form.id, personen }, indexMap, empty: personen.length === 0 };
}

/** The edit form's starting values. */
export function valuesFromForm(form: PortalForm, config: GemeindeFormConfig): StayValues {
  return {
    objektId: String(form.objekt_id),
    arrival: form.travel_span.arrival_date.slice(0, 10),
    departure: form.travel_span.departure_date.slice(0, 10),
    guests: form.personen.map((g) => {
      const fields: Record<string, FieldInput> = {};
      for (const f of config.fields) fields[f.column_name] = fieldToInput(f, g[f.column_name]);
      return {
        id: String(g.id),
        type: isGroup(g) ? 'gruppe' : 'person',
        anzahl: String(g.anzahl),
        tarifId: String(g.tarif_id),
        arrival: g.arrival_date.slice(0, 10),
        departure: g.departure_date.slice(0, 10),
        fields,
      };
    }),
  };
}

/** A guest in a service path; what follows it is the field and, maybe, more. */
const GUEST_PATH = /^meldescheine\[0\]\.personen\[(\d+)\](?:\.(\w+)(.*))?$/;
const GUEST_KEYS: Record<string, string> = {
  tarif_id: 'tarifId',
  gast_type: 'type',
  arrival_date: 'arrival',
  departure_date: 'departure',
  anzahl: 'anzahl',
};

/** A service path's guest (its index in the form, through `indexMap` for an update) and key. */
function guestOfPath(path: string, indexMap?: readonly number[]) {
  const m = GUEST_PATH.exec(path);
  if (!m) return null;
  const k = Number(m[1]);
  const index = indexMap ? indexMap[k] : k;
  // A guest the update deletes has no place in the form.
  if (index === undefined || index < 0) return null;
  return { index, key: m[2], rest: m[3] };
}

/** `meldescheine[0].personen[1].Gast_Name` -> `guests.1.fields.Gast_Name` (or null: no such field). */
export function servicePathToField(
  path: string,
  config: GemeindeFormConfig,
  indexMap?: readonly number[],
): string | null {
  if (path === 'meta.objekt') return 'objektId';
  const g = guestOfPath(path, indexMap);
  if (!g?.key || g.rest) return null;
  if (GUEST_KEYS[g.key]) return `guests.${g.index}.${GUEST_KEYS[g.key]}`;
  if (config.fields.some((f) => f.column_name === g.key))
    return `guests.${g.index}.fields.${g.key}`;
  return null;
}

/** Where a service path points, in the landlord's terms: nothing of it means the whole stay. */
export interface PathPlace {
  /** The guest's index in the form. */
  guest?: number;
  /** The label the municipality gives the field. */
  label?: string;
}

export function servicePathPlace(
  path: string,
  config: GemeindeFormConfig,
  indexMap?: readonly number[],
): PathPlace {
  const g = guestOfPath(path, indexMap);
  if (!g) return {};
  const label = config.fields.find((f) => f.column_name === g.key)?.alias;
  return label ? { guest: g.index, label } : { guest: g.index };
}

/** Both readings of the service's paths for one form (error-details.ts mapErrorDetails). */
export function servicePaths(config: GemeindeFormConfig, indexMap?: readonly number[]) {
  return {
    field: (path: string) => servicePathToField(path, config, indexMap),
    place: (path: string) => servicePathPlace(path, config, indexMap),
  };
}
