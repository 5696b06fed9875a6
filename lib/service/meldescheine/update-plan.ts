// What an `aktualisieren` call does to the guests of a stored form (spec 4.3): create guests
// without id, update the supplied fields of guests with id, delete guests with id and
// `delete: true`, all in one call. A guest id that is not a live guest of this form is refused
// (`guest_not_in_form`) and a form keeps at least one guest (`form_must_keep_a_guest`).
import { detail, ServiceError } from '../../wire/errors';
import { MAX_GUESTS_PER_FORM } from '../../wire/guest-rules';
import { UPDATE_GUEST_KEYS } from '../../wire/meldeschein';
import type { GemeindeConfig } from './config';
import { withExtras, type GuestExtras } from './extras';
import { Problems, type StoredFields } from './fields';
import type { GuestRow } from './form-wire';
import {
  checkDates,
  checkRequired,
  convertSupplied,
  isGroup,
  tooMany,
  withoutNulls,
  type GastType,
  type GuestAction,
  type GuestData,
} from './guests';

/** A live guest after the call: an existing one (with its row) or a new one. */
export interface PlannedGuest extends GuestData {
  row: GuestRow | null;
  /** Index of the action in the request that touched it, if any. */
  actionIndex: number | null;
}

export interface UpdatePlan {
  /** Live guests after the call, in response order: remaining ones, then new ones. */
  live: PlannedGuest[];
  deleted: GuestRow[];
}

export function guestData(row: GuestRow): GuestData {
  return {
    tarifId: row.tarifId,
    gastType: row.gastType as GastType,
    anzahl: row.anzahl,
    arrival: row.arrivalDate,
    departure: row.departureDate,
    fields: row.fields as StoredFields,
  };
}

/** Apply the actions to the form's guests; throws the first kind of problem found. */
export function planUpdate(
  cfg: GemeindeConfig,
  formId: number,
  guests: GuestRow[],
  actions: GuestAction[],
  /** Per action (by its index), the guest's extras from another interface (extras.ts). */
  extras?: readonly (GuestExtras | undefined)[],
  /** Remove every stored guest no action names (extras.ts `replaceGuests`). */
  replaceGuests = false,
): UpdatePlan {
  const byId = new Map(guests.map((g) => [g.id, g]));
  const strangers = actions.filter((a) => a.kind !== 'create' && !byId.has(a.raw.id!));
  if (strangers.length) {
    throw new ServiceError(
      'guest_not_in_form',
      `Guest ${strangers.map((a) => a.raw.id).join(', ')} is not a guest of form ${formId}; nothing was changed.`,
      strangers.map((a) =>
        detail(`${a.path}.id`, 'not_a_guest_of_form', `not a guest of form ${formId}`, {
          id: a.raw.id!,
          form: formId,
        }),
      ),
    );
  }
  const problems = new Problems();
  const touched = new Map(actions.filter((a) => a.kind !== 'create').map((a) => [a.raw.id!, a]));
  const deleted: GuestRow[] = [];
  const live: PlannedGuest[] = [];
  for (const row of guests) {
    const action = touched.get(row.id);
    if (action?.kind === 'delete' || (replaceGuests && !action)) {
      deleted.push(row);
      continue;
    }
    const current = guestData(row);
    live.push(
      action
        ? { ...merge(cfg, current, action, problems, extras), row, actionIndex: action.index }
        : { ...current, row, actionIndex: null },
    );
  }
  for (const action of actions) {
    if (action.kind !== 'create') continue;
    const raw = action.raw;
    const created: GuestData = {
      tarifId: raw.tarif_id!,
      // The vendor's update examples create guests without gast_type (DECISIONS 2.10).
      gastType: raw.gast_type ?? 'person',
      anzahl: raw.anzahl ?? 1,
      arrival: raw.arrival_date!,
      departure: raw.departure_date!,
      fields: {},
    };
    live.push({
      ...merge(cfg, created, action, problems, extras),
      row: null,
      actionIndex: action.index,
    });
  }
  problems.throwIfAny();
  if (!live.length) {
    throw new ServiceError(
      'form_must_keep_a_guest',
      `Form ${formId} must keep at least one guest; nothing was changed.`,
      [detail('meldescheine[0].personen', 'last_guest', 'the last guest cannot be deleted')],
    );
  }
  if (live.length > MAX_GUESTS_PER_FORM) {
    throw tooMany('guests per form', MAX_GUESTS_PER_FORM, 'meldescheine[0].personen');
  }
  return { live, deleted };
}

/** A guest with the action's supplied fields applied and checked. */
function merge(
  cfg: GemeindeConfig,
  current: GuestData,
  action: GuestAction,
  problems: Problems,
  extras: readonly (GuestExtras | undefined)[] | undefined,
): GuestData {
  const raw = action.raw;
  const next: GuestData = {
    tarifId: raw.tarif_id ?? current.tarifId,
    gastType: raw.gast_type ?? current.gastType,
    anzahl: raw.anzahl ?? current.anzahl,
    arrival: raw.arrival_date ?? current.arrival,
    departure: raw.departure_date ?? current.departure,
    fields: {},
  };
  checkDates(next.arrival, next.departure, action.path, problems);
  // A group keeps no individual data (spec 2.3); a guest that becomes one loses what it had.
  if (!isGroup(next)) {
    const supplied = convertSupplied(cfg, raw, UPDATE_GUEST_KEYS, action.path, problems);
    const base = isGroup(current) ? {} : current.fields;
    next.fields = withExtras(withoutNulls({ ...base, ...supplied }), extras?.[action.index]);
    checkRequired(cfg, next.fields, raw, action.path, problems);
  }
  return next;
}

/** Whether the stay (what the Kurtaxe depends on) is the one stored. */
export function staysAsBooked(g: GuestData, row: GuestRow): boolean {
  return (
    row.tarifId === g.tarifId &&
    row.anzahl === g.anzahl &&
    row.arrivalDate === g.arrival &&
    row.departureDate === g.departure
  );
}

/** Whether a planned guest differs from its stored row (new guests always do). */
export function hasChanged(g: PlannedGuest & { cents: number }): boolean {
  const row = g.row;
  if (!row) return true;
  return (
    row.tarifId !== g.tarifId ||
    row.gastType !== g.gastType ||
    row.anzahl !== g.anzahl ||
    row.arrivalDate !== g.arrival ||
    row.departureDate !== g.departure ||
    row.kurtaxeCalcCents !== g.cents ||
    !sameFields(row.fields as StoredFields, g.fields)
  );
}

function sameFields(a: StoredFields, b: StoredFields): boolean {
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => a[k] === b[k]);
}
