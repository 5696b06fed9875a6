import '#server-only'; // also in the Pages Router: see lib/server-only.js
// Guests' submissions: saved by the guest (one transaction, after the rate limits), read and
// removed by the landlord (booked or discarded), purged at the latest 7 days after the stay.
import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { addressBucket } from '@/lib/client-address';
import { getDb, type Db } from '@/lib/db';
import { portalCheckinLimits, portalCheckinLinks, portalCheckins } from '@/lib/db/schema';
import type { CheckinGuest } from './snapshot';
import type { Owner } from '../session/session';
import { ownerIs, type LinkRow } from './links';
import {
  linkState,
  MAX_WAITING_PER_CODE,
  maxGuests,
  purgeAfter,
  RATE_LIMITS,
  windowStart,
} from './rules';

export type CheckinRow = typeof portalCheckins.$inferSelect;

export interface SubmissionInput {
  link: LinkRow;
  /** The submission this phone sent before (from the guest cookie), to correct it. */
  ownId?: string;
  arrival: string;
  departure: string;
  guests: CheckinGuest[];
  lang: string;
  clientAddress: string;
}

/**
 * A post of the same party to the same link this soon after the last is the same send again: a
 * double tap, or a reload of the answer (decision 022). It is answered as the first was.
 */
const RESEND_MS = 2 * 60_000;

export type SaveResult =
  | { ok: true; id: string }
  | { ok: false; reason: 'rate_limited' | 'closed' | 'taken' | 'too_many_guests' | 'full' };

/** Counts one hit on a key in the current window; true while within `limit`. */
async function withinLimit(db: Db, key: string, limit: number, now: Date): Promise<boolean> {
  const result = await db
    .insert(portalCheckinLimits)
    .values({ key, windowStart: windowStart(now), hits: 1 })
    .onConflictDoUpdate({
      target: [portalCheckinLimits.key, portalCheckinLimits.windowStart],
      set: { hits: sql`${portalCheckinLimits.hits} + 1` },
    })
    .returning({ hits: portalCheckinLimits.hits });
  return (result[0]?.hits ?? 0) <= limit;
}

export async function saveSubmission(
  input: SubmissionInput,
  now = new Date(),
): Promise<SaveResult> {
  const { link } = input;
  if (input.guests.length > maxGuests(link)) return { ok: false, reason: 'too_many_guests' };
  const db = await getDb();
  // Both counters always count (no short circuit), so a flood from one address also uses up its
  // link's budget and the other way round. The link's budget is its public id's: renewing an
  // abused code restores it at once.
  const perLink = await withinLimit(
    db,
    `link:${link.publicId}`,
    RATE_LIMITS.perLink[link.kind],
    now,
  );
  const perAddress = await withinLimit(
    db,
    `addr:${addressBucket(input.clientAddress)}`,
    RATE_LIMITS.perAddress,
    now,
  );
  if (!perLink || !perAddress) return { ok: false, reason: 'rate_limited' };

  return db.transaction(async (tx) => {
    // The link row is locked, so a landlord booking or revoking at this moment wins cleanly.
    const [current] = await tx
      .select()
      .from(portalCheckinLinks)
      .where(eq(portalCheckinLinks.id, link.id))
      .for('update');
    if (!current || current.publicId !== link.publicId || linkState(current, now) !== 'open')
      return { ok: false, reason: 'closed' } as const;
    const values = {
      arrivalDate: input.arrival,
      departureDate: input.departure,
      guests: input.guests,
      lang: input.lang,
      updatedAt: now,
      purgeAfter: purgeAfter(input.departure),
    };
    const existing = await tx
      .select({
        id: portalCheckins.id,
        arrivalDate: portalCheckins.arrivalDate,
        departureDate: portalCheckins.departureDate,
        guests: portalCheckins.guests,
        updatedAt: portalCheckins.updatedAt,
        submittedAt: portalCheckins.submittedAt,
      })
      .from(portalCheckins)
      .where(eq(portalCheckins.linkId, link.id));
    const own =
      (input.ownId ? existing.find((e) => e.id === input.ownId) : undefined) ??
      existing.find(
        (e) =>
          now.getTime() - e.updatedAt.getTime() < RESEND_MS &&
          e.arrivalDate === input.arrival &&
          e.departureDate === input.departure &&
          isDeepStrictEqual(e.guests, input.guests),
      );
    if (own) {
      await tx.update(portalCheckins).set(values).where(eq(portalCheckins.id, own.id));
      return { ok: true, id: own.id } as const;
    }
    // An invitation is for one party: a second phone may not replace (or read) what was sent.
    if (link.kind === 'stay' && existing.length) return { ok: false, reason: 'taken' } as const;
    // A renewed code starts with its places free: parties sent through the old one stay for the
    // landlord to review (and go with the purge) but no longer block the next real guest.
    const renewed = current.codeRenewedAt;
    const waiting = renewed ? existing.filter((e) => e.submittedAt >= renewed) : existing;
    if (waiting.length >= MAX_WAITING_PER_CODE) return { ok: false, reason: 'full' } as const;
    // After a correction was booked or discarded the cookie still names it: that is a new party.
    const id = randomUUID();
    await tx.insert(portalCheckins).values({ id, linkId: link.id, submittedAt: now, ...values });
    return { ok: true, id } as const;
  });
}

/** The guest's own submission through this link (null when booked, discarded or purged). */
export async function guestSubmission(
  linkId: string,
  checkinId: string | undefined,
): Promise<CheckinRow | null> {
  if (!checkinId) return null;
  const db = await getDb();
  const [row] = await db
    .select()
    .from(portalCheckins)
    .where(and(eq(portalCheckins.linkId, linkId), eq(portalCheckins.id, checkinId)));
  return row ?? null;
}

/** True when someone has already sent this invitation's party. */
export async function hasSubmission(linkId: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ n: count() })
    .from(portalCheckins)
    .where(eq(portalCheckins.linkId, linkId));
  return (row?.n ?? 0) > 0;
}

export interface OwnedCheckin {
  checkin: CheckinRow;
  link: LinkRow;
}

/** Submitted check-ins waiting for the landlord, oldest first. */
export async function listSubmissions(owner: Owner): Promise<OwnedCheckin[]> {
  const db = await getDb();
  return db
    .select({ checkin: portalCheckins, link: portalCheckinLinks })
    .from(portalCheckins)
    .innerJoin(portalCheckinLinks, eq(portalCheckins.linkId, portalCheckinLinks.id))
    .where(ownerIs(owner))
    .orderBy(asc(portalCheckins.submittedAt));
}

export async function findSubmission(owner: Owner, id: string): Promise<OwnedCheckin | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const db = await getDb();
  const [row] = await db
    .select({ checkin: portalCheckins, link: portalCheckinLinks })
    .from(portalCheckins)
    .innerJoin(portalCheckinLinks, eq(portalCheckins.linkId, portalCheckinLinks.id))
    .where(and(ownerIs(owner), eq(portalCheckins.id, id)));
  return row;
}

/** The submission waiting for a booked form, if any (the badge on the stay links to it). */
export async function submissionForForm(owner: Owner, formId: number): Promise<string | null> {
  const db = await getDb();
  const [row] = await db
    .select({ id: portalCheckins.id })
    .from(portalCheckins)
    .innerJoin(portalCheckinLinks, eq(portalCheckins.linkId, portalCheckinLinks.id))
    .where(and(ownerIs(owner), eq(portalCheckinLinks.formId, formId)))
    .orderBy(asc(portalCheckins.submittedAt))
    .limit(1);
  return row?.id ?? null;
}

/** Booked or discarded: the guest's data goes at once (issue 10: stored only until then). */
export async function deleteSubmission(owner: Owner, id: string): Promise<boolean> {
  const found = await findSubmission(owner, id);
  if (!found) return false;
  const db = await getDb();
  await db.delete(portalCheckins).where(eq(portalCheckins.id, found.checkin.id));
  return true;
}

/**
 * What becomes of an invitation whose party the landlord discards: `withdraw` revokes it (whoever
 * sent cannot send again), `reopen` leaves it open for the guests to send anew. An object's code
 * stays open either way.
 */
export type DiscardChoice = 'withdraw' | 'reopen';

/** Discards a submission and, if asked, withdraws its invitation: one transaction. */
export async function discardSubmission(
  owner: Owner,
  id: string,
  choice: DiscardChoice,
  now = new Date(),
): Promise<boolean> {
  const found = await findSubmission(owner, id);
  if (!found) return false;
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.delete(portalCheckins).where(eq(portalCheckins.id, found.checkin.id));
    if (choice !== 'withdraw' || found.link.kind !== 'stay') return;
    await tx
      .update(portalCheckinLinks)
      .set({ revokedAt: now })
      .where(and(eq(portalCheckinLinks.id, found.link.id), isNull(portalCheckinLinks.revokedAt)));
  });
  return true;
}

/** Every party waiting through one of the landlord's object codes, discarded at once. */
export async function discardCodeCheckins(owner: Owner, linkId: string): Promise<number> {
  if (!/^[0-9a-f-]{36}$/i.test(linkId)) return 0;
  const db = await getDb();
  const own = db
    .select({ id: portalCheckinLinks.id })
    .from(portalCheckinLinks)
    .where(
      and(ownerIs(owner), eq(portalCheckinLinks.id, linkId), eq(portalCheckinLinks.kind, 'object')),
    );
  const rows = await db
    .delete(portalCheckins)
    .where(inArray(portalCheckins.linkId, own))
    .returning({ id: portalCheckins.id });
  return rows.length;
}

/** How many submissions wait for the landlord (the overview's count). */
export async function countSubmissions(owner: Owner): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ n: count() })
    .from(portalCheckins)
    .innerJoin(portalCheckinLinks, eq(portalCheckins.linkId, portalCheckinLinks.id))
    .where(ownerIs(owner));
  return row?.n ?? 0;
}
