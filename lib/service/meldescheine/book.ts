// `buchen` (spec 4.2): one or more forms, all or nothing. Validation and Kurtaxe happen before the
// database is touched; the write is one statement (idempotency key, forms, guests and their
// history), so a booking costs one round trip whatever the number of forms and guests, plus now and
// then one to reserve meldescheinnummern. It writes nothing for the office's month figures: they
// count the guests booked since their last fold from the guests themselves (decision 031).
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '../../db';
import type { BuchenRequest, FormResponse, PrecheckError } from '../../wire/meldeschein';
import { detail, ServiceError } from '../../wire/errors';
import type { AuthUser } from '../context';
import { resolveScope, type FormScope } from './access';
import { Problems } from './fields';
import type { FormRow, GuestRow } from './form-wire';
import { formResponse } from './form-wire';
import { guestRecord, validateBooking, type GuestData } from './guests';
import { claimStatement, duplicateRequest, keyFormsStatements, wantsClaim } from './idempotency';
import { computeForm } from './kurtaxe';
import { reserveNummern } from './numbering';
import { runStatement, statementOf, type Statement } from './prepared';
import { berlinDate } from './stamps';
import { effectiveState } from './states';
import { bookingNumberTaken, withExtras, type FormExtras, type GuestExtras } from './extras';

interface InsertedRow {
  nummer: string;
  form_id: number;
  created_ms: number;
  person_id: number;
  position: number;
}

/** Book the forms of a `buchen` request for the caller; the complete forms in request order. */
export async function bookForms(
  db: Db,
  user: AuthUser,
  request: Pick<BuchenRequest, 'meta' | 'meldescheine'>,
  now: Date,
  /** Per form, what another interface keeps with it (the AVS face); per guest its extras. */
  extras?: readonly (FormExtras & { guests?: readonly (GuestExtras | undefined)[] })[],
): Promise<FormResponse[]> {
  const scope = await resolveScope(db, user, request.meta, 'meldeschein.add_meldeschein');
  if (scope.objekt.isActive === false) {
    // The office deactivated the object (docs/decisions/032): no new forms for it.
    throw new ServiceError('meta_forbidden', `Object ${scope.objekt.id} is deactivated.`, [
      detail('meta.objekt', 'not_available', 'the object is deactivated'),
    ]);
  }
  const forms = request.meldescheine;
  const cfg = scope.gemeinde;
  const today = berlinDate(now);
  const validated = validateBooking(cfg, forms).map((guests, i) =>
    guests.map((g, j) => ({ ...g, fields: withExtras(g.fields, extras?.[i]?.guests?.[j]) })),
  );
  const overflow = new Problems();
  const computed = validated.map((guests, i) =>
    computeForm(cfg, scope.objekt, guests, today, (j) =>
      overflow.add(
        `meldescheine[${i}].personen[${j}]`,
        'amount_too_large',
        'the Kurtaxe is larger than the service can hold',
      ),
    ),
  );
  overflow.throwIfAny();

  const nummern = await reserveNummern(db, cfg.id, today, forms.length);
  const formRows = computed.map(({ form }, i) => ({
    idx: i,
    nummer: nummern[i]!,
    // A stay that is already over is booked as departed: the state every read would show.
    state: effectiveState('draft', form.departure, today),
    input_id: forms[i]!.input_id ?? null,
    arrival_date: form.arrival,
    departure_date: form.departure,
    kurtaxe: form.cents,
    prechecks: form.prechecks,
    buchungsnummer: extras?.[i]?.buchungsnummer ?? null,
    kept: extras?.[i]?.kept ?? null,
    manual: extras?.[i]?.manualCents ?? null,
  }));
  const guestRows = computed.flatMap(({ guests }, i) =>
    guests.map((g, position) => ({
      nummer: nummern[i]!,
      position,
      ...guestRecord(g),
    })),
  );
  const userId = scope.user.id;
  const inserted = await insertForms(db, scope, formRows, guestRows);

  // The response is built from what was written; reading it back would only cost a round trip.
  const byNummer = new Map<string, InsertedRow[]>();
  for (const r of inserted) {
    const list = byNummer.get(r.nummer);
    if (list) list.push(r);
    else byNummer.set(r.nummer, [r]);
  }
  return computed.map(({ guests, form }, i) => {
    const rows = byNummer.get(nummern[i]!) ?? [];
    const first = rows[0]!;
    const created = new Date(first.created_ms);
    const ids = new Map(rows.map((r) => [r.position, r.person_id]));
    const row: FormRow = {
      id: first.form_id,
      gemeindeId: cfg.id,
      objektId: scope.objekt.id,
      beherbergerId: scope.objekt.beherbergerId,
      meldescheinnummer: nummern[i]!,
      state: formRows[i]!.state,
      msType: 'ems',
      inputId: formRows[i]!.input_id,
      arrivalDate: form.arrival,
      departureDate: form.departure,
      kurtaxeCalcCents: form.cents,
      manuellerBetragCents: formRows[i]!.manual ?? 0,
      kzManuellerBetrag: formRows[i]!.manual !== null,
      kurtaxeIstCents: null,
      stornoBestaetigt: false,
      precheckErrors: form.prechecks satisfies PrecheckError[],
      userNote: null,
      creationUserId: userId,
      fakturaDate: null,
      invoice: null,
      anonymisedAt: null,
      buchungsnummer: formRows[i]!.buchungsnummer,
      avs: formRows[i]!.kept,
      created,
      modified: null,
    };
    return formResponse(
      {
        row,
        guests: guests.map((g, position) =>
          guestRow(g, ids.get(position)!, row.id, position, created),
        ),
        creator: { id: userId, username: scope.user.username, alias: scope.user.alias },
        gemeinde: cfg,
        objekt: scope.objekt,
      },
      today,
    );
  });
}

function guestRow(
  g: GuestData & { cents: number },
  id: number,
  meldescheinId: number,
  position: number,
  created: Date,
): GuestRow {
  return {
    id,
    meldescheinId,
    position,
    tarifId: g.tarifId,
    gastType: g.gastType,
    anzahl: g.anzahl,
    arrivalDate: g.arrival,
    departureDate: g.departure,
    kurtaxeCalcCents: g.cents,
    fields: g.fields,
    deletedAt: null,
    created,
    modified: null,
  };
}

/** What changes from one booking to the next: values, or placeholders of the statement made once. */
type Bound<T> = { [K in keyof T]: T[K] | Placeholder };
type BookingValues = {
  gemeinde: number;
  objekt: number;
  beherberger: number;
  user: number;
  /** The form and guest rows as JSON texts. */
  forms: string;
  guests: string;
  /** The request id claimed (`meta.idempotent`), unused otherwise. */
  claim: string;
};

const PLACEHOLDERS: Bound<BookingValues> = {
  gemeinde: sql.placeholder('gemeinde'),
  objekt: sql.placeholder('objekt'),
  beherberger: sql.placeholder('beherberger'),
  user: sql.placeholder('user'),
  forms: sql.placeholder('forms'),
  guests: sql.placeholder('guests'),
  claim: sql.placeholder('claim'),
};

/** The booking statement, made once per process with and without the key's claim. */
let plainBooking: Statement | undefined;
let claimedBooking: Statement | undefined;

/** The booking statement's text and slots as prepared (for bench/booking-statement.ts). */
export function bookingStatement(claimed: boolean): Statement {
  return statementOf(bookingSql(claimed, PLACEHOLDERS));
}

function bookingSql(claimed: boolean, v: Bound<BookingValues>): SQL {
  return sql`
    with ${claimed ? sql`k as (${claimStatement(v.user, v.claim)}),` : sql``}
    f as (
      insert into meldescheine (gemeinde_id, objekt_id, beherberger_id, meldescheinnummer, state,
        ms_type, input_id, arrival_date, departure_date, kurtaxe_calc_cents, precheck_errors,
        creation_user_id, buchungsnummer, avs, manueller_betrag_cents, kz_manueller_betrag)
      select ${v.gemeinde}, ${v.objekt}, ${v.beherberger}, x.nummer,
        x.state, 'ems', x.input_id, x.arrival_date, x.departure_date, x.kurtaxe, x.prechecks,
        ${v.user}, x.buchungsnummer, x.kept, coalesce(x.manual, 0), x.manual is not null
      from jsonb_to_recordset(${v.forms}::jsonb) as x(idx integer, nummer text,
        state text, input_id text, arrival_date date, departure_date date, kurtaxe integer,
        prechecks jsonb, buchungsnummer text, kept jsonb, manual integer)
      ${claimed ? sql`where exists (select 1 from k)` : sql``}
      -- Ids in request order, for forms and guests alike.
      order by x.idx
      returning id, meldescheinnummer, created
    ), ${claimed ? keyFormsStatements(v.user, v.claim) : sql``}
    y as (
      select * from jsonb_to_recordset(${v.guests}::jsonb) as y(nummer text,
        position integer, tarif_id integer, gast_type text, anzahl integer, arrival_date date,
        departure_date date, kurtaxe integer, fields jsonb)
    ), p as (
      insert into personen (meldeschein_id, position, tarif_id, gast_type, anzahl, arrival_date,
        departure_date, kurtaxe_calc_cents, fields)
      select f.id, y.position, y.tarif_id, y.gast_type, y.anzahl, y.arrival_date,
        y.departure_date, y.kurtaxe, y.fields
      from y join f on f.meldescheinnummer = y.nummer
      order by f.id, y.position
      returning *
    ), h as (
      insert into personen_history (person_id, meldeschein_id, user_id, action, after)
      select p.id, p.meldeschein_id, ${v.user}, 'create', to_jsonb(p) from p
    )
    select f.meldescheinnummer as nummer, f.id as form_id,
      (extract(epoch from f.created) * 1000)::float8 as created_ms,
      p.id as person_id, p.position
    from f join p on p.meldeschein_id = f.id`;
}

/**
 * Key, forms, guests and their history in ONE statement: PostgreSQL runs a statement as one
 * transaction, so this is all or nothing like BEGIN … COMMIT, without the two extra round trips
 * (a third of a booking's time here, measured). With `meta.idempotent` the key is claimed first
 * in the same statement and the forms are inserted only if that claim returned its row; a parallel
 * twin waits on the uncommitted key and then inserts nothing (DECISIONS 2.9).
 */
async function insertForms(
  db: Db,
  scope: FormScope,
  formRows: unknown[],
  guestRows: unknown[],
): Promise<InsertedRow[]> {
  const claim = wantsClaim(scope.meta) ? scope.meta.requestId : null;
  const values: BookingValues = {
    gemeinde: scope.gemeinde.id,
    objekt: scope.objekt.id,
    beherberger: scope.objekt.beherbergerId,
    user: scope.user.id,
    forms: JSON.stringify(formRows),
    guests: JSON.stringify(guestRows),
    claim: claim ?? '',
  };
  const rows = await runStatement<InsertedRow>(
    db,
    claim === null
      ? (plainBooking ??= statementOf(bookingSql(false, PLACEHOLDERS)))
      : (claimedBooking ??= statementOf(bookingSql(true, PLACEHOLDERS))),
    values,
    () => bookingSql(claim !== null, values),
  ).catch((err: unknown) => {
    throw bookingNumberTaken(err, 'meldescheine.buchungsnummer');
  });
  if (claim !== null && !rows.length) throw await duplicateRequest(db, scope.user, claim);
  return rows;
}
