// States (spec 3, DECISIONS 2.5): the departure sweep (one idempotent UPDATE), its effect before
// every read, and the purge of expired request ids.
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { meldescheine } from '@/lib/db/schema';
import { runStateJobs, sweepDeparted } from '@/lib/service/meldescheine/states';
import { dateOf, dayNumber } from '@/lib/service/meldescheine/days';
import { useTestDb } from '../helpers/db';
import {
  daysFromToday,
  formsClient,
  person,
  query,
  today,
  type FormsClient,
} from './meldeschein-fixtures';

const t = useTestDb();
let c: FormsClient;

beforeAll(async () => {
  c = await formsClient(t);
});

const stored = async (id: number) =>
  (
    await t.db
      .select({ state: meldescheine.state })
      .from(meldescheine)
      .where(eq(meldescheine.id, id))
  )[0]!.state;

describe('departed', () => {
  it('is set by the sweep once every guest has left, and the sweep is idempotent', async () => {
    const form = await c.bookOk([
      person({ arrival_date: daysFromToday(-2), departure_date: daysFromToday(1) }),
      person({
        arrival_date: daysFromToday(-2),
        departure_date: daysFromToday(3),
        Gast_Vorname: 'Max',
      }),
    ]);
    expect(form.state).toBe('draft');
    const at = (days: number) => new Date(`${dateOf(dayNumber(today()) + days)}T12:00:00Z`);
    await sweepDeparted(t.db, at(2));
    expect(await stored(form.id)).toBe('draft'); // Max is still there
    expect(await sweepDeparted(t.db, at(4))).toBeGreaterThanOrEqual(1);
    expect(await stored(form.id)).toBe('departed');
    expect(await sweepDeparted(t.db, at(4))).toBe(0);
  });

  it('leaves cancelled forms alone', async () => {
    const form = await c.bookOk([
      person({ arrival_date: daysFromToday(-2), departure_date: daysFromToday(1) }),
    ]);
    await c.cancel([form.id]);
    await sweepDeparted(t.db, new Date(Date.now() + 5 * 86_400_000));
    expect(await stored(form.id)).toBe('cancelled');
  });

  it('is applied before a read, so no call sees a stale state', async () => {
    const form = await c.bookOk([person()]);
    // As if the guests had left and the sweep had not run yet.
    await t.db.execute(
      sql`update meldescheine set departure_date = ${daysFromToday(-1)}::date where id = ${form.id}`,
    );
    const read = (await c.get([form.id])).json.response[0]!;
    expect(read).toMatchObject({ state: 'departed', state_display: 'abgereist' });
    expect(await stored(form.id)).toBe('departed');
  });

  it('keeps the form departure date as the latest live departure', async () => {
    const form = await c.bookOk([
      person({ arrival_date: today(), departure_date: daysFromToday(30) }),
      person({ arrival_date: today(), departure_date: daysFromToday(60), Gast_Vorname: 'Max' }),
    ]);
    await c.update({ id: form.id, personen: [{ id: form.personen[1]!.id, delete: true }] });
    const [row] = await query<{ d: string }>(
      t,
      sql`select departure_date::text as d from meldescheine where id = ${form.id}`,
    );
    expect(row!.d).toBe(daysFromToday(30));
  });

  it('the state job also purges expired request ids', async () => {
    await c.book([person()], {}, { requestId: 'old-one', idempotent: true });
    await t.db.execute(
      sql`update idempotency_keys set created_at = now() - interval '1 hour' where request_id = 'old-one'`,
    );
    await runStateJobs(t.db);
    const rows = await query(t, sql`select 1 from idempotency_keys where request_id = 'old-one'`);
    expect(rows).toHaveLength(0);
  });
});
