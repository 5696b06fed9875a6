// The office's figures from known forms: arrivals (persons), overnight stays (persons × nights) and
// Kurtaxe by month of arrival, each breakdown, cancelled forms and deleted guests left out, and
// the kept month figures equal to a computation from the forms after bookings, updates and
// cancellations (the triggers of migration office_figures).
import { sql } from 'drizzle-orm';
import { meldescheinFields } from '@/lib/db/schema';
import { clearGemeindeConfigCache } from '@/lib/service/meldescheine/config';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '@/lib/db/rows';
import { runStateJobs } from '@/lib/service/meldescheine/states';
import { figures, type Breakdown } from '@/lib/office/figures/figures';
import {
  keptMonthFigures,
  liveMonthFigures,
  readAndLiveMonthFigures,
  rebuildMonthFigures,
} from '@/lib/office/figures/live';
import { foldMonthFigures } from '@/lib/service/meldescheine/month-figures';
import { sweepRetention } from '@/lib/service/meldescheine/retention';
import { monthRange } from '@/lib/office/figures/periods';
import { useTestDb } from '../helpers/db';
import { formsClient, group, person, tarif, Y } from '../service/meldeschein-fixtures';

const t = useTestDb();
const july = monthRange({ kind: 'month', value: `${Y}-07` }, undefined)!;
const year = monthRange({ kind: 'year', value: String(Y) }, undefined)!;

async function byKey(breakdown: Breakdown, range = july) {
  const f = await figures(t.db, [t.demo.gemeinden.seeblick.id], range, breakdown);
  return {
    total: f.total,
    rows: Object.fromEntries(
      f.rows.map((r) => [r.label, [r.arrivals, r.nights, r.kurtaxeCents]]),
    ) as Record<string, [number, number, number]>,
  };
}

/** The figures a reader sees now equal the forms now, without folding. */
async function expectExactNow() {
  const [read, live] = await readAndLiveMonthFigures(t.db);
  expect(read).toEqual(live);
}

async function foldedUpTo(): Promise<number> {
  return rowsOf<{ n: string | number }>(
    await t.db.execute(sql`select guest_id as n from office_figures_folded`),
  ).map((r) => Number(r.n))[0]!;
}

/**
 * `work` in a transaction that stays open until `commit()`: `ready` gives what `work` returned as
 * soon as it ran, `done` settles when the transaction has committed.
 */
function heldOpen<T>(
  work: (tx: Parameters<Parameters<typeof t.db.transaction>[0]>[0]) => Promise<T>,
) {
  let commit!: () => void;
  const committing = new Promise<void>((resolve) => (commit = resolve));
  let ran!: (value: T) => void;
  const ready = new Promise<T>((resolve) => (ran = resolve));
  const done = t.db.transaction(async (tx) => {
    ran(await work(tx));
    await committing;
  });
  return { ready, commit, done };
}

/** A booking of a copy of form `model`, held open: `ready` gives its guests' ids. */
function openBooking(model: number, suffix: string) {
  return heldOpen(async (tx) =>
    rowsOf<{ id: number }>(
      await tx.execute(sql`
        with f as (
          insert into meldescheine (gemeinde_id, objekt_id, beherberger_id, meldescheinnummer,
            state, ms_type, arrival_date, departure_date, kurtaxe_calc_cents, creation_user_id)
          select gemeinde_id, objekt_id, beherberger_id, meldescheinnummer || ${'-' + suffix},
            state, ms_type, arrival_date, departure_date, kurtaxe_calc_cents, creation_user_id
          from meldescheine where id = ${model}
          returning id)
        insert into personen (meldeschein_id, position, tarif_id, gast_type, anzahl, arrival_date,
          departure_date, kurtaxe_calc_cents, fields)
        select f.id, p.position, p.tarif_id, p.gast_type, p.anzahl, p.arrival_date,
          p.departure_date, p.kurtaxe_calc_cents, p.fields
        from personen p cross join f where p.meldeschein_id = ${model}
        returning id`),
    ).map((r) => Number(r.id)),
  );
}

describe('office figures', () => {
  it('counts persons, nights and Kurtaxe of known forms, without cancelled ones', async () => {
    const g = t.demo.gemeinden.seeblick.id;
    const kind = await tarif(t, g, 'KIND');
    const demo = await formsClient(t, 'demo');
    // Möwennest (Zone I, Hauptsaison: ERW 3.00, KIND 1.50): ERW 3 nights 9.00, KIND 3 nights 4.50.
    await demo.bookOk([person(), person({ tarif_id: kind, Gast_Land: 'AT' })]);
    // Dünenhaus (Zone II, Hauptsaison: ERW 2.50): 7 nights 17.50, from the Netherlands.
    const zone2 = await formsClient(t, 'demo', { gemeinde: g, objekt: t.demo.objekte.moeweB });
    await zone2.bookOk([
      person({ arrival_date: `${Y}-07-01`, departure_date: `${Y}-07-08`, Gast_Land: 'NL' }),
    ]);
    // Haus Seeblick (Zone I): a group of 4 ERW, 2 nights: 8 overnight stays, 24.00, no country.
    const berg = await formsClient(t, 'demo2', {
      gemeinde: g,
      objekt: t.demo.objekte.seeblickObjekt,
    });
    await berg.bookOk([group(4, { arrival_date: `${Y}-07-20`, departure_date: `${Y}-07-22` })]);
    // Counted in August (the month of arrival), not July: 31 July to 2 August.
    await demo.bookOk([person({ arrival_date: `${Y}-07-31`, departure_date: `${Y}-08-02` })]);
    await demo.bookOk([person({ arrival_date: `${Y}-08-10`, departure_date: `${Y}-08-12` })]);
    // Cancelled: never counted.
    const cancelled = await demo.bookOk([group(10)]);
    expect((await demo.cancel([cancelled.id])).status).toBe(200);

    const julyTotal = {
      arrivals: 1 + 1 + 1 + 4 + 1,
      nights: 3 + 3 + 7 + 8 + 2,
      kurtaxeCents: 900 + 450 + 1750 + 2400 + 600,
    };
    // The form arriving 31 July counts in July: the guest arrives in July.
    expect((await byKey('country')).total).toEqual(julyTotal);
    expect((await byKey('country')).rows).toEqual({
      DE: [2, 5, 1500],
      AT: [1, 3, 450],
      NL: [1, 7, 1750],
      '': [4, 8, 2400],
    });
    expect((await byKey('beherberger')).rows).toEqual({
      'Ferienwohnungen Möwe': [4, 15, 3700],
      'Haus Seeblick': [4, 8, 2400],
    });
    expect((await byKey('tarifzone')).rows).toEqual({
      'Zone I': [7, 16, 4350],
      'Zone II': [1, 7, 1750],
    });
    expect((await byKey('tarif')).rows).toEqual({
      Erwachsene: [7, 20, 5650],
      'Kinder 6–15': [1, 3, 450],
    });
    expect(Object.keys((await byKey('objekt')).rows).sort()).toEqual([
      'Dünenhaus (Ferienwohnungen Möwe)',
      'Haus Seeblick, Wohnung 1 (Haus Seeblick)',
      'Möwennest (Ferienwohnungen Möwe)',
    ]);
    const months = await byKey('month', year);
    expect(months.rows).toEqual({
      [`${Y}-07`]: [8, 23, 6100],
      [`${Y}-08`]: [1, 2, 600],
    });
    // Another municipality's figures are apart.
    const hohenwald = await figures(t.db, [t.demo.gemeinden.hohenwald.id], year, 'month');
    expect(hohenwald.rows).toEqual([]);
    expect(await keptMonthFigures(t.db)).toEqual(await liveMonthFigures(t.db));
  });

  it('keeps the month figures exact through updates, deleted guests and cancellations', async () => {
    const demo = await formsClient(t, 'demo');
    const form = await demo.bookOk([person(), person({ Gast_Land: 'CH' }), group(3)]);
    const [a, b, c] = form.personen as { id: number }[];
    const before = (await byKey('country')).rows;
    // Move a guest into August, change a country, delete the group, add a guest.
    const res = await demo.update({
      id: form.id,
      personen: [
        { id: a!.id, arrival_date: `${Y}-08-03`, departure_date: `${Y}-08-05` },
        { id: b!.id, Gast_Land: 'FR' },
        { id: c!.id, delete: true },
        person({ Gast_Land: 'IT', arrival_date: `${Y}-07-02`, departure_date: `${Y}-07-03` }),
      ],
    });
    expect(res.status).toBe(200);
    expect(await keptMonthFigures(t.db)).toEqual(await liveMonthFigures(t.db));
    const after = (await byKey('country')).rows;
    expect(before.CH).toEqual([1, 3, 900]);
    expect(after.CH).toBeUndefined();
    expect(after.FR).toEqual([1, 3, 900]);
    expect(after.IT).toEqual([1, 1, 300]);
    // Cancelling takes all of the form out; figures return to zero groups, not negative ones.
    expect((await demo.cancel([form.id])).status).toBe(200);
    expect(await keptMonthFigures(t.db)).toEqual(await liveMonthFigures(t.db));
    const cancelled = (await byKey('country')).rows;
    expect(cancelled.FR).toBeUndefined();
    expect(cancelled.IT).toBeUndefined();
    expect(Object.values(cancelled).every(([n, s, k]) => n > 0 && s > 0 && k >= 0)).toBe(true);
  });

  it('a booking writes nothing for the figures; counted at once from its guests, folded by the state job', async () => {
    const demo = await formsClient(t, 'demo');
    /** Rows and arrivals of the kept table: a booking that wrote there would change either. */
    const kept = async () =>
      rowsOf<{ rows: number; arrivals: number }>(
        await t.db.execute(
          sql`select count(*)::int as rows, coalesce(sum(arrivals), 0)::int as arrivals
              from office_month_figures`,
        ),
      )[0]!;
    const logRows = async () =>
      rowsOf<{ n: number }>(
        await t.db.execute(sql`select count(*)::int as n from office_figures_log`),
      )[0]!.n;
    await runStateJobs(t.db);
    const before = await kept();
    const earlier = (await byKey('country')).total;
    const mark = await foldedUpTo();
    const form = await demo.bookOk([person(), person({ Gast_Land: 'AT' })]);
    expect(await kept()).toEqual(before);
    expect(await logRows()).toBe(0);
    expect(await foldedUpTo()).toBe(mark);
    const counted = await byKey('country');
    expect(counted.total).toMatchObject({
      arrivals: earlier.arrivals + 2,
      nights: earlier.nights + 6,
    });
    await expectExactNow();
    await runStateJobs(t.db);
    expect(await foldedUpTo()).toBe(
      Math.max(...(form.personen as { id: number }[]).map((p) => p.id)),
    );
    expect((await kept()).arrivals).toBe(before.arrivals + 2);
    expect(await byKey('country')).toEqual(counted);
    expect(await keptMonthFigures(t.db)).toEqual(await liveMonthFigures(t.db));
    // A guest not folded yet that changes is read as it is now, not logged (nor counted twice).
    const [first] = form.personen as { id: number }[];
    const later = await demo.bookOk([person()]);
    const res = await demo.update({
      id: later.id,
      personen: [
        { id: (later.personen as { id: number }[])[0]!.id, Gast_Land: 'CH' },
        person({ Gast_Land: 'IT' }),
      ],
    });
    expect(res.status).toBe(200);
    expect(await logRows()).toBe(0);
    await expectExactNow();
    // A folded guest that changes is logged.
    expect(
      (await demo.update({ id: form.id, personen: [{ id: first!.id, Gast_Land: 'FR' }] })).status,
    ).toBe(200);
    expect(await logRows()).toBeGreaterThan(0);
    await expectExactNow();
    expect((await demo.cancel([later.id])).status).toBe(200);
    await expectExactNow();
    expect(await keptMonthFigures(t.db)).toEqual(await liveMonthFigures(t.db));
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'is exact when two bookings commit out of order around a fold (PostgreSQL)',
    async () => {
      const demo = await formsClient(t, 'demo');
      const model = await demo.bookOk([person(), group(2)]);
      await foldMonthFigures(t.db);
      await expectExactNow();
      // A takes its guest ids first and commits last; B books after it and commits at once.
      const a = openBooking(model.id, 'A');
      const idsA = await a.ready;
      const b = openBooking(model.id, 'B');
      const idsB = await b.ready;
      expect(Math.min(...idsB)).toBeGreaterThan(Math.max(...idsA));
      b.commit();
      await b.done;
      await expectExactNow();
      // The fold cannot know whether A commits: it leaves every guest above its mark alone.
      await foldMonthFigures(t.db);
      expect(await foldedUpTo()).toBeLessThan(Math.min(...idsA));
      await expectExactNow();
      a.commit();
      await a.done;
      await expectExactNow();
      await foldMonthFigures(t.db);
      expect(await foldedUpTo()).toBe(Math.max(...idsB));
      await expectExactNow();
      expect(await keptMonthFigures(t.db)).toEqual(await liveMonthFigures(t.db));
    },
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'is exact when a guest not folded yet changes while the fold runs (PostgreSQL)',
    async () => {
      const demo = await formsClient(t, 'demo');
      const form = await demo.bookOk([person(), group(3)]);
      const [guest] = form.personen as { id: number }[];
      const upto = Math.max(...(form.personen as { id: number }[]).map((p) => p.id));
      const change = heldOpen((tx) =>
        tx.execute(sql`update personen set anzahl = anzahl + 2 where id = ${guest!.id}`),
      );
      await change.ready;
      // The fold takes the guests up to the form's last; the change commits while it waits.
      let folded = false;
      const fold = t.db
        .execute(sql`select office_figures_fold(${upto}::bigint)`)
        .then(() => (folded = true));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(folded).toBe(false);
      change.commit();
      await change.done;
      await fold;
      expect(await foldedUpTo()).toBe(upto);
      await expectExactNow();
      expect(await keptMonthFigures(t.db)).toEqual(await liveMonthFigures(t.db));
    },
  );

  it('stays exact under parallel bookings and cancellations (run on PostgreSQL too)', async () => {
    const g = t.demo.gemeinden.seeblick.id;
    const clients = [
      await formsClient(t, 'demo'),
      await formsClient(t, 'demo2', { gemeinde: g, objekt: t.demo.objekte.seeblickObjekt }),
    ];
    const booked = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const client = clients[i % 2]!;
        const form = await client.bookOk([person({ Gast_Land: i % 3 ? 'DE' : 'AT' }), group(2)]);
        return { client, form };
      }),
    );
    await Promise.all([
      ...booked.filter((_, i) => i % 4 === 0).map(({ client, form }) => client.cancel([form.id])),
      ...booked
        .filter((_, i) => i % 4 === 1)
        .map(({ client }) => client.bookOk([person({ Gast_Land: 'SE' })])),
    ]);
    expect(await keptMonthFigures(t.db)).toEqual(await liveMonthFigures(t.db));
  });

  it('rebuilds to the same figures, and keeps them when the retention sweep erases guests', async () => {
    const kept = await keptMonthFigures(t.db);
    expect(kept.length).toBeGreaterThan(5);
    await rebuildMonthFigures(t.db);
    expect(await keptMonthFigures(t.db)).toEqual(kept);
    const countries = (await byKey('country')).rows;
    // Two years on, every form is past retention: Gast_Land (not statistical) is erased ...
    expect(await sweepRetention(t.db, new Date(`${Y + 2}-06-01T12:00:00Z`), 365)).toBeGreaterThan(
      0,
    );
    expect(await liveMonthFigures(t.db)).not.toEqual(kept);
    // ... and the figures still count each stay under the country it was booked with.
    expect(await keptMonthFigures(t.db)).toEqual(kept);
    expect((await byKey('country')).rows).toEqual(countries);
  });

  it("counts a booked guest's country by the database's rule: the first country field filled in, in view order", async () => {
    const g = t.demo.gemeinden.seeblick.id;
    // A second country field before Gast_Land in the view order, not required.
    await t.db.insert(meldescheinFields).values({
      gemeindeId: g,
      alias: 'Staatsangehörigkeit',
      columnName: 'Gast_Staat',
      dataType: 'country',
      viewOrder: -1,
    });
    clearGemeindeConfigCache();
    // From the forms as they are now (the sweep above erased countries the kept figures keep).
    await rebuildMonthFigures(t.db);
    const demo = await formsClient(t, 'demo');
    const before = (await byKey('country', year)).rows;
    await demo.bookOk([
      person({ Gast_Staat: 'at', Gast_Land: 'DE' }),
      person({ Gast_Land: 'nl' }),
      person({ Gast_Staat: '', Gast_Land: 'CH' }),
      group(2),
    ]);
    const after = (await byKey('country', year)).rows;
    const added = (c: string) => (after[c]?.[0] ?? 0) - (before[c]?.[0] ?? 0);
    expect([added('AT'), added('NL'), added('CH'), added(''), added('DE')]).toEqual([
      1, 1, 1, 2, 0,
    ]);
    // The guests not folded yet are counted by office_guest_country from the stored guests.
    await expectExactNow();
    expect(await keptMonthFigures(t.db)).toEqual(await liveMonthFigures(t.db));
  });
});
