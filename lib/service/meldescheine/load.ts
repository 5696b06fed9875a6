// Loading complete forms by id, restricted to what the caller may see. One prepared statement
// whatever the number of forms (forms with their creators and, per form, its live guests as a JSON
// array), on indexes only: the primary key and personen(meldeschein_id, position). Raw SQL with explicit casts,
// so both drivers return the same plain values (dates as text, times as epoch milliseconds).
import { sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { ServiceError } from '../../wire/errors';
import { notFound, visibility, type Visible } from './access';
import { loadObjektInfo, type ObjektInfo } from './config';
import type { FormRow, GuestRow, StoredForm } from './form-wire';
import { runPrepared } from './prepared';

/** An int[] parameter as one text value, so the statement text does not depend on the count. */
export const intArray = (ids: readonly number[]) => `{${ids.map((n) => Math.trunc(n)).join(',')}}`;

const time = (ms: number | null) => (ms === null ? null : new Date(ms));

interface GuestDbRow {
  id: number;
  meldeschein_id: number;
  position: number;
  tarif_id: number;
  gast_type: string;
  anzahl: number;
  arrival_date: string;
  departure_date: string;
  kurtaxe_calc_cents: number;
  fields: unknown;
  created_ms: number;
  modified_ms: number | null;
}

function guestRow(r: GuestDbRow): GuestRow {
  return {
    id: r.id,
    meldescheinId: r.meldeschein_id,
    position: r.position,
    tarifId: r.tarif_id,
    gastType: r.gast_type,
    anzahl: r.anzahl,
    arrivalDate: r.arrival_date,
    departureDate: r.departure_date,
    kurtaxeCalcCents: r.kurtaxe_calc_cents,
    fields: r.fields,
    deletedAt: null,
    created: new Date(r.created_ms),
    modified: time(r.modified_ms),
  };
}

/**
 * The live guests of the form `m`, as one JSON array in position order: one statement answers
 * forms and guests, and the driver parses one JSON value per form instead of a row per guest.
 */
const GUESTS_JSON = sql`
  coalesce((
    select json_agg(json_build_object(
      'id', p.id, 'meldeschein_id', p.meldeschein_id, 'position', p.position,
      'tarif_id', p.tarif_id, 'gast_type', p.gast_type, 'anzahl', p.anzahl,
      'arrival_date', p.arrival_date::text, 'departure_date', p.departure_date::text,
      'kurtaxe_calc_cents', p.kurtaxe_calc_cents, 'fields', p.fields,
      'created_ms', (extract(epoch from p.created) * 1000)::float8,
      'modified_ms', (extract(epoch from p.modified) * 1000)::float8
    ) order by p.position)
    from personen p where p.meldeschein_id = m.id and p.deleted_at is null
  ), '[]'::json)`;

interface FormDbRow {
  id: number;
  gemeinde_id: number;
  objekt_id: number;
  beherberger_id: number;
  meldescheinnummer: string;
  state: string;
  ms_type: string;
  input_id: string | null;
  arrival_date: string;
  departure_date: string;
  kurtaxe_calc_cents: number;
  manueller_betrag_cents: number;
  kz_manueller_betrag: boolean;
  kurtaxe_ist_cents: number | null;
  storno_bestaetigt: boolean;
  precheck_errors: unknown;
  user_note: string | null;
  creation_user_id: number;
  faktura_date: string | null;
  invoice: string | null;
  anonymised_ms: number | null;
  buchungsnummer: string | null;
  avs: unknown;
  created_ms: number;
  modified_ms: number | null;
  username: string;
  user_alias: string;
  guests?: GuestDbRow[] | string;
}

function formRow(r: FormDbRow): FormRow {
  return {
    id: r.id,
    gemeindeId: r.gemeinde_id,
    objektId: r.objekt_id,
    beherbergerId: r.beherberger_id,
    meldescheinnummer: r.meldescheinnummer,
    state: r.state,
    msType: r.ms_type,
    inputId: r.input_id,
    arrivalDate: r.arrival_date,
    departureDate: r.departure_date,
    kurtaxeCalcCents: r.kurtaxe_calc_cents,
    manuellerBetragCents: r.manueller_betrag_cents,
    kzManuellerBetrag: r.kz_manueller_betrag,
    kurtaxeIstCents: r.kurtaxe_ist_cents,
    stornoBestaetigt: r.storno_bestaetigt,
    precheckErrors: r.precheck_errors,
    userNote: r.user_note,
    creationUserId: r.creation_user_id,
    fakturaDate: r.faktura_date,
    invoice: r.invoice,
    anonymisedAt: time(r.anonymised_ms),
    buchungsnummer: r.buchungsnummer,
    avs: parseJson(r.avs as Record<string, unknown> | string | null),
    created: new Date(r.created_ms),
    modified: time(r.modified_ms),
  };
}

/**
 * The visible forms among `ids`, in the order of `ids` (a repeated id is answered twice). Any id
 * that is unknown or not visible: 404 naming it, like DECISIONS 2.3 wants for all-or-nothing calls.
 * `lock` takes row locks for a write in the caller's transaction; `guests: false` skips them.
 */
export async function loadVisibleForms(
  db: Db,
  scope: Visible,
  ids: number[],
  opts: { lock?: boolean; guests?: boolean } = {},
): Promise<StoredForm[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const vis = visibility(scope);
  if (opts.lock) await lockForms(db, unique, vis);
  const rows = await runPrepared<FormDbRow>(
    db,
    sql`
      select m.id, m.gemeinde_id, m.objekt_id, m.beherberger_id, m.meldescheinnummer, m.state,
        m.ms_type, m.input_id, m.arrival_date::text as arrival_date,
        m.departure_date::text as departure_date, m.kurtaxe_calc_cents,
        m.manueller_betrag_cents, m.kz_manueller_betrag, m.kurtaxe_ist_cents,
        m.storno_bestaetigt, m.precheck_errors, m.user_note, m.creation_user_id,
        m.faktura_date::text as faktura_date, m.invoice, m.buchungsnummer, m.avs,
        (extract(epoch from m.created) * 1000)::float8 as created_ms,
        (extract(epoch from m.modified) * 1000)::float8 as modified_ms,
        (extract(epoch from m.anonymised_at) * 1000)::float8 as anonymised_ms,
        u.username, u.alias as user_alias
        ${opts.guests === false ? sql`` : sql`, ${GUESTS_JSON} as guests`}
      from meldescheine m join users u on u.id = m.creation_user_id
      where m.id = any(${intArray(unique)}::int[]) and m.gemeinde_id = ${vis.gemeindeId}::int
        and m.beherberger_id = any(${intArray(vis.beherbergerIds)}::int[])
      order by m.id`,
  );
  const found = new Map(rows.map((r) => [r.id, r]));
  const missing = unique.filter((id) => !found.has(id));
  if (missing.length) throw notFound(missing);
  const moved = new Map<number, ObjektInfo>();
  const forms = new Map<number, StoredForm>();
  for (const r of rows) {
    let objekt = scope.gemeinde.objekte.get(r.objekt_id) ?? moved.get(r.objekt_id);
    if (!objekt) {
      objekt = (await loadObjektInfo(db, r.objekt_id)) ?? undefined;
      if (!objekt) throw new ServiceError('internal_error', `object of form ${r.id} is missing`);
      moved.set(r.objekt_id, objekt);
    }
    forms.set(r.id, {
      row: formRow(r),
      guests: (parseJson<GuestDbRow[]>(r.guests) ?? []).map(guestRow),
      creator: { id: r.creation_user_id, username: r.username, alias: r.user_alias },
      gemeinde: scope.gemeinde,
      objekt,
    });
  }
  return ids.map((id) => forms.get(id)!);
}

/**
 * Row locks on the visible forms among `ids`, in a statement of their own. After waiting for a
 * lock, PostgreSQL re-reads only the locked row: guests read by the same statement would be from
 * before the wait (parallel updates then emptied forms or left wrong totals). The statement that
 * reads the forms afterwards takes a new snapshot, which holds everything committed before the
 * lock was granted; every write of a form's guests holds this lock, so they stay as read.
 */
async function lockForms(db: Db, ids: number[], vis: ReturnType<typeof visibility>) {
  await runPrepared(
    db,
    sql`
      select m.id from meldescheine m
      where m.id = any(${intArray(ids)}::int[]) and m.gemeinde_id = ${vis.gemeindeId}::int
        and m.beherberger_id = any(${intArray(vis.beherbergerIds)}::int[])
      -- Locks in id order, so two calls locking overlapping sets cannot deadlock.
      order by m.id
      for update`,
  );
}

/** pg parses a json column itself; PGlite may hand it over as text. */
function parseJson<T>(value: T | string | null | undefined): T | null {
  if (value === undefined || value === null) return null;
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}
