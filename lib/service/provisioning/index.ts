// Provisioning used by the admin CLI and the demo seed: each call is one transaction.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db';
import {
  beherberger,
  gemeinden,
  meldescheinFields,
  objekte,
  ortsteile,
  saisonzeiten,
  tarife,
  tarifRates,
  tarifzonen,
  unterkunftsarten,
  userBeherberger,
  users,
} from '../../db/schema';
import { hashPassword } from '../accounts/passwords';
import {
  BeherbergerInput,
  fieldColumns,
  tarifColumns,
  GemeindeConfigFile,
  ObjektInput,
  UserInput,
} from './schema';

export { GemeindeConfigFile, BeherbergerInput, ObjektInput, UserInput } from './schema';

export interface LoadedGemeinde {
  id: number;
  zones: Record<string, number>;
  ortsteile: Record<string, number>;
  unterkunftsarten: Record<string, number>;
}

/** Create a municipality with its whole configuration from a validated file. */
export async function loadGemeindeConfig(
  db: Db,
  input: GemeindeConfigFile,
): Promise<LoadedGemeinde> {
  const file = GemeindeConfigFile.parse(input);
  return db.transaction(async (tx) => {
    const [g] = await tx
      .insert(gemeinden)
      .values({
        alias: file.gemeinde.alias,
        usingPaper: file.gemeinde.using_paper,
        usingEms: file.gemeinde.using_ems,
        datatableName: file.gemeinde.datatable_name,
      })
      .returning();
    const gemeindeId = g!.id;
    const parts = file.ortsteile.length
      ? await tx
          .insert(ortsteile)
          .values(file.ortsteile.map((alias) => ({ gemeindeId, alias })))
          .returning()
      : [];
    const kinds = file.unterkunftsarten.length
      ? await tx
          .insert(unterkunftsarten)
          .values([...new Set(file.unterkunftsarten)].map((alias) => ({ gemeindeId, alias })))
          .returning()
      : [];
    const zones = await tx
      .insert(tarifzonen)
      .values(file.tarifzonen.map((alias) => ({ gemeindeId, alias })))
      .returning();
    const seasons = file.saisonzeiten.length
      ? await tx
          .insert(saisonzeiten)
          .values(
            file.saisonzeiten.map((s) => ({
              gemeindeId,
              alias: s.alias,
              validFrom: s.valid_from,
              validUntil: s.valid_until,
            })),
          )
          .returning()
      : [];
    const zoneIds = Object.fromEntries(zones.map((z) => [z.alias, z.id]));
    for (const t of file.tarife) {
      const [row] = await tx
        .insert(tarife)
        .values({
          gemeindeId,
          tarifCode: t.tarif_code,
          ...tarifColumns(t),
        })
        .returning();
      const rates: (typeof tarifRates.$inferInsert)[] = Object.entries(t.rates).flatMap(
        ([zone, bySeason]) =>
          Object.entries(bySeason).flatMap(([season, cents]): (typeof tarifRates.$inferInsert)[] =>
            season === '*'
              ? [
                  {
                    tarifId: row!.id,
                    tarifzoneId: zoneIds[zone]!,
                    saisonzeitId: null,
                    centsPerNight: cents,
                  },
                ]
              : seasons
                  .filter((s) => s.alias === season)
                  .map((s) => ({
                    tarifId: row!.id,
                    tarifzoneId: zoneIds[zone]!,
                    saisonzeitId: s.id,
                    centsPerNight: cents,
                  })),
          ),
      );
      if (rates.length) await tx.insert(tarifRates).values(rates);
    }
    if (file.meldeschein_fields.length) {
      await tx.insert(meldescheinFields).values(
        file.meldeschein_fields.map((f, i) => ({
          gemeindeId,
          columnName: f.column_name,
          ...fieldColumns(f),
          viewOrder: (i + 1) * 10,
        })),
      );
    }
    return {
      id: gemeindeId,
      zones: zoneIds,
      ortsteile: Object.fromEntries(parts.map((p) => [p.alias, p.id])),
      unterkunftsarten: Object.fromEntries(kinds.map((k) => [k.alias, k.id])),
    };
  });
}

export async function createBeherberger(db: Db, input: BeherbergerInput): Promise<number> {
  const b = BeherbergerInput.parse(input);
  const [row] = await db
    .insert(beherberger)
    .values({
      gemeindeId: b.gemeinde,
      alias: b.alias,
      firma: b.firma,
      anrede: b.anrede,
      vorname: b.vorname,
      nachname: b.nachname,
      strasse: b.strasse,
      plz: b.plz,
      ort: b.ort,
      telefon: b.telefon,
      email: b.email,
      vermieterNr: b.vermieter_nr,
      debitorNr: b.debitor_nr,
    })
    .returning({ id: beherberger.id });
  return row!.id;
}

export async function createObjekt(db: Db, input: ObjektInput): Promise<number> {
  const o = ObjektInput.parse(input);
  const unterkunftsartId =
    o.unterkunftsart === null ? null : await findUnterkunftsart(db, o.tarifzone, o.unterkunftsart);
  const [row] = await db
    .insert(objekte)
    .values({
      beherbergerId: o.beherberger,
      tarifzoneId: o.tarifzone,
      ortsteilId: o.ortsteil,
      alias: o.alias,
      anzahlBetten: o.anzahl_betten,
      strasse: o.strasse,
      plz: o.plz,
      ort: o.ort,
      unterkunftsartId,
    })
    .returning({ id: objekte.id });
  return row!.id;
}

/** The id of a kind of accommodation of the zone's municipality, named by id or alias. */
async function findUnterkunftsart(db: Db, tarifzoneId: number, kind: number | string) {
  const byId = typeof kind === 'number' || /^\d+$/.test(kind);
  const [row] = await db
    .select({ id: unterkunftsarten.id })
    .from(unterkunftsarten)
    .innerJoin(tarifzonen, eq(tarifzonen.gemeindeId, unterkunftsarten.gemeindeId))
    .where(
      and(
        eq(tarifzonen.id, tarifzoneId),
        byId ? eq(unterkunftsarten.id, Number(kind)) : eq(unterkunftsarten.alias, String(kind)),
      ),
    );
  if (!row) {
    throw new Error(
      `"${kind}" is not a kind of accommodation (unterkunftsart) of the zone's municipality.`,
    );
  }
  return row.id;
}

export async function createUser(db: Db, input: UserInput, password: string): Promise<number> {
  const u = UserInput.parse(input);
  if (password.length < 4) throw new Error('The password must have at least 4 characters.');
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({
        username: u.username,
        email: u.email,
        firstName: u.first_name,
        lastName: u.last_name,
        alias: u.alias || u.username,
        passwordHash,
        permissions: u.permissions,
      })
      .returning({ id: users.id });
    if (u.beherberger.length) {
      await tx
        .insert(userBeherberger)
        .values(u.beherberger.map((beherbergerId) => ({ userId: row!.id, beherbergerId })));
    }
    return row!.id;
  });
}

export { setPassword, setUserActive } from '../accounts/revocation';
