// Per object: automatic invitations on or off, how many days before arrival, and the copies the
// background job needs without a signed-in landlord (the object's check-in snapshot, the
// landlord's name), refreshed whenever the landlord changes the setting or sends by hand.
// No `server-only`: the mail job imports it.
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { portalInvitationSettings } from '@/lib/db/schema';
import type { CheckinSnapshot } from '../checkin/snapshot';
import type { Owner } from '../session/session';
import { DEFAULT_DAYS_BEFORE } from './rules';
import { ownedBy } from '../owned';

export type InvitationSettingsRow = typeof portalInvitationSettings.$inferSelect;

export async function settingsOf(
  db: Db,
  owner: Owner,
  objektId: number,
): Promise<InvitationSettingsRow | undefined> {
  const [row] = await db
    .select()
    .from(portalInvitationSettings)
    .where(
      ownedBy(portalInvitationSettings, owner, eq(portalInvitationSettings.objektId, objektId)),
    );
  return row;
}

export async function allSettingsOf(db: Db, owner: Owner): Promise<InvitationSettingsRow[]> {
  return db.select().from(portalInvitationSettings).where(ownedBy(portalInvitationSettings, owner));
}

/**
 * Stores the object's snapshot and the landlord's name, and the switch when `auto` is given;
 * a first row starts switched off with the default lead time.
 */
export async function saveSettings(
  db: Db,
  owner: Owner,
  input: {
    snapshot: CheckinSnapshot;
    landlordName: string;
    auto?: { autoInvite: boolean; daysBefore: number };
  },
): Promise<InvitationSettingsRow> {
  const copies = {
    snapshot: input.snapshot,
    landlordName: input.landlordName,
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(portalInvitationSettings)
    .values({
      ...owner,
      objektId: input.snapshot.objekt.id,
      autoInvite: input.auto?.autoInvite ?? false,
      daysBefore: input.auto?.daysBefore ?? DEFAULT_DAYS_BEFORE,
      ...copies,
    })
    .onConflictDoUpdate({
      target: [
        portalInvitationSettings.serviceUrl,
        portalInvitationSettings.username,
        portalInvitationSettings.objektId,
      ],
      set: { ...copies, ...(input.auto ?? {}) },
    })
    .returning();
  return row!;
}
