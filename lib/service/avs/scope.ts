// Which municipality, object and form an AVS call acts on, checked with the service's own rules
// (meldescheine/access.ts): an object of one of the account's landlords, the account's forms only;
// anything else is refused with AVS's codes.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { processWide } from '../../process-wide';
import type { Permission } from '../../wire/config';
import { isId, MAX_ID } from '../../wire/meldeschein';
import { ServiceError } from '../../wire/errors';
import type { AuthUser } from '../context';
import { loadForms, resolveScope, type FormScope, type StoredForm } from '../meldescheine';
import { CONFIG_TTL_MS } from '../meldescheine/config';
import { intArray } from '../meldescheine/load';
import { runPrepared } from '../meldescheine/prepared';
import { ourNummer } from './forms';
import { refuse } from './refusal';

// An object's municipality, for calls that leave `kurverwaltung` at 0: kept like the booking
// configuration (30 s), so a booking costs no extra query.
const objektGemeinde = processWide(
  'service.avs-objekt-gemeinde',
  () => new WeakMap<Db, Map<number, { at: number; gemeinde: number | null }>>(),
);

async function gemeindeOfObjekt(db: Db, objektId: number): Promise<number | null> {
  let cache = objektGemeinde.get().get(db);
  if (!cache) objektGemeinde.get().set(db, (cache = new Map()));
  const hit = cache.get(objektId);
  if (hit && Date.now() - hit.at < CONFIG_TTL_MS) return hit.gemeinde;
  const [row] = await runPrepared<{ gemeinde_id: number }>(
    db,
    sql`select z.gemeinde_id from objekte o join tarifzonen z on z.id = o.tarifzone_id
        where o.id = ${objektId}::int`,
  );
  const gemeinde = row?.gemeinde_id ?? null;
  if (gemeinde !== null) cache.set(objektId, { at: Date.now(), gemeinde });
  return gemeinde;
}

/** A refusal of the scope checks in AVS's codes (the account, the municipality, the object). */
function scopeRefusal(err: ServiceError, bezug: string) {
  const path = err.details[0]?.path ?? '';
  if (err.code === 'permission_denied') return refuse('11900', `${bezug}: Berechtigung`);
  if (path === 'meta.vermieter') return refuse('10101', bezug);
  if (path === 'meta.objekt' && err.details[0]?.code === 'not_available')
    return refuse('10019', bezug);
  if (path === 'meta.gemeinde') return refuse('11900', bezug);
  return refuse('10009', bezug);
}

/** The scope of a call on an object: the account's, in the municipality named or its own. */
export async function objektScope(
  db: Db,
  user: AuthUser,
  call: { gemeinde: number | null; objekt: number; firma?: number },
  permission: Permission,
  bezug: string,
): Promise<FormScope> {
  // Ids are PostgreSQL integers: a larger number names no object.
  if (!isId(call.objekt)) {
    throw refuse('10009', bezug);
  }
  const gemeinde = call.gemeinde ?? (await gemeindeOfObjekt(db, call.objekt));
  if (gemeinde === null) throw refuse('10009', bezug);
  try {
    return await resolveScope(
      db,
      user,
      { gemeinde, objekt: call.objekt, ...(call.firma ? { vermieter: call.firma } : {}) },
      permission,
    );
  } catch (err) {
    if (err instanceof ServiceError && (err.status === 403 || err.code === 'validation_error')) {
      throw scopeRefusal(err, bezug);
    }
    throw err;
  }
}

export interface FoundForm {
  id: number;
  gemeinde: number;
  objekt: number;
}

/**
 * The account's forms by AVS's keys: a meldescheinnummer (leading, as AVS reads it), or a booking
 * number with its object; restricted to `gemeinde` when the call names one. Empty when none.
 */
export async function findForms(
  db: Db,
  user: AuthUser,
  key: { nummer?: string; buchungsnummer?: string; objekt?: number; gemeinde: number | null },
  limit = 1,
): Promise<FoundForm[]> {
  const outOfRange = (n: number | null | undefined) => n != null && (n < 1 || n > MAX_ID);
  if (!user.beherbergerIds.length || outOfRange(key.objekt) || outOfRange(key.gemeinde)) return [];
  const where = key.nummer
    ? sql`m.meldescheinnummer = ${key.nummer}`
    : key.buchungsnummer !== undefined
      ? sql`m.buchungsnummer = ${key.buchungsnummer}
          ${key.objekt === undefined ? sql`` : sql`and m.objekt_id = ${key.objekt}::int`}`
      : sql`true`;
  return runPrepared<FoundForm>(
    db,
    sql`select m.id, m.gemeinde_id as gemeinde, m.objekt_id as objekt from meldescheine m
        where ${where} and m.beherberger_id = any(${intArray(user.beherbergerIds)}::int[])
          ${key.gemeinde === null ? sql`` : sql`and m.gemeinde_id = ${key.gemeinde}::int`}
        order by m.id desc limit ${limit}::int`,
  );
}

/**
 * The account's form by its meldescheinnummer (with or without the hyphen; it leads, as AVS
 * reads it) or by a booking number and object; 10106 when there is none, 11900 when the number
 * is one in several of the account's municipalities and the call names none.
 */
export async function formByKey(
  db: Db,
  user: AuthUser,
  key: { nummer?: string; buchungsnummer?: string; objekt?: number; gemeinde: number | null },
  now: Date,
  bezug: string,
): Promise<StoredForm> {
  const nummer = key.nummer ? ourNummer(key.nummer) : undefined;
  const found =
    nummer === null
      ? []
      : await findForms(
          db,
          user,
          nummer ? { nummer, gemeinde: key.gemeinde } : { ...key, nummer: undefined },
          2,
        );
  if (found.length > 1)
    throw refuse(nummer ? '11900' : '10003', `${bezug}: ${nummer ? 'kurverwaltung' : 'objektid'}`);
  const hit = found[0];
  if (!hit) throw refuse('10106', bezug);
  const scope = await objektScope(
    db,
    user,
    { gemeinde: hit.gemeinde, objekt: hit.objekt },
    'meldeschein.view_meldeschein',
    bezug,
  );
  const [form] = await loadForms(db, scope, [hit.id], now);
  return form!;
}
