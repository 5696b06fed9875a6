// The configuration of an account (spec 2.6, 4.6): only the user's own landlords and objects, and
// the municipalities they are in with everything nested.
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db';
import {
  beherberger,
  gemeinden,
  meldescheinFields,
  objekte,
  ortsteile,
  saisonzeiten,
  tarife,
  tarifzonen,
  unterkunftsarten,
  userBeherberger,
  users,
} from '../db/schema';
import type { CurrentUserResponse } from '../wire/config';
import { offsetDateTime } from '../wire/time';
import type { AuthUser } from './context';
import * as s from './serialize';

function groupBy<T, K>(rows: T[], key: (r: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = out.get(k);
    if (list) list.push(r);
    else out.set(k, [r]);
  }
  return out;
}

export async function loadConfiguration(db: Db, authUser: AuthUser): Promise<CurrentUserResponse> {
  const [user] = await db.select().from(users).where(eq(users.id, authUser.id));
  if (!user) throw new Error(`user ${authUser.id} vanished`);
  const landlords = await db
    .select({ b: beherberger })
    .from(userBeherberger)
    .innerJoin(beherberger, eq(beherberger.id, userBeherberger.beherbergerId))
    .where(eq(userBeherberger.userId, user.id))
    .orderBy(asc(beherberger.id));
  const landlordIds = landlords.map((r) => r.b.id);
  const objects = landlordIds.length
    ? await db
        .select({ o: objekte, zone: tarifzonen, ortsteil: ortsteile })
        .from(objekte)
        .innerJoin(tarifzonen, eq(tarifzonen.id, objekte.tarifzoneId))
        .leftJoin(ortsteile, eq(ortsteile.id, objekte.ortsteilId))
        .where(inArray(objekte.beherbergerId, landlordIds))
        .orderBy(asc(objekte.id))
    : [];
  const gemeindeIds = [
    ...new Set([...objects.map((r) => r.zone.gemeindeId), ...landlords.map((r) => r.b.gemeindeId)]),
  ];
  const byLandlord = groupBy(objects, (r) => r.o.beherbergerId);
  const owners = new Map(landlords.map((r) => [r.b.id, r.b]));

  return {
    user: s.configUser(user),
    beherberger: landlords.map(({ b }) =>
      s.configBeherberger(
        b,
        (byLandlord.get(b.id) ?? []).map((r) =>
          s.configObjekt(r.o, r.zone, r.ortsteil, owners.get(b.id)!),
        ),
      ),
    ),
    gemeinden: await loadGemeinden(db, gemeindeIds),
    created: offsetDateTime(user.created),
    modified: offsetDateTime(user.modified ?? user.created),
    permissions: [...user.permissions].sort(),
  };
}

export async function loadGemeinden(db: Db, ids: number[]) {
  if (!ids.length) return [];
  const [rows, parts, kinds, zones, seasons, tariffs, fields] = await Promise.all([
    db.select().from(gemeinden).where(inArray(gemeinden.id, ids)).orderBy(asc(gemeinden.id)),
    db
      .select()
      .from(ortsteile)
      .where(inArray(ortsteile.gemeindeId, ids))
      .orderBy(asc(ortsteile.id)),
    db
      .select()
      .from(unterkunftsarten)
      .where(inArray(unterkunftsarten.gemeindeId, ids))
      .orderBy(asc(unterkunftsarten.id)),
    db
      .select()
      .from(tarifzonen)
      .where(inArray(tarifzonen.gemeindeId, ids))
      .orderBy(asc(tarifzonen.id)),
    db
      .select()
      .from(saisonzeiten)
      .where(inArray(saisonzeiten.gemeindeId, ids))
      .orderBy(asc(saisonzeiten.validFrom)),
    db.select().from(tarife).where(inArray(tarife.gemeindeId, ids)).orderBy(asc(tarife.id)),
    db
      .select()
      .from(meldescheinFields)
      .where(inArray(meldescheinFields.gemeindeId, ids))
      .orderBy(asc(meldescheinFields.viewOrder), asc(meldescheinFields.id)),
  ]);
  const by = <T extends { gemeindeId: number }>(list: T[]) => groupBy(list, (r) => r.gemeindeId);
  const [p, u, z, se, t, f] = [
    by(parts),
    by(kinds),
    by(zones),
    by(seasons),
    by(tariffs),
    by(fields),
  ];
  return rows.map((g) =>
    s.configGemeinde(g, {
      ortsteile: (p.get(g.id) ?? []).map(s.named),
      unterkunftsarten: (u.get(g.id) ?? []).map(s.named),
      tarifzonen: (z.get(g.id) ?? []).map(s.named),
      saisonzeiten: (se.get(g.id) ?? []).map(s.saisonzeit),
      tarife: (t.get(g.id) ?? []).map(s.tarif),
      meldeschein_fields: (f.get(g.id) ?? []).map(s.meldescheinField),
    }),
  );
}
