// The print log and guest history of forms, for `get/?include=protokoll` (an extension,
// docs/api.md): who printed the guest cards when and by which call, and who created, changed or
// removed which guest when, with the names of the changed fields. Never values: nothing erased
// after the retention period can come back this way, and the log needs none.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db';
import type { FormResponse, Protokoll, ProtokollChange } from '../../wire/meldeschein';
import { includes } from '../include';
import { intArray } from './load';
import { rowsOf } from '../../db/rows';
import { stamp } from './stamps';

/** Whether `?include=` asks for the log; any other value is refused. */
export const includesProtokoll = (url: URL): boolean => includes(url, 'protokoll');

interface EntryRow {
  meldeschein_id: number;
  at_ms: number;
  user_id: number;
  username: string;
  alias: string;
}
interface PrintRow extends EntryRow {
  via: 'get-pdf' | 'append_pdf';
}
interface ChangeRow extends EntryRow {
  person_id: number;
  action: ProtokollChange['action'];
  before: GuestSnapshot | string | null;
  after: GuestSnapshot | string | null;
}
type GuestSnapshot = Record<string, unknown> & { fields?: Record<string, unknown> };

/** Guest columns a landlord changes besides the municipality's fields. */
const GUEST_COLUMNS = ['tarif_id', 'gast_type', 'anzahl', 'arrival_date', 'departure_date'];

/** Names of what an update changed: guest columns and municipality fields, never their values. */
export function changedFields(before: GuestSnapshot | null, after: GuestSnapshot | null): string[] {
  if (!before || !after) return [];
  const differs = (a: unknown, b: unknown) =>
    JSON.stringify(a ?? null) !== JSON.stringify(b ?? null);
  const columns = GUEST_COLUMNS.filter((c) => differs(before[c], after[c]));
  const b = before.fields ?? {};
  const a = after.fields ?? {};
  const names = [...new Set([...Object.keys(b), ...Object.keys(a)])].sort();
  return [...columns, ...names.filter((k) => differs(b[k], a[k]))];
}

/** pg parses jsonb itself; PGlite may hand it over as text. */
const json = (v: GuestSnapshot | string | null): GuestSnapshot | null =>
  typeof v === 'string' ? (JSON.parse(v) as GuestSnapshot) : v;

const user = (r: EntryRow) => ({ id: r.user_id, username: r.username, alias: r.alias });

/** The log of each of `ids`, oldest entry first. */
export async function loadProtokoll(db: Db, ids: number[]): Promise<Map<number, Protokoll>> {
  const forms = sql`${intArray([...new Set(ids)])}::int[]`;
  const at = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000)::float8 as at_ms`);
  const [prints, changes] = await Promise.all([
    db.execute(sql`
      select l.meldeschein_id, ${at('l.at')}, l.via, u.id as user_id, u.username, u.alias
      from print_log l join users u on u.id = l.user_id
      where l.meldeschein_id = any(${forms}) order by l.at, l.id`),
    db.execute(sql`
      select h.meldeschein_id, h.person_id, h.action, ${at('h.at')}, h.before, h.after,
        u.id as user_id, u.username, u.alias
      from personen_history h join users u on u.id = h.user_id
      where h.meldeschein_id = any(${forms}) order by h.at, h.id`),
  ]);
  const out = new Map<number, Protokoll>(ids.map((id) => [id, { prints: [], changes: [] }]));
  for (const r of rowsOf<PrintRow>(prints)) {
    out
      .get(r.meldeschein_id)
      ?.prints.push({ at: stamp(new Date(r.at_ms)), via: r.via, user: user(r) });
  }
  for (const r of rowsOf<ChangeRow>(changes)) {
    const [before, after] = [json(r.before), json(r.after)];
    out.get(r.meldeschein_id)?.changes.push({
      at: stamp(new Date(r.at_ms)),
      action: r.action,
      person_id: r.person_id,
      user: user(r),
      fields: r.action === 'update' ? changedFields(before, after) : [],
    });
  }
  return out;
}

/** The forms with their log attached. */
export async function withProtokoll(db: Db, forms: FormResponse[]): Promise<FormResponse[]> {
  const logs = await loadProtokoll(
    db,
    forms.map((f) => f.id),
  );
  return forms.map((f) => ({ ...f, protokoll: logs.get(f.id) }));
}
