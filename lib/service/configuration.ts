// The configuration of an account (spec 2.6, 4.6): only the user's own landlords and objects, and
// the municipalities they are in with everything nested.
//
// The whole answer is kept per user with the account's `config_version`, which triggers raise on
// every change of what it answers (migration 0015): an unchanged call reads that one number. When
// it changed, one statement reads the user's row, landlords and objects and the config_version of
// each of their municipalities. The municipalities themselves (zones, seasons, tariffs, fields:
// the bulk of the answer) are kept in memory per database and municipality with the version they
// were read at, and read again only when the version in the database differs (migration 0012).
// So a change shows at the next call on every instance (decision 014).
// Before (ten statements, built by drizzle, and every timestamp through Intl) the call ran at
// 0.06-0.09 of list/'s throughput (docs/performance.md).
import { asc, getTableColumns, inArray, sql, type InferSelectModel } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
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
import type { ConfigGemeinde, CurrentUserResponse } from '../wire/config';
import { toXml } from '../wire/xml';
import type { AuthUser, Format } from './context';
import { runPrepared } from './meldescheine/prepared';
import { stamp } from './meldescheine/stamps';
import { etagOf } from './respond';
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

type Json = Record<string, unknown>;

/**
 * A row as `to_json` writes it, converted by the table's own columns as drizzle reads them
 * (timestamps from the same text to the same Date); `omit` names columns the statement left out.
 */
function fromJson<T extends PgTable, K extends keyof InferSelectModel<T> = never>(
  table: T,
  json: Json,
  omit: readonly K[] = [],
): Omit<InferSelectModel<T>, K> {
  const out: Json = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    if ((omit as readonly string[]).includes(key)) continue;
    const value = json[column.name];
    out[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return out as Omit<InferSelectModel<T>, K>;
}

interface CallerRow {
  /** The user's row, with the account's config_version. */
  user: Json;
  landlords: Json[];
  objects: { o: Json; zone: Json; ortsteil: Json | null }[];
  /** [gemeinde id, config_version] of every municipality the caller's landlords and objects are in. */
  versions: [number, number][];
}

// The user's row without its password hash, landlords and objects as JSON rows, and the versions.
const callerStatement = (userId: number) => sql`
  with mine as (
    select b.* from ${userBeherberger} ub join ${beherberger} b on b.id = ub.beherberger_id
    where ub.user_id = ${userId}::int
  ), owned as (
    select o, z, t from ${objekte} o
      join ${tarifzonen} z on z.id = o.tarifzone_id
      left join ${ortsteile} t on t.id = o.ortsteil_id
    where o.beherberger_id in (select id from mine) and o.is_active
  )
  select json_build_object('user', to_jsonb(u) - 'password_hash',
    'landlords', coalesce((select json_agg(to_json(mine) order by mine.id) from mine), '[]'),
    'objects', coalesce((select json_agg(json_build_object('o', to_json(o), 'zone', to_json(z),
      'ortsteil', to_json(t)) order by (o).id) from owned), '[]'),
    'versions', coalesce((select json_agg(json_build_array(g.id, g.config_version) order by g.id)
      from ${gemeinden} g
      where g.id in (select gemeinde_id from mine union select (z).gemeinde_id from owned)),
      '[]'))::text as caller
  from ${users} u where u.id = ${userId}::int`;

/** Everything of the caller's own; throws when the user is gone (the token was just checked). */
async function readCaller(db: Db, userId: number): Promise<CallerRow> {
  const [row] = await runPrepared<{ caller: string }>(db, callerStatement(userId));
  if (!row) throw new Error(`user ${userId} vanished`);
  return JSON.parse(row.caller) as CallerRow;
}

const versionStatement = (userId: number) =>
  sql`select ${users.configVersion} as version from ${users} where ${users.id} = ${userId}::int`;

/** The account's configuration version, as the database has it now. */
async function accountVersion(db: Db, userId: number): Promise<number> {
  const [row] = await runPrepared<{ version: string | number }>(db, versionStatement(userId));
  if (!row) throw new Error(`user ${userId} vanished`);
  return Number(row.version);
}

/** The answer in three parts, so the kept municipalities need not be serialized on every call. */
export interface ConfigurationParts {
  head: Pick<CurrentUserResponse, 'user' | 'beherberger'>;
  gemeinden: Cached[];
  tail: Pick<CurrentUserResponse, 'created' | 'modified' | 'permissions'>;
}

async function partsOf(db: Db, row: CallerRow): Promise<ConfigurationParts> {
  const user = fromJson(users, row.user, ['passwordHash']);
  const landlords = row.landlords.map((b) => fromJson(beherberger, b));
  const owners = new Map(landlords.map((b) => [b.id, b]));
  const objects = row.objects.map((r) => ({
    o: fromJson(objekte, r.o),
    zone: fromJson(tarifzonen, r.zone),
    ortsteil: r.ortsteil ? fromJson(ortsteile, r.ortsteil) : null,
  }));
  const byLandlord = groupBy(objects, (r) => r.o.beherbergerId);
  return {
    head: {
      user: s.configUser(user),
      beherberger: landlords.map((b) =>
        s.configBeherberger(
          b,
          (byLandlord.get(b.id) ?? []).map((r) =>
            s.configObjekt(r.o, r.zone, r.ortsteil, owners.get(b.id)!),
          ),
        ),
      ),
    },
    gemeinden: await gemeindenAt(db, row.versions),
    tail: {
      created: stamp(user.created),
      modified: stamp(user.modified ?? user.created),
      permissions: [...user.permissions].sort(),
    },
  };
}

export function configurationOf(parts: ConfigurationParts): CurrentUserResponse {
  return { ...parts.head, gemeinden: parts.gemeinden.map((g) => g.value), ...parts.tail };
}

/**
 * `JSON.stringify(configurationOf(parts))`, byte for byte, with each municipality's text as kept:
 * they are most of the answer's 9-14 KB.
 */
export function configurationJson(parts: ConfigurationParts): string {
  const head = JSON.stringify(parts.head);
  const tail = JSON.stringify(parts.tail);
  const list = parts.gemeinden.map((g) => (g.json ??= JSON.stringify(g.value))).join(',');
  return `${head.slice(0, -1)},"gemeinden":[${list}],${tail.slice(1)}`;
}

export async function loadConfiguration(db: Db, authUser: AuthUser): Promise<CurrentUserResponse> {
  return configurationOf(await partsOf(db, await readCaller(db, authUser.id)));
}

/**
 * The configuration as a value, kept as the answers are (below): one version read while the
 * account is unchanged. Shared between calls: read it, never change it.
 */
export async function keptConfiguration(
  db: Db,
  authUser: AuthUser,
): Promise<Readonly<CurrentUserResponse>> {
  const entry = await keptEntry(db, authUser);
  return (entry.value ??= configurationOf(await partsOf(db, entry.row)));
}

export interface ConfigurationAnswer {
  /** The answer's UTF-8 bytes, made once per kept answer. */
  bytes: Uint8Array<ArrayBuffer>;
  etag: string;
}

/** Answers kept per database and user, with the account's version they were made at. */
type KeptEntry = { version: number; row: CallerRow; value?: CurrentUserResponse } & Partial<
  Record<Format, ConfigurationAnswer>
>;
let answers = new WeakMap<Db, Map<number, KeptEntry>>();
const utf8 = new TextEncoder();
/** Users whose last answer is kept, per database; beyond it the memory is given back at once. */
const MAX_KEPT_USERS = 1_000;

/**
 * The answer's text and ETag. The answer is a function of everything the account's version
 * covers: while a call reads the version the kept answer was made at, that answer is this call's,
 * and nothing is read, built, serialized or hashed again. A miss keeps what it read under the
 * version read with it in the same statement: a change committed after it raises the version
 * again, so what is kept is never older than its version says.
 */
export async function configurationAnswer(
  db: Db,
  authUser: AuthUser,
  format: Format,
): Promise<ConfigurationAnswer> {
  const entry = await keptEntry(db, authUser);
  const hit = entry[format];
  if (hit) return hit;
  const parts = await partsOf(db, entry.row);
  const text = format === 'xml' ? toXml(configurationOf(parts)) : configurationJson(parts);
  return (entry[format] = { bytes: utf8.encode(text), etag: etagOf(text) });
}

/** The kept entry of the account at the version the database has now (see configurationAnswer). */
async function keptEntry(db: Db, authUser: AuthUser): Promise<KeptEntry> {
  let kept = answers.get(db);
  if (!kept) answers.set(db, (kept = new Map()));
  let entry = kept.get(authUser.id);
  if (entry && entry.version !== (await accountVersion(db, authUser.id))) entry = undefined;
  if (!entry) {
    const row = await readCaller(db, authUser.id);
    if (kept.size >= MAX_KEPT_USERS) kept.clear();
    entry = { version: Number(row.user.config_version), row };
    kept.set(authUser.id, entry);
  }
  return entry;
}

interface Cached {
  version: number;
  value: ConfigGemeinde;
  /** Its JSON, written at first use. */
  json?: string;
}
let caches = new WeakMap<Db, Map<number, Cached>>();

/** Forget every kept municipality (tests: to compare with a fresh read). */
export function clearConfigurationCache(): void {
  caches = new WeakMap();
  answers = new WeakMap();
}

/**
 * The municipalities at the versions just read. A miss is read anew and kept under the version
 * read before it: its rows are at least that new, so a change committed in between only costs
 * another read at the next call, never a stale answer.
 */
async function gemeindenAt(db: Db, versions: [number, number][]): Promise<Cached[]> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const missing = versions.filter(([id, version]) => cache.get(id)?.version !== Number(version));
  if (missing.length) {
    const loaded = await loadGemeinden(
      db,
      missing.map(([id]) => id),
    );
    const versionOf = new Map(missing.map(([id, version]) => [id, Number(version)]));
    for (const g of loaded) cache.set(g.id, { version: versionOf.get(g.id)!, value: g });
  }
  // A municipality deleted in between is left out, as a fresh read would.
  return versions.flatMap(([id]) => {
    const hit = cache.get(id);
    return hit ? [hit] : [];
  });
}

async function loadGemeinden(db: Db, ids: number[]): Promise<ConfigGemeinde[]> {
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
