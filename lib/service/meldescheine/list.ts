// `list/` (extension, DECISIONS 2.11): the caller's visible forms in `meta.gemeinde` (the same
// rule as `get/`: a landlord of the caller's, that municipality), filtered and paged, complete as
// `get/` answers them. States are filtered as every read shows them: an open form whose guests have
// all left counts as departed (and is stored so when it is answered, like `get/` does).
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db';
import type { FormResponse } from '../../wire/meldeschein';
import {
  LIST_DEFAULT_LIMIT,
  type ListFilter,
  type ListPage,
  type ListRequest,
} from '../../wire/meldeschein-list';
import type { AuthUser } from '../context';
import { resolveVisible, visibility } from './access';
import { formResponse } from './form-wire';
import { intArray } from './load';
import { loadForms } from './read';
import { runPrepared } from './prepared';
import { berlinDate } from './stamps';

export interface FormList {
  forms: FormResponse[];
  paging: ListPage;
}

/** The state every read shows (states.ts `effectiveState`), in SQL. */
const effectiveState = (today: string) => sql`case
  when m.state in ('draft', 'printed') and m.departure_date < ${today}::date then 'departed'
  else m.state end`;

function conditions(filter: ListFilter, today: string): SQL[] {
  const out: SQL[] = [];
  if (filter.objekt !== undefined) out.push(sql`m.objekt_id = ${filter.objekt}::int`);
  if (filter.arrival_from) out.push(sql`m.arrival_date >= ${filter.arrival_from}::date`);
  if (filter.arrival_to) out.push(sql`m.arrival_date <= ${filter.arrival_to}::date`);
  if (filter.departure_from) out.push(sql`m.departure_date >= ${filter.departure_from}::date`);
  if (filter.departure_to) out.push(sql`m.departure_date <= ${filter.departure_to}::date`);
  if (filter.state !== undefined) {
    const states = Array.isArray(filter.state) ? filter.state : [filter.state];
    out.push(sql`(${effectiveState(today)}) = any(${`{${states.join(',')}}`}::text[])`);
  }
  if (filter.changed_since) {
    // A departure not yet stored is a change too: the form reads as departed from today on.
    out.push(sql`(coalesce(m.modified, m.created) >= ${filter.changed_since}::timestamptz
      or (m.state in ('draft', 'printed') and m.departure_date < ${today}::date))`);
  }
  return out;
}

export async function listForms(
  db: Db,
  user: AuthUser,
  request: ListRequest,
  now: Date,
): Promise<FormList> {
  const scope = await resolveVisible(db, user, request.meta, 'meldeschein.view_meldeschein');
  const vis = visibility(scope);
  const today = berlinDate(now);
  const limit = request.paging?.limit ?? LIST_DEFAULT_LIMIT;
  const offset = request.paging?.offset ?? 0;
  const where = sql.join(
    [
      sql`m.gemeinde_id = ${vis.gemeindeId}::int`,
      sql`m.beherberger_id = any(${intArray(vis.beherbergerIds)}::int[])`,
      ...conditions(request.filter ?? {}, today),
    ],
    sql` and `,
  );
  const [counted] = await runPrepared<{ total: number }>(
    db,
    sql`select count(*)::int as total from meldescheine m where ${where}`,
  );
  const ids = await runPrepared<{ id: number }>(
    db,
    sql`select m.id from meldescheine m where ${where}
      order by m.arrival_date, m.id limit ${limit}::int offset ${offset}::int`,
  );
  const forms = await loadForms(
    db,
    scope,
    ids.map((r) => r.id),
    now,
  );
  const total = counted?.total ?? 0;
  return {
    forms: forms.map((f) => formResponse(f, today)),
    paging: { limit, offset, total, next_offset: offset + limit < total ? offset + limit : null },
  };
}
