// Editing and (de)activating landlords, objects and landlords' accounts (docs/decisions/032): each
// change one transaction with its audit entry (naming the changed fields and their new values:
// landlords' data, never guests'), checked with every wrong field named. The portal sees a change
// at its next configuration call: the triggers of migration 0015 raise the accounts'
// config_version on every update of these rows. Bookings see an object's change at once, on this
// instance and, on PostgreSQL, on every other (lib/service/bookers.ts: the kept municipality is
// forgotten everywhere); without the announcement reaching one, within CONFIG_TTL_MS there.
import { and, eq, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db';
import { beherberger, objekte, tarifzonen, users } from '../../db/schema';
import { PERMISSIONS } from '../../wire/config';
import { announceBookersChange } from '../../service/bookers';
import { BeherbergerInput, ObjektInput, UserInput } from '../../service/provisioning';
import { recordAudit, type Actor } from '../audit/audit';
import { revokeLinks } from '../invitations/password-links';

/** Field -> what is wrong with it (a code the page puts in words). */
export type FieldProblems = Record<string, FieldProblem>;
export type FieldProblem = 'required' | 'invalid' | 'email' | 'too_small' | 'taken' | 'zone';

export class FieldError extends Error {
  constructor(readonly fields: FieldProblems) {
    super(`invalid: ${Object.keys(fields).join(', ')}`);
    this.name = 'FieldError';
  }
}

/** Every wrong field of a zod error, by its first path segment. */
export function problemsOf(error: z.ZodError): FieldProblems {
  const out: FieldProblems = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'form');
    if (out[key]) continue;
    if (issue.code === 'invalid_type' && issue.input === undefined) out[key] = 'required';
    else if (issue.code === 'invalid_format' && issue.format === 'email') out[key] = 'email';
    else if (issue.code === 'too_small' && issue.origin === 'string') out[key] = 'required';
    else if (issue.code === 'too_small') out[key] = 'too_small';
    else out[key] = 'invalid';
  }
  return out;
}

function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new FieldError(problemsOf(parsed.error));
  return parsed.data;
}

/**
 * Only the fields the input names: a form that does not show a field (e.g. `anrede`, set by the
 * command line) leaves it as it is, instead of the schema's default wiping it.
 */
function named<T extends Record<string, unknown>>(
  input: unknown,
  values: Record<string, [string, unknown]>,
): Partial<T> {
  const given = new Set(Object.keys(typeof input === 'object' && input !== null ? input : {}));
  const out: Record<string, unknown> = {};
  for (const [key, [column, value]] of Object.entries(values)) {
    if (given.has(key)) out[column] = value;
  }
  return out as Partial<T>;
}

/** The fields whose value differs, with the new values. */
function changes<T extends Record<string, unknown>>(before: T, after: Partial<T>): Partial<T> {
  const out: Partial<T> = {};
  for (const [k, v] of Object.entries(after) as [keyof T, T[keyof T]][]) {
    if (JSON.stringify(before[k]) !== JSON.stringify(v)) out[k] = v;
  }
  return out;
}

/** The landlord fields the office's form edits. */
export const LANDLORD_EDIT_KEYS = [
  'alias',
  'firma',
  'vorname',
  'nachname',
  'strasse',
  'plz',
  'ort',
  'telefon',
  'email',
  'vermieter_nr',
  'debitor_nr',
] as const;

export const BeherbergerUpdate = BeherbergerInput.omit({ gemeinde: true });
export type BeherbergerUpdate = z.input<typeof BeherbergerUpdate>;

/** A landlord's fields (not its municipality); false when there is no such landlord. */
export async function updateBeherberger(
  db: Db,
  id: number,
  input: BeherbergerUpdate | Record<string, unknown>,
  actor: Actor,
): Promise<boolean> {
  const b = parse(BeherbergerUpdate, input);
  const values = named<typeof beherberger.$inferSelect>(input, {
    alias: ['alias', b.alias],
    firma: ['firma', b.firma],
    anrede: ['anrede', b.anrede],
    vorname: ['vorname', b.vorname],
    nachname: ['nachname', b.nachname],
    strasse: ['strasse', b.strasse],
    plz: ['plz', b.plz],
    ort: ['ort', b.ort],
    telefon: ['telefon', b.telefon],
    email: ['email', b.email],
    vermieter_nr: ['vermieterNr', b.vermieter_nr],
    debitor_nr: ['debitorNr', b.debitor_nr],
  });
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(beherberger)
      .where(eq(beherberger.id, id))
      .for('update');
    if (!before) return false;
    const changed = changes(before, values);
    if (Object.keys(changed).length === 0) return true;
    await tx
      .update(beherberger)
      .set({ ...changed, modified: new Date() })
      .where(eq(beherberger.id, id));
    await recordAudit(tx, actor, 'beherberger.update', `beherberger:${id}`, { changed });
    return true;
  });
}

export const ObjektUpdate = ObjektInput.omit({ beherberger: true, unterkunftsart: true });
export type ObjektUpdate = z.input<typeof ObjektUpdate>;

/** An object's fields; its zone must be one of its landlord's municipality. */
export async function updateObjekt(
  db: Db,
  id: number,
  input: ObjektUpdate | Record<string, unknown>,
  actor: Actor,
): Promise<boolean> {
  const o = parse(ObjektUpdate, input);
  const done = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(objekte).where(eq(objekte.id, id)).for('update');
    if (!before) return false;
    const [zone] = await tx
      .select({ id: tarifzonen.id })
      .from(tarifzonen)
      .innerJoin(beherberger, eq(beherberger.gemeindeId, tarifzonen.gemeindeId))
      .where(and(eq(tarifzonen.id, o.tarifzone), eq(beherberger.id, before.beherbergerId)));
    if (!zone) throw new FieldError({ tarifzone: 'zone' });
    const changed = changes(
      before,
      named<typeof objekte.$inferSelect>(input, {
        alias: ['alias', o.alias],
        tarifzone: ['tarifzoneId', o.tarifzone],
        ortsteil: ['ortsteilId', o.ortsteil],
        anzahl_betten: ['anzahlBetten', o.anzahl_betten],
        strasse: ['strasse', o.strasse],
        plz: ['plz', o.plz],
        ort: ['ort', o.ort],
      }),
    );
    if (Object.keys(changed).length === 0) return true;
    await tx
      .update(objekte)
      .set({ ...changed, modified: new Date() })
      .where(eq(objekte.id, id));
    await recordAudit(tx, actor, 'objekt.update', `objekt:${id}`, { changed });
    return true;
  });
  await announceBookersChange(db, 'config');
  return done;
}

/** Deactivate (no new forms, gone from the portal's configuration) or activate an object. */
export async function changeObjektActive(
  db: Db,
  id: number,
  active: boolean,
  actor: Actor,
): Promise<boolean> {
  const done = await db.transaction(async (tx) => {
    const rows = await tx
      .update(objekte)
      .set({ isActive: active, modified: new Date() })
      .where(and(eq(objekte.id, id), ne(objekte.isActive, active)))
      .returning({ id: objekte.id });
    if (rows.length === 0) return false;
    await recordAudit(tx, actor, active ? 'objekt.activate' : 'objekt.deactivate', `objekt:${id}`);
    return true;
  });
  await announceBookersChange(db, 'config');
  return done;
}

export const UserUpdate = UserInput.pick({
  email: true,
  first_name: true,
  last_name: true,
  alias: true,
}).extend({ permissions: z.array(z.enum(PERMISSIONS)) });
export type UserUpdate = z.input<typeof UserUpdate>;

/** One mailbox: e-mail addresses that differ only in case. */
const sameAddress = (a: string | null, b: string | null) =>
  (a?.toLowerCase() ?? null) === (b?.toLowerCase() ?? null);

/**
 * An account's contact and rights (its name stays); e-mail addresses are unique. A new address
 * revokes the account's open set-password links and their waiting mails.
 */
export async function updateUser(
  db: Db,
  id: number,
  input: UserUpdate | Record<string, unknown>,
  actor: Actor,
): Promise<boolean> {
  const u = parse(UserUpdate, input);
  const done = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    if (!before) return false;
    if (u.email) {
      const [other] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(sql`lower(${users.email})`, u.email.toLowerCase()), ne(users.id, id)));
      if (other) throw new FieldError({ email: 'taken' });
    }
    const changed = changes(
      before,
      named<typeof users.$inferSelect>(input, {
        email: ['email', u.email],
        first_name: ['firstName', u.first_name],
        last_name: ['lastName', u.last_name],
        alias: ['alias', u.alias || before.username],
        permissions: ['permissions', [...u.permissions].sort()],
      }),
    );
    if (Object.keys(changed).length === 0) return true;
    const now = new Date();
    await tx
      .update(users)
      .set({ ...changed, modified: now })
      .where(eq(users.id, id));
    // A set-password link went to the old address: it and its waiting mail are withdrawn, and a
    // new invitation goes to the new one.
    if ('email' in changed && !sameAddress(before.email, changed.email ?? null)) {
      await revokeLinks(tx, 'user', id, now);
    }
    await recordAudit(tx, actor, 'user.update', `user:${id}`, { changed });
    return true;
  });
  // Permissions are read with the token's user (kept AUTH_CACHE_MS): forgotten at once everywhere.
  await announceBookersChange(db, 'auth');
  return done;
}

/**
 * Deactivate an account (every token issued up to now is refused, its set-password links revoked)
 * or activate it again (old tokens stay revoked).
 */
export async function changeUserActiveById(
  db: Db,
  id: number,
  active: boolean,
  actor: Actor,
): Promise<boolean> {
  const now = new Date();
  const done = await db.transaction(async (tx) => {
    const rows = await tx
      .update(users)
      .set(
        active
          ? { isActive: true, modified: now }
          : { isActive: false, tokensValidAfter: now, modified: now },
      )
      .where(and(eq(users.id, id), ne(users.isActive, active)))
      .returning({ id: users.id });
    if (rows.length === 0) return false;
    if (!active) await revokeLinks(tx, 'user', id, now);
    await recordAudit(tx, actor, active ? 'user.activate' : 'user.deactivate', `user:${id}`);
    return true;
  });
  await announceBookersChange(db, 'auth');
  return done;
}
