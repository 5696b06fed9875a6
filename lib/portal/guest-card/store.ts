import '#server-only'; // also in the Pages Router: see lib/server-only.js
// The guest cards handed to guests (issue 20): one row per card of a booked form that came through
// check-in. Landlord-side writes name the owner (service URL and user); the guest's and the
// wallets' reads go by ids that only the sealed cookie, the mail's signed link or the pass hold.
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { portalGuestCards } from '@/lib/db/schema';
import type { KarteInfo } from '@/lib/wire/kurkarte';
import type { Owner } from '../session/session';
import { ownedBy } from '../owned';

export type GuestCardRow = Omit<typeof portalGuestCards.$inferSelect, 'karte'> & {
  karte: KarteInfo | null;
};

const ofForm = (owner: Owner, formId: number) =>
  ownedBy(portalGuestCards, owner, eq(portalGuestCards.formId, formId));

const asRow = (r: typeof portalGuestCards.$inferSelect): GuestCardRow => ({
  ...r,
  karte: r.karte as KarteInfo | null,
});

/** jsonb keeps its own key order: compare field by field. */
function sameKarte(a: KarteInfo, b: KarteInfo | null): boolean {
  if (!b) return false;
  const keys = Object.keys(a) as (keyof KarteInfo)[];
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}

/** Apple asks for at least 16 characters; 32 random bytes leave nothing to guess. */
const newAuthToken = () => randomBytes(32).toString('base64url');

export interface IssueInput {
  formId: number;
  checkinId: string | null;
  departureDate: string;
  lang: 'de' | 'en';
  /** The service's card data; undefined where it has none (then the PDF alone). */
  karten: KarteInfo[] | undefined;
}

/**
 * The cards of a form just booked from a check-in, in one transaction: new rows, or the existing
 * ones brought up to date (a booked stay's guests checked in again keep their passes and page).
 */
export async function issueCards(owner: Owner, input: IssueInput): Promise<GuestCardRow[]> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const existing = await tx.select().from(portalGuestCards).where(ofForm(owner, input.formId));
    const partyId = existing[0]?.partyId ?? randomUUID();
    const checkinId = input.checkinId ?? existing[0]?.checkinId ?? null;
    if (existing.length) {
      await tx
        .update(portalGuestCards)
        .set({ checkinId, lang: input.lang })
        .where(ofForm(owner, input.formId));
    }
    const base = { ...owner, formId: input.formId, partyId, checkinId, lang: input.lang };
    const wanted = input.karten ?? [];
    const fresh = wanted.filter((k) => !existing.some((e) => e.personId === k.person_id));
    if (fresh.length || (!wanted.length && !existing.length)) {
      const rows = (fresh.length ? fresh : [null]).map((k) => ({
        ...base,
        id: randomUUID(),
        personId: k?.person_id ?? null,
        karte: k,
        departureDate: k?.gueltig_bis ?? input.departureDate,
        authToken: newAuthToken(),
      }));
      await tx.insert(portalGuestCards).values(rows);
    }
    return (await tx.select().from(portalGuestCards).where(ofForm(owner, input.formId))).map(asRow);
  });
}

/** Whether a form has cards in guests' hands (then an edit fetches new card data). */
export async function hasLiveCards(owner: Owner, formId: number): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ id: portalGuestCards.id })
    .from(portalGuestCards)
    .where(and(ofForm(owner, formId), isNull(portalGuestCards.cancelledAt)))
    .limit(1);
  return !!row;
}

/**
 * A form's cards after an edit, in one transaction: changed cards get the new data and a new
 * version, new guests a card, removed guests' cards are voided. Returns the cards that changed.
 */
export async function updateCards(
  owner: Owner,
  formId: number,
  karten: KarteInfo[],
  now = new Date(),
): Promise<GuestCardRow[]> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const existing = (
      await tx.select().from(portalGuestCards).where(ofForm(owner, formId)).for('update')
    ).map(asRow);
    const [first] = existing;
    if (!first) return [];
    const changed: string[] = [];
    const bump = { version: sql`${portalGuestCards.version} + 1`, updatedAt: now };
    for (const row of existing) {
      const k = karten.find((x) => x.person_id === row.personId);
      if (row.personId === null && !karten.length) continue;
      if (!k) {
        if (row.cancelledAt) continue;
        await tx
          .update(portalGuestCards)
          .set({ ...bump, cancelledAt: now })
          .where(eq(portalGuestCards.id, row.id));
        changed.push(row.id);
      } else if (!sameKarte(k, row.karte)) {
        await tx
          .update(portalGuestCards)
          .set({ ...bump, karte: k, departureDate: k.gueltig_bis })
          .where(eq(portalGuestCards.id, row.id));
        changed.push(row.id);
      }
    }
    const fresh = karten.filter((k) => !existing.some((e) => e.personId === k.person_id));
    if (fresh.length) {
      const inserted = await tx
        .insert(portalGuestCards)
        .values(
          fresh.map((k) => ({
            ...owner,
            id: randomUUID(),
            formId,
            personId: k.person_id,
            partyId: first.partyId,
            checkinId: first.checkinId,
            karte: k,
            departureDate: k.gueltig_bis,
            lang: first.lang,
            authToken: newAuthToken(),
          })),
        )
        .returning({ id: portalGuestCards.id });
      changed.push(...inserted.map((r) => r.id));
    }
    if (!changed.length) return [];
    const rows = await tx
      .select()
      .from(portalGuestCards)
      .where(inArray(portalGuestCards.id, changed));
    return rows.map(asRow);
  });
}

/** A cancelled form: every card is voided (a new version for the wallets). */
export async function cancelCards(
  owner: Owner,
  formId: number,
  now = new Date(),
): Promise<GuestCardRow[]> {
  const db = await getDb();
  const rows = await db
    .update(portalGuestCards)
    .set({ cancelledAt: now, updatedAt: now, version: sql`${portalGuestCards.version} + 1` })
    .where(and(ofForm(owner, formId), isNull(portalGuestCards.cancelledAt)))
    .returning();
  return rows.map(asRow);
}

export async function cardsOfCheckin(checkinId: string): Promise<GuestCardRow[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(portalGuestCards)
    .where(eq(portalGuestCards.checkinId, checkinId))
    .orderBy(portalGuestCards.personId);
  return rows.map(asRow);
}

export async function cardsOfParty(partyId: string): Promise<GuestCardRow[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(portalGuestCards)
    .where(eq(portalGuestCards.partyId, partyId))
    .orderBy(portalGuestCards.personId);
  return rows.map(asRow);
}

export async function cardById(id: string): Promise<GuestCardRow | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(portalGuestCards).where(eq(portalGuestCards.id, id));
  return row && asRow(row);
}
