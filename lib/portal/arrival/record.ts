// The arrival record (DECISIONS 5): per booked form the § 30(2) data as last read, who signs, and
// per signer the confirmation and the ID check. Written whenever the portal stores a form it read
// or booked (saveForms), read by the stay page, the overview, the guest pages and the card route.
// No `server-only`: the background jobs import it too.
import { and, eq, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { portalArrivals, portalArrivalSigners, portalPayments } from '@/lib/db/schema';
import type { ArrivalDuty, Counted, PartyKind, Relations } from '@/lib/wire/arrival-duty';
import type { FormState } from '@/lib/wire/meldeschein';
import { address } from '../config/view';
import {
  partyDuty,
  partyGuest,
  type ArrivalParty,
  type FormGuestLike,
  type PartyGuest,
} from './party';
import type { IdCheck, Route } from './xml';

/** A booked form, as the service and the portal's tables name it. */
export interface FormRef {
  serviceUrl: string;
  username: string;
  /** The service's form id (a string is accepted: route parameters and metadata carry text). */
  formId: string | number;
}

export type ArrivalRow = typeof portalArrivals.$inferSelect;
export type SignerRow = typeof portalArrivalSigners.$inferSelect;

/** A form as the service returns it, as far as the record reads it. */
export interface FormLike {
  id: number;
  state: FormState;
  meldescheinnummer: string;
  objekt_id: number;
  /** The landlord (Beherberger) whose form it is. */
  beherberger_id: number;
  objekt: {
    alias: string;
    strasse: string | null;
    plz: string | null;
    ort: string | null;
    beherberger_alias: string;
  };
  travel_span: { arrival_date: string; departure_date: string };
  personen: FormGuestLike[];
  anonymised?: true;
}

/** The form id as an integer, or null for anything that is not one. */
export function formIdOf(ref: FormRef): number | null {
  const n = typeof ref.formId === 'number' ? ref.formId : Number(ref.formId);
  return Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647 && String(n) === String(ref.formId)
    ? n
    : null;
}

export function partyOf(form: FormLike): ArrivalParty {
  return {
    meldescheinnummer: form.meldescheinnummer,
    objekt: {
      alias: form.objekt.alias,
      address: address(form.objekt),
      landlord: form.objekt.beherberger_alias,
    },
    guests: form.personen.map((g, i) => partyGuest(g, i)),
  };
}

/**
 * The record is one per form and its landlord (not per portal login): a login reaches it when its
 * own index holds the form (`portal_forms`, written with the record in one transaction), that is
 * when the service showed the form to this login. The guest pages reach it through the login that
 * invited them. Written with the tables' own names: the clause is used in updates and deletes too.
 */
const seenBy = (owner: { serviceUrl: string; username: string }, table: string) =>
  sql`exists (select 1 from portal_forms f where f.service_url = ${sql.identifier(table)}.service_url
    and f.username = ${owner.username} and f.form_id = ${sql.identifier(table)}.form_id)`;

const recordsOf = (owner: { serviceUrl: string; username: string }, formIds: number[]) =>
  and(
    eq(portalArrivals.serviceUrl, owner.serviceUrl),
    inArray(portalArrivals.formId, formIds),
    seenBy(owner, 'portal_arrivals'),
  )!;

const keyOf = (owner: { serviceUrl: string; username: string }, formId: number) =>
  and(
    eq(portalArrivals.serviceUrl, owner.serviceUrl),
    eq(portalArrivals.formId, formId),
    seenBy(owner, 'portal_arrivals'),
  )!;

const signersOf = (owner: { serviceUrl: string; username: string }, formIds: number[]) =>
  and(
    eq(portalArrivalSigners.serviceUrl, owner.serviceUrl),
    inArray(portalArrivalSigners.formId, formIds),
    seenBy(owner, 'portal_arrival_signers'),
  )!;

/**
 * Bring the arrival records of these forms up to date, in the caller's transaction. A party with a
 * confirmed signer keeps the data it confirmed (only the form's state follows, so a cancelled stay
 * stops asking); a form whose guests' data were erased (past retention) changes nothing.
 */
export async function saveArrivals(
  db: Db,
  owner: { serviceUrl: string; username: string },
  gemeindeId: number,
  forms: FormLike[],
): Promise<void> {
  const live = forms.filter((f) => !f.anonymised);
  if (!live.length) return;
  const ids = live.map((f) => f.id);
  const existing = await db
    .select({
      formId: portalArrivals.formId,
      partyKind: portalArrivals.partyKind,
      relations: portalArrivals.relations,
    })
    .from(portalArrivals)
    .where(recordsOf(owner, ids))
    .orderBy(portalArrivals.formId)
    .for('update');
  const kinds = new Map(existing.map((r) => [r.formId, r]));
  const touched = await db
    .select({ formId: portalArrivalSigners.formId })
    .from(portalArrivalSigners)
    .where(and(signersOf(owner, ids), sql`${portalArrivalSigners.route} is not null`));
  const frozen = new Set(touched.map((r) => r.formId));

  for (const form of live) {
    const arrival = form.travel_span.arrival_date.slice(0, 10);
    const departure = form.travel_span.departure_date.slice(0, 10);
    // The card payments' retention clock follows the stay (BMG § 30(4)).
    await db
      .update(portalPayments)
      .set({ departureDate: departure })
      .where(
        and(
          eq(portalPayments.serviceUrl, owner.serviceUrl),
          eq(portalPayments.formId, form.id),
          ne(portalPayments.departureDate, departure),
        ),
      );
    if (frozen.has(form.id)) {
      // The confirmed data stay as confirmed; the form's state and dates follow the form, so a
      // stay extended after its confirmation is kept a year from its new departure.
      await db
        .update(portalArrivals)
        .set({
          formState: form.state,
          beherbergerId: form.beherberger_id,
          arrivalDate: arrival,
          departureDate: departure,
        })
        .where(
          and(
            keyOf(owner, form.id),
            sql`(${portalArrivals.formState}, ${portalArrivals.beherbergerId}, ${portalArrivals.arrivalDate}, ${portalArrivals.departureDate}) is distinct from (${form.state}, ${form.beherberger_id}::int, ${arrival}::date, ${departure}::date)`,
          ),
        );
      continue;
    }
    const party = partyOf(form);
    const known = kinds.get(form.id);
    const duty = partyDuty(party, arrival, known?.partyKind ?? 'separate', known?.relations ?? {});
    const values = {
      serviceUrl: owner.serviceUrl,
      formId: form.id,
      gemeindeId,
      objektId: form.objekt_id,
      beherbergerId: form.beherberger_id,
      formState: form.state,
      arrivalDate: arrival,
      departureDate: departure,
      party,
      required: duty.required,
      snapshotAt: new Date(),
    };
    const written = await db
      .insert(portalArrivals)
      .values(values)
      .onConflictDoUpdate({
        target: [portalArrivals.serviceUrl, portalArrivals.formId],
        set: {
          gemeindeId,
          objektId: form.objekt_id,
          beherbergerId: form.beherberger_id,
          formState: form.state,
          arrivalDate: arrival,
          departureDate: departure,
          party,
          required: duty.required,
          snapshotAt: values.snapshotAt,
        },
        // Unchanged data leave the row (and the owner's version, decision 026) alone.
        setWhere: sql`(${portalArrivals.party}, ${portalArrivals.formState}, ${portalArrivals.arrivalDate}, ${portalArrivals.departureDate}, ${portalArrivals.gemeindeId}, ${portalArrivals.objektId}, ${portalArrivals.beherbergerId}) is distinct from (excluded.party, excluded.form_state, excluded.arrival_date, excluded.departure_date, excluded.gemeinde_id, excluded.objekt_id, excluded.beherberger_id)`,
      })
      .returning({ formId: portalArrivals.formId });
    // Signers change only with the data (or the party kind, which setPartyKind syncs itself).
    if (written.length) await syncSigners(db, owner, form.id, duty);
  }
}

/** The signer rows of an unconfirmed party follow its duty (an ID check noted stays with its guest). */
export async function syncSigners(
  db: Db,
  owner: { serviceUrl: string; username: string },
  formId: number,
  duty: ArrivalDuty,
): Promise<void> {
  const wanted = duty.signers.map((s) => s.guestId);
  await db.delete(portalArrivalSigners).where(
    and(
      signersOf(owner, [formId]),
      sql`${portalArrivalSigners.route} is null`,
      wanted.length
        ? sql`${portalArrivalSigners.guestId} not in (${sql.join(
            wanted.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : undefined,
    ),
  );
  if (!wanted.length) return;
  await db
    .insert(portalArrivalSigners)
    .values(
      wanted.map((guestId) => ({
        serviceUrl: owner.serviceUrl,
        formId,
        guestId,
      })),
    )
    .onConflictDoNothing();
}

export interface SignerState {
  guestId: number;
  guest: PartyGuest;
  /** Co-travellers counted on this signer's form, by nationality. */
  counted: Counted[];
  /** The guests whose Kurtaxe this signer's share holds (lib/portal/arrival/shares.ts). */
  pays: number[];
  route: Route | null;
  confirmedAt: Date | null;
  paymentProvider: string | null;
  paymentReference: string | null;
  paymentId: string | null;
  /** The card route: when the guest consented to the electronic route (§ 29(5) BMG). */
  consentAt: Date | null;
  idCheck: IdCheck | null;
  idCheckNote: string | null;
  idCheckAt: Date | null;
  /** The BeherbMeldV record exists (built on confirmation, rebuilt with the ID check). */
  hasXml: boolean;
  /** Confirmed and ID-checked: the § 30(2) record is complete. */
  complete: boolean;
}

export interface ArrivalState {
  formId: number;
  gemeindeId: number;
  objektId: number;
  arrivalDate: string;
  departureDate: string;
  cancelled: boolean;
  /** Whether the BMG form applies (any foreign guest); false for a cancelled stay. */
  required: boolean;
  reason: ArrivalDuty['reason'];
  partyKind: PartyKind;
  /** Who travels with whom, as the guests or the landlord said. */
  relations: Relations;
  party: ArrivalParty;
  /** When the record last took the form's data. */
  snapshotAt: Date;
  signers: SignerState[];
  /** The route the party confirmed by (the first confirmation's), null while none has. */
  route: Route | null;
  /** Every signer has confirmed. */
  confirmed: boolean;
  /** Every signer has confirmed and had the ID checked. */
  complete: boolean;
  /** Guests without a nationality: the answer may change the duty. */
  unknownNationality: number[];
}

export function stateOf(row: ArrivalRow, signers: SignerRow[]): ArrivalState {
  const duty = partyDuty(row.party, row.arrivalDate, row.partyKind, row.relations);
  const byGuest = new Map(row.party.guests.map((g) => [g.id, g]));
  const countedBy = new Map(duty.signers.map((s) => [s.guestId, s]));
  const cancelled = row.formState === 'cancelled';
  const list: SignerState[] = signers
    .map((s) => {
      const guest = byGuest.get(s.guestId);
      if (!guest) return null;
      return {
        guestId: s.guestId,
        guest,
        counted: countedBy.get(s.guestId)?.counted ?? [],
        pays: countedBy.get(s.guestId)?.pays ?? [s.guestId],
        route: s.route ?? null,
        confirmedAt: s.confirmedAt ?? null,
        paymentProvider: s.paymentProvider ?? null,
        paymentReference: s.paymentReference ?? null,
        paymentId: s.paymentId ?? null,
        consentAt: s.consentAt ?? null,
        idCheck: s.idCheck ?? null,
        idCheckNote: s.idCheckNote ?? null,
        idCheckAt: s.idCheckAt ?? null,
        hasXml: !!s.xml,
        complete: !!s.route && !!s.idCheck,
      };
    })
    .filter((s): s is SignerState => s !== null)
    .sort((a, b) => a.guest.position - b.guest.position);
  const first = list
    .filter((s) => s.confirmedAt)
    .sort((a, b) => a.confirmedAt!.getTime() - b.confirmedAt!.getTime())[0];
  const required = row.required && !cancelled;
  return {
    formId: row.formId,
    gemeindeId: row.gemeindeId,
    objektId: row.objektId,
    arrivalDate: row.arrivalDate,
    departureDate: row.departureDate,
    cancelled,
    required,
    reason: duty.reason,
    partyKind: row.partyKind,
    relations: row.relations,
    party: row.party,
    snapshotAt: row.snapshotAt,
    signers: list,
    route: first?.route ?? null,
    confirmed: required && list.length > 0 && list.every((s) => s.route),
    complete: required && list.length > 0 && list.every((s) => s.complete),
    unknownNationality: duty.unknownNationality,
  };
}

/** A form's arrival state, or null when the portal holds no record of it (never read or booked). */
export async function arrivalState(db: Db, ref: FormRef): Promise<ArrivalState | null> {
  const formId = formIdOf(ref);
  if (formId === null) return null;
  const [row] = await db.select().from(portalArrivals).where(keyOf(ref, formId));
  if (!row) return null;
  const signers = await db
    .select()
    .from(portalArrivalSigners)
    .where(signersOf(ref, [formId]));
  return stateOf(row, signers);
}

/** The arrival states of several forms of one owner (lists, the overview). */
export async function arrivalStates(
  db: Db,
  owner: { serviceUrl: string; username: string },
  formIds: number[],
): Promise<Map<number, ArrivalState>> {
  if (!formIds.length) return new Map();
  const rows = await db.select().from(portalArrivals).where(recordsOf(owner, formIds));
  const signers = await db.select().from(portalArrivalSigners).where(signersOf(owner, formIds));
  return new Map(
    rows.map((r) => [
      r.formId,
      stateOf(
        r,
        signers.filter((s) => s.formId === r.formId),
      ),
    ]),
  );
}

/** Any number; only the numbering of the records takes it (with the service's hash of the day). */
const RECORD_NO_LOCK = 727035;

/**
 * Gives the confirmed signers of a locked party that have none their record's file name
 * (BeherbMeldV § 2: `JJJJMMTT_BeherbMeldeschein_<n>.xml`), in the confirming transaction: the
 * first day of stay and the next number of that day's records of the same landlord. A number is
 * kept: a later confirmation, a changed stay or another record's erasure never renames a record.
 * Confirmations of one service and day take turns (an advisory lock), so two parallel ones never
 * get one number. Records written before the landlord was kept (beherberger_id null) are counted
 * with every landlord's, so no number is given twice.
 */
export async function numberRecords(
  db: Db,
  owner: { serviceUrl: string; username: string },
  formId: number,
): Promise<void> {
  const [row] = await db
    .select({
      day: portalArrivals.arrivalDate,
      landlord: portalArrivals.beherbergerId,
      party: portalArrivals.party,
    })
    .from(portalArrivals)
    .where(keyOf(owner, formId));
  if (!row) return;
  const open = await db
    .select({
      guestId: portalArrivalSigners.guestId,
      confirmedAt: portalArrivalSigners.confirmedAt,
    })
    .from(portalArrivalSigners)
    .where(
      and(
        signersOf(owner, [formId]),
        isNotNull(portalArrivalSigners.route),
        isNull(portalArrivalSigners.recordNo),
      ),
    );
  if (!open.length) return;
  await db.execute(
    sql`select pg_advisory_xact_lock(${RECORD_NO_LOCK}, hashtext(${owner.serviceUrl} || ${row.day}))`,
  );
  const [last] = await db
    .select({ n: sql<number | null>`max(${portalArrivalSigners.recordNo})` })
    .from(portalArrivalSigners)
    .innerJoin(
      portalArrivals,
      and(
        eq(portalArrivals.serviceUrl, portalArrivalSigners.serviceUrl),
        eq(portalArrivals.formId, portalArrivalSigners.formId),
      ),
    )
    .where(
      and(
        eq(portalArrivalSigners.serviceUrl, owner.serviceUrl),
        eq(portalArrivalSigners.recordDay, row.day),
        row.landlord === null
          ? undefined
          : or(
              eq(portalArrivals.beherbergerId, row.landlord),
              isNull(portalArrivals.beherbergerId),
            ),
      ),
    );
  let n = Number(last?.n ?? 0);
  // In the order of confirmation, then the signer's place on the form.
  const position = new Map(row.party.guests.map((g) => [g.id, g.position]));
  open.sort(
    (a, b) =>
      a.confirmedAt!.getTime() - b.confirmedAt!.getTime() ||
      (position.get(a.guestId) ?? 0) - (position.get(b.guestId) ?? 0),
  );
  for (const s of open) {
    n += 1;
    await db
      .update(portalArrivalSigners)
      .set({ recordDay: row.day, recordNo: n })
      .where(and(signersOf(owner, [formId]), eq(portalArrivalSigners.guestId, s.guestId)));
  }
}

export { keyOf as arrivalKey, recordsOf, seenBy, signersOf };
