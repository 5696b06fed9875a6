import 'server-only';
// Apple devices registered for a pass's updates (Wallet's web service protocol).
import { and, eq, inArray, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { portalGuestCards, portalWalletRegistrations } from '@/lib/db/schema';

/** True when the device was not registered for the pass before (Apple: 201, else 200). */
export async function register(
  deviceId: string,
  passTypeId: string,
  serial: string,
  pushToken: string,
): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .insert(portalWalletRegistrations)
    .values({ deviceId, passTypeId, serial, pushToken })
    .onConflictDoNothing()
    .returning({ serial: portalWalletRegistrations.serial });
  if (rows.length) return true;
  await db
    .update(portalWalletRegistrations)
    .set({ pushToken })
    .where(
      and(
        eq(portalWalletRegistrations.deviceId, deviceId),
        eq(portalWalletRegistrations.passTypeId, passTypeId),
        eq(portalWalletRegistrations.serial, serial),
      ),
    );
  return false;
}

export async function unregister(deviceId: string, passTypeId: string, serial: string) {
  const db = await getDb();
  await db
    .delete(portalWalletRegistrations)
    .where(
      and(
        eq(portalWalletRegistrations.deviceId, deviceId),
        eq(portalWalletRegistrations.passTypeId, passTypeId),
        eq(portalWalletRegistrations.serial, serial),
      ),
    );
}

/** A push token APNs called gone (410): every registration with it goes. */
export async function dropPushToken(pushToken: string) {
  const db = await getDb();
  await db
    .delete(portalWalletRegistrations)
    .where(eq(portalWalletRegistrations.pushToken, pushToken));
}

/** The device's passes changed after `since` (ms; all when undefined), with their newest change. */
export async function serialsSince(
  deviceId: string,
  passTypeId: string,
  since: number | undefined,
): Promise<{ serials: string[]; lastUpdated: number }> {
  const db = await getDb();
  const rows = await db
    .select({ serial: portalGuestCards.id, updatedAt: portalGuestCards.updatedAt })
    .from(portalWalletRegistrations)
    .innerJoin(portalGuestCards, eq(portalGuestCards.id, portalWalletRegistrations.serial))
    .where(
      and(
        eq(portalWalletRegistrations.deviceId, deviceId),
        eq(portalWalletRegistrations.passTypeId, passTypeId),
        // The tag is in ms; PostgreSQL keeps µs: compare at the tag's precision.
        since === undefined
          ? undefined
          : sql`date_trunc('milliseconds', ${portalGuestCards.updatedAt}) > ${new Date(since)}`,
      ),
    );
  return {
    serials: rows.map((r) => r.serial),
    lastUpdated: Math.max(0, ...rows.map((r) => r.updatedAt.getTime())),
  };
}

/** The distinct push tokens of the devices holding these passes. */
export async function pushTokensOf(passTypeId: string, serials: string[]): Promise<string[]> {
  if (!serials.length) return [];
  const db = await getDb();
  const rows = await db
    .selectDistinct({ token: portalWalletRegistrations.pushToken })
    .from(portalWalletRegistrations)
    .where(
      and(
        eq(portalWalletRegistrations.passTypeId, passTypeId),
        inArray(portalWalletRegistrations.serial, serials),
      ),
    );
  return rows.map((r) => r.token);
}
