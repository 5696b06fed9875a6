// Landlords, their objects and accounts as the office and the command line change them: the
// provisioning functions (lib/service/provisioning) inside one transaction with their audit entry.
// scripts/admin.ts calls these same functions (as the actor `cli`). The portal sees each change
// at its next configuration call: triggers raise the accounts' configuration version (0015).
import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, ilike, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db';
import {
  beherberger,
  gemeinden,
  objekte,
  tarifzonen,
  userBeherberger,
  users,
} from '../../db/schema';
import { setUserActive } from '../../service/accounts/revocation';
import { announceBookersChange } from '../../service/bookers';
import {
  BeherbergerInput,
  ObjektInput,
  UserInput,
  createBeherberger,
  createObjekt,
  createUser,
} from '../../service/provisioning';
import { recordAudit, type Actor } from '../audit/audit';
import { revokeLinks } from '../invitations/password-links';
import { landlordScopeCondition, type Scoped } from '../staff/scope';

/**
 * Runs a change of who may book where, then, once it is committed, announces it
 * (lib/service/bookers.ts): this process forgets its cached booking configuration and signed-in
 * accounts at once, and so does every other instance on PostgreSQL, not only after the caches'
 * 30 s and 5 s.
 */
async function changingBookers<T>(db: Db, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } finally {
    await announceBookersChange(db, 'config', 'auth');
  }
}

export async function addBeherberger(db: Db, input: BeherbergerInput, actor: Actor) {
  const parsed = BeherbergerInput.parse(input);
  return changingBookers(
    db,
    db.transaction(async (tx) => {
      const id = await createBeherberger(tx, parsed);
      await recordAudit(tx, actor, 'beherberger.create', `beherberger:${id}`, {
        alias: parsed.alias,
        gemeinde: parsed.gemeinde,
      });
      return id;
    }),
  );
}

export async function addObjekt(db: Db, input: ObjektInput, actor: Actor) {
  const parsed = ObjektInput.parse(input);
  return changingBookers(
    db,
    db.transaction(async (tx) => {
      const id = await createObjekt(tx, parsed);
      await recordAudit(tx, actor, 'objekt.create', `objekt:${id}`, {
        alias: parsed.alias,
        beherberger: parsed.beherberger,
        tarifzone: parsed.tarifzone,
      });
      return id;
    }),
  );
}

/**
 * A landlord's account. Without a password (the office's case until the invitation mail exists)
 * it gets a random one nobody knows: the account cannot sign in before a password is set.
 */
export async function addUser(db: Db, input: UserInput, password: string | null, actor: Actor) {
  const parsed = UserInput.parse(input);
  return changingBookers(
    db,
    db.transaction(async (tx) => {
      const id = await createUser(tx, parsed, password ?? randomBytes(32).toString('base64url'));
      await recordAudit(tx, actor, 'user.create', `user:${id}`, {
        username: parsed.username,
        beherberger: parsed.beherberger,
        permissions: parsed.permissions,
      });
      return id;
    }),
  );
}

/** Deactivate (revoking the account's tokens) or activate a landlord's account by name. */
export async function changeUserActive(
  db: Db,
  username: string,
  active: boolean,
  actor: Actor,
): Promise<boolean> {
  return changingBookers(
    db,
    db.transaction(async (tx) => {
      if (!(await setUserActive(tx, username, active))) return false;
      const [row] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(sql`lower(${users.username})`, username.trim().toLowerCase()));
      // Its set-password links die with it (docs/decisions/032).
      if (!active) await revokeLinks(tx, 'user', row!.id, new Date());
      await recordAudit(tx, actor, active ? 'user.activate' : 'user.deactivate', `user:${row!.id}`);
      return true;
    }),
  );
}

/** Deactivate or activate a landlord; false when there is none. */
export async function changeBeherbergerActive(
  db: Db,
  id: number,
  active: boolean,
  actor: Actor,
): Promise<boolean> {
  return changingBookers(
    db,
    db.transaction(async (tx) => {
      const rows = await tx
        .update(beherberger)
        .set({ isActive: active, modified: new Date() })
        .where(eq(beherberger.id, id))
        .returning({ id: beherberger.id });
      if (rows.length === 0) return false;
      await recordAudit(
        tx,
        actor,
        active ? 'beherberger.activate' : 'beherberger.deactivate',
        `beherberger:${id}`,
      );
      return true;
    }),
  );
}

export const LandlordSearch = z.object({ q: z.string().trim().max(100).default('') });

export interface LandlordListRow {
  id: number;
  alias: string;
  firma: string | null;
  name: string;
  ort: string | null;
  email: string | null;
  gemeinde: string;
  isActive: boolean;
  objekte: number;
  accounts: number;
}

/**
 * Landlords of the staff member's municipalities (staff/scope.ts) matching a search over names,
 * company, place, e-mail and numbers (first 500).
 */
export async function listLandlords(db: Db, q: string, scope: Scoped): Promise<LandlordListRow[]> {
  const needle = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const objectCount = db
    .select({ id: objekte.beherbergerId, n: count().as('objekt_count') })
    .from(objekte)
    .groupBy(objekte.beherbergerId)
    .as('oc');
  const accountCount = db
    .select({ id: userBeherberger.beherbergerId, n: count().as('account_count') })
    .from(userBeherberger)
    .groupBy(userBeherberger.beherbergerId)
    .as('ac');
  const rows = await db
    .select({
      id: beherberger.id,
      alias: beherberger.alias,
      firma: beherberger.firma,
      vorname: beherberger.vorname,
      nachname: beherberger.nachname,
      ort: beherberger.ort,
      email: beherberger.email,
      gemeinde: gemeinden.alias,
      isActive: beherberger.isActive,
      objekte: sql<number>`coalesce(${objectCount.n}, 0)`,
      accounts: sql<number>`coalesce(${accountCount.n}, 0)`,
    })
    .from(beherberger)
    .innerJoin(gemeinden, eq(gemeinden.id, beherberger.gemeindeId))
    .leftJoin(objectCount, eq(objectCount.id, beherberger.id))
    .leftJoin(accountCount, eq(accountCount.id, beherberger.id))
    .where(
      and(
        landlordScopeCondition(scope),
        q
          ? or(
              ilike(beherberger.alias, needle),
              ilike(beherberger.firma, needle),
              ilike(beherberger.vorname, needle),
              ilike(beherberger.nachname, needle),
              ilike(beherberger.ort, needle),
              ilike(beherberger.email, needle),
              ilike(beherberger.vermieterNr, needle),
              ilike(beherberger.debitorNr, needle),
            )
          : undefined,
      ),
    )
    .orderBy(asc(beherberger.alias), asc(beherberger.id))
    .limit(500);
  return rows.map((r) => ({
    id: r.id,
    alias: r.alias,
    firma: r.firma,
    name: [r.vorname, r.nachname].filter(Boolean).join(' '),
    ort: r.ort,
    email: r.email,
    gemeinde: r.gemeinde,
    isActive: r.isActive,
    objekte: Number(r.objekte),
    accounts: Number(r.accounts),
  }));
}

/**
 * One landlord with its objects and accounts, or null: also for a landlord of a municipality
 * outside the staff member's scope, exactly as for an unknown id.
 */
export async function loadLandlord(db: Db, id: number, scope: Scoped) {
  if (!Number.isInteger(id) || id <= 0 || id >= 2 ** 31) return null;
  const [row] = await db
    .select()
    .from(beherberger)
    .where(and(eq(beherberger.id, id), landlordScopeCondition(scope)));
  if (!row) return null;
  const [objects, accounts, zones] = await Promise.all([
    db
      .select({
        id: objekte.id,
        alias: objekte.alias,
        betten: objekte.anzahlBetten,
        zone: tarifzonen.alias,
        zoneId: objekte.tarifzoneId,
        strasse: objekte.strasse,
        plz: objekte.plz,
        ort: objekte.ort,
        isActive: objekte.isActive,
      })
      .from(objekte)
      .innerJoin(tarifzonen, eq(tarifzonen.id, objekte.tarifzoneId))
      .where(eq(objekte.beherbergerId, id))
      .orderBy(asc(objekte.alias)),
    db
      .select({
        id: users.id,
        username: users.username,
        isActive: users.isActive,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        alias: users.alias,
        permissions: users.permissions,
      })
      .from(users)
      .innerJoin(userBeherberger, eq(userBeherberger.userId, users.id))
      .where(eq(userBeherberger.beherbergerId, id))
      .orderBy(asc(users.username)),
    db
      .select({ id: tarifzonen.id, alias: tarifzonen.alias })
      .from(tarifzonen)
      .where(eq(tarifzonen.gemeindeId, row.gemeindeId))
      .orderBy(asc(tarifzonen.alias)),
  ]);
  return { landlord: row, objects, accounts, zones };
}
