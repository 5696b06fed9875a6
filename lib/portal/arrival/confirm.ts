// Confirmations on the arrival day (BMG § 29(2), (5)) and the landlord's ID check (§ 30(2)).
// Each signer confirms their own form, and the first confirmation of a signer wins: each write
// locks the form's arrival row (`for update`), and a signer's route is only ever set where it is
// still null, so a card payment arriving while the landlord marks the same signer's paper signed
// (or a webhook delivered twice, at two instances) leaves one route. A card payment confirms its
// payer's form only (and the persons counted on it), never another signer's. Every function runs
// in the caller's transaction when given one (a savepoint), else in its own. No `server-only`:
// the card route's webhook imports it.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { portalArrivals, portalArrivalSigners } from '@/lib/db/schema';
import type { PartyKind, Relations } from '@/lib/wire/arrival-duty';
import { berlinToday } from '@/lib/wire/time';
import {
  arrivalKey,
  formIdOf,
  numberRecords,
  signersOf,
  stateOf,
  syncSigners,
  type ArrivalRow,
  type FormRef,
  type SignerRow,
} from './record';
import { FIELDS, partyDuty } from './party';
import { recordXml, type IdCheck, type RecordSigner } from './xml';

export type CardOutcome =
  'confirmed' | 'already' | 'not-arrival-day' | 'not-required' | 'unknown-form' | 'not-a-signer';

export interface CardConfirmation {
  /** The payment provider's name, stored in the record (e.g. "Stripe"). */
  provider: string;
  /** The payment instrument's reference (§ 30(2) sentence 5). */
  reference: string;
  /** The provider's id of the payment. */
  paymentId: string;
  /** When the payment succeeded (with strong customer authentication). */
  confirmedAt: Date;
  /** When the guest consented to the electronic route (§ 29(5) BMG), asked before the payment. */
  consentAt?: Date | null;
}

type Locked = { row: ArrivalRow; signers: SignerRow[]; formId: number };

async function lock(tx: Db, ref: FormRef): Promise<Locked | null> {
  const formId = formIdOf(ref);
  if (formId === null) return null;
  const [row] = await tx.select().from(portalArrivals).where(arrivalKey(ref, formId)).for('update');
  if (!row) return null;
  const signers = await tx
    .select()
    .from(portalArrivalSigners)
    .where(signersOf(ref, [formId]));
  return { row, signers, formId };
}

/** Rebuild the stored XML of the confirmed signers of a locked party. */
async function writeXml(tx: Db, ref: FormRef, formId: number): Promise<void> {
  await numberRecords(tx, ref, formId);
  const [row] = await tx.select().from(portalArrivals).where(arrivalKey(ref, formId));
  if (!row) return;
  const signers = await tx
    .select()
    .from(portalArrivalSigners)
    .where(signersOf(ref, [formId]));
  const state = stateOf(row, signers);
  for (const s of state.signers) {
    if (!s.route || !s.confirmedAt) continue;
    const signer: RecordSigner = {
      guestId: s.guestId,
      route: s.route,
      confirmedAt: s.confirmedAt,
      paymentProvider: s.paymentProvider,
      paymentReference: s.paymentReference,
      idCheck: s.idCheck,
      idCheckNote: s.idCheckNote,
      idCheckAt: s.idCheckAt,
    };
    const xml = recordXml(row.party, signer, s.guest, s.counted);
    await tx
      .update(portalArrivalSigners)
      .set({ xml })
      .where(
        and(
          signersOf(ref, [formId]),
          eq(portalArrivalSigners.guestId, s.guestId),
          sql`${portalArrivalSigners.xml} is distinct from ${xml}`,
        ),
      );
  }
}

const onArrivalDay = (row: ArrivalRow, at: Date) => berlinToday(at) === row.arrivalDate;
const needs = (row: ArrivalRow, signers: SignerRow[]) =>
  row.required && row.formState !== 'cancelled' && signers.length > 0;

/**
 * A signer confirms their own form by a card payment with strong customer authentication
 * (§ 29(5) no. 1), when it was made on the arrival day (Europe/Berlin): the payment identifies its
 * cardholder, so it confirms that signer's form and the persons counted on it, nobody else's. A
 * signer who has already confirmed (by any route) is left as they are: `already`; the party's
 * other signers confirm with a payment of their own or on paper.
 */
export async function confirmByCard(
  db: Db,
  form: FormRef,
  guestId: number | null,
  c: CardConfirmation,
): Promise<CardOutcome> {
  if (!c.provider.trim() || !c.reference.trim())
    throw new Error('card route: provider and reference are required');
  return db.transaction(async (tx) => {
    const locked = await lock(tx, form);
    if (!locked) return 'unknown-form';
    const { row, signers, formId } = locked;
    if (!needs(row, signers)) return 'not-required';
    const signer = signers.find((s) => s.guestId === guestId);
    if (!signer) return 'not-a-signer';
    if (signer.route) return 'already';
    if (!onArrivalDay(row, c.confirmedAt)) return 'not-arrival-day';
    await tx
      .update(portalArrivalSigners)
      .set({
        route: 'card',
        confirmedAt: c.confirmedAt,
        paymentProvider: c.provider,
        paymentReference: c.reference,
        paymentId: c.paymentId,
        consentAt: c.consentAt ?? null,
      })
      .where(
        and(
          signersOf(form, [formId]),
          eq(portalArrivalSigners.guestId, signer.guestId),
          isNull(portalArrivalSigners.route),
        ),
      );
    await writeXml(tx, form, formId);
    return 'confirmed';
  });
}

export type PaperOutcome =
  'confirmed' | 'already' | 'not-arrival-day' | 'not-required' | 'unknown-form' | 'not-a-signer';

/**
 * The landlord marks a signer's paper form signed by hand (§ 29(2)), on the arrival day. A signer
 * who confirmed first by another route (a card payment) stays so: `already`. Other signers of the
 * party are not touched.
 */
export async function confirmOnPaper(
  db: Db,
  form: FormRef,
  guestId: number,
  at: Date = new Date(),
): Promise<PaperOutcome> {
  return db.transaction(async (tx) => {
    const locked = await lock(tx, form);
    if (!locked) return 'unknown-form';
    const { row, signers, formId } = locked;
    if (!needs(row, signers)) return 'not-required';
    const signer = signers.find((s) => s.guestId === guestId);
    if (!signer) return 'not-a-signer';
    if (signer.route) return 'already';
    if (!onArrivalDay(row, at)) return 'not-arrival-day';
    await tx
      .update(portalArrivalSigners)
      .set({ route: 'paper', confirmedAt: at })
      .where(
        and(
          signersOf(form, [formId]),
          eq(portalArrivalSigners.guestId, guestId),
          isNull(portalArrivalSigners.route),
        ),
      );
    await writeXml(tx, form, formId);
    return 'confirmed';
  });
}

export const DEVIATION_MAX = 500;

export type IdCheckOutcome =
  'noted' | 'not-arrival-day' | 'unknown-form' | 'not-a-signer' | 'invalid';

/**
 * The landlord compared the signer's data with the ID (§ 30(2)): `compared`, a `deviation` with
 * its text, or `no_id` (no valid document shown). Noted on the arrival day; a later note on the
 * same day replaces it (the landlord corrects a slip), with its time.
 */
export async function noteIdCheck(
  db: Db,
  form: FormRef,
  guestId: number,
  check: IdCheck,
  note: string | null,
  at: Date = new Date(),
): Promise<IdCheckOutcome> {
  const text = note?.trim() || null;
  if (check === 'deviation' && (!text || [...text].length > DEVIATION_MAX)) return 'invalid';
  return db.transaction(async (tx) => {
    const locked = await lock(tx, form);
    if (!locked) return 'unknown-form';
    const { row, signers, formId } = locked;
    if (!signers.some((s) => s.guestId === guestId)) return 'not-a-signer';
    if (!onArrivalDay(row, at)) return 'not-arrival-day';
    await tx
      .update(portalArrivalSigners)
      .set({ idCheck: check, idCheckNote: check === 'deviation' ? text : null, idCheckAt: at })
      .where(and(signersOf(form, [formId]), eq(portalArrivalSigners.guestId, guestId)));
    await writeXml(tx, form, formId);
    return 'noted';
  });
}

/**
 * The landlord says how the party is related (lib/wire/arrival-duty.ts): possible until a signer
 * has confirmed. The signers follow at once.
 */
export async function setPartyKind(
  db: Db,
  form: FormRef,
  kind: PartyKind,
): Promise<'changed' | 'confirmed' | 'unknown-form'> {
  return db.transaction(async (tx) => {
    const locked = await lock(tx, form);
    if (!locked) return 'unknown-form';
    if (locked.signers.some((s) => s.route)) return 'confirmed';
    await tx.update(portalArrivals).set({ partyKind: kind }).where(arrivalKey(form, locked.formId));
    const duty = partyDuty(locked.row.party, locked.row.arrivalDate, kind, locked.row.relations);
    await syncSigners(tx, form, locked.formId, duty);
    return 'changed';
  });
}

/**
 * Who travels with whom (partner of, child of), as the guests said at check-in or the landlord
 * corrects it on the stay page: possible until a signer has confirmed. Relations naming a guest
 * not on the form, or the guest itself, are dropped. The signers follow at once.
 */
export async function setRelations(
  db: Db,
  form: FormRef,
  relations: Relations,
): Promise<'changed' | 'confirmed' | 'unknown-form'> {
  return db.transaction(async (tx) => {
    const locked = await lock(tx, form);
    if (!locked) return 'unknown-form';
    if (locked.signers.some((s) => s.route)) return 'confirmed';
    const ids = new Set(locked.row.party.guests.filter((g) => !g.group).map((g) => g.id));
    const clean: Relations = {};
    for (const [guest, r] of Object.entries(relations)) {
      const id = Number(guest);
      if (ids.has(id) && ids.has(r.of) && r.of !== id && (r.as === 'partner' || r.as === 'child'))
        clean[String(id)] = { as: r.as, of: r.of };
    }
    await tx
      .update(portalArrivals)
      .set({ relations: clean })
      .where(arrivalKey(form, locked.formId));
    const duty = partyDuty(locked.row.party, locked.row.arrivalDate, locked.row.partyKind, clean);
    await syncSigners(tx, form, locked.formId, duty);
    return 'changed';
  });
}

/**
 * The relations the guests gave at check-in (by their place in the party) for the booked form's
 * guests. Each check-in guest is found on the form by family name, first names and birth date
 * (`identities`: one match each way); one not found so (a name the landlord corrected) keeps
 * their place where the form has as many guests as the check-in and nobody else was found there.
 * A relation is kept where both its guests are still on the form: a landlord who added or removed
 * travellers while booking keeps the answers of those still there; one naming a removed guest, or
 * a guest the form no longer tells apart, is dropped (the landlord corrects it on the stay page).
 */
export function relationsByPlace(
  said: ({ as: 'partner' | 'child'; of: number } | undefined)[],
  guestIds: number[],
  identities?: { checkin: (string | null)[]; booked: (string | null)[] },
): Relations {
  const samePlaces = said.length === guestIds.length;
  const found = new Map<number, number>();
  if (identities) {
    const counts = (keys: (string | null)[]) => {
      const seen = new Map<string, number>();
      for (const k of keys) if (k) seen.set(k, (seen.get(k) ?? 0) + 1);
      return seen;
    };
    const [mine, theirs] = [counts(identities.checkin), counts(identities.booked)];
    identities.checkin.forEach((key, i) => {
      if (key && mine.get(key) === 1 && theirs.get(key) === 1)
        found.set(i, identities.booked.indexOf(key));
    });
  }
  const claimed = new Set(found.values());
  const placeOf = (i: number): number | undefined => {
    const j = found.get(i) ?? (samePlaces && !claimed.has(i) ? i : undefined);
    return j === undefined ? undefined : guestIds[j];
  };
  const out: Relations = {};
  said.forEach((r, i) => {
    const self = placeOf(i);
    const of = r ? placeOf(r.of) : undefined;
    if (r && self !== undefined && of !== undefined && of !== self) {
      out[String(self)] = { as: r.as, of };
    }
  });
  return out;
}

/**
 * Who a guest is, for finding a check-in guest among a booked form's guests: family name, first
 * names and birth date as typed (case, spaces and accents' composition aside); null without a
 * name or a birth date.
 */
export function guestIdentity(fields: Record<string, unknown>): string | null {
  const text = (v: unknown) =>
    typeof v === 'string' ? v.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase() : '';
  const family = text(fields[FIELDS.familyName]);
  const first = text(fields[FIELDS.firstNames]);
  const birth = text(fields[FIELDS.birthDate]).slice(0, 10);
  return family && birth ? `${family}\n${first}\n${birth}` : null;
}

export { arrivalState, type ArrivalState, type FormRef, type SignerState } from './record';
