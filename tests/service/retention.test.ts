// Retention (BMG § 30(4), DECISIONS 2.12) with a controllable clock: a form departed 364 days ago
// keeps its data, one departed 366 days ago is erased in the forms, guests, history and print log;
// the erased form still reads with its figures; a second sweep and two sweeps at once are safe.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sweepRetention } from '@/lib/service/meldescheine/retention';
import { addDays } from '@/lib/wire/time';
import { useTestDb } from '../helpers/db';
import { formsClient, person, query, Y, type FormsClient } from './meldeschein-fixtures';

const t = useTestDb();
let c: FormsClient;

beforeAll(async () => {
  c = await formsClient(t);
});

/** Noon in Berlin, `days` days after `date`: the sweep's clock. */
const after = (date: string, days: number) => new Date(`${addDays(date, days)}T11:00:00Z`);

const MARKERS = ['Kowalczyk', 'P99887766', '1979-04-02', 'Birkenweg 9', 'ewa@example.org'];

function guest(departure: string) {
  return person({
    arrival_date: addDays(departure, -3),
    departure_date: departure,
    Gast_Vorname: 'Ewa',
    Gast_Name: 'Kowalczyk',
    Gast_Geburtsdatum: '1979-04-02',
    Gast_Strasse: 'Birkenweg 9',
    Gast_Staatsangehoerigkeit: 'PL',
    Gast_Ausweisnummer: 'P99887766',
    Gast_Email: 'ewa@example.org',
  });
}

interface Stored {
  fields: string;
  history: string;
  prints: number;
  anonymised: boolean;
}

async function stored(formId: number): Promise<Stored> {
  const [row] = await query<Stored>(
    t,
    sql`select
      (select json_agg(p.fields order by p.id)::text from personen p where p.meldeschein_id = m.id)
        as fields,
      (select json_agg(json_build_array(h.before, h.after) order by h.id)::text
        from personen_history h where h.meldeschein_id = m.id) as history,
      (select count(*)::int from print_log l where l.meldeschein_id = m.id) as prints,
      m.anonymised_at is not null as anonymised
    from meldescheine m where m.id = ${formId}`,
  );
  return row!;
}

/** A form with history (an update adds and deletes a guest) and a logged print. */
async function bookWithHistory(departure: string) {
  const form = await c.bookOk([guest(departure)]);
  const upd = await c.update({
    id: form.id,
    personen: [
      { id: form.personen[0]!.id, Gast_Wohnort: 'Krakau' },
      { ...guest(departure), Gast_Vorname: 'Jan' },
    ],
  });
  expect(upd.status).toBe(200);
  const added = upd.json.response.meldescheine[0]!.personen[1]!.id;
  await c.update({ id: form.id, personen: [{ id: added, delete: true }] });
  expect((await c.post('get-pdf/', { meta: c.meta, meldescheine: [form.id] })).status).toBe(200);
  return (await c.get([form.id])).json.response[0]!;
}

describe('retention sweep', () => {
  const departed = `${Y}-08-20`;

  it('keeps a form departed 364 days ago and erases one departed 366 days ago', async () => {
    const old = await bookWithHistory(departed);
    const recent = await bookWithHistory(addDays(departed, 2));
    const recentBefore = await stored(recent.id);
    for (const m of MARKERS) expect(recentBefore.fields + recentBefore.history).toContain(m);

    expect(await sweepRetention(t.db, after(departed, 364), 365)).toBe(0);
    expect(await sweepRetention(t.db, after(departed, 366), 365)).toBe(1);

    expect(await stored(recent.id)).toEqual(recentBefore);
    const erased = await stored(old.id);
    expect(erased.anonymised).toBe(true);
    expect(erased.prints).toBe(1);
    for (const m of [...MARKERS, 'Ewa', 'Jan', 'Krakau']) {
      expect(erased.fields + erased.history).not.toContain(m);
    }
    // The nationality is statistical in the demo configuration: it stays.
    expect(JSON.parse(erased.fields)).toEqual([
      { Gast_Staatsangehoerigkeit: 'PL' },
      { Gast_Staatsangehoerigkeit: 'PL' },
    ]);

    const read = (await c.get([old.id])).json.response[0]!;
    expect(read.anonymised).toBe(true);
    expect(recent.anonymised).toBeUndefined();
    const figures = (f: typeof old) => ({
      id: f.id,
      meldescheinnummer: f.meldescheinnummer,
      objekt_id: f.objekt_id,
      state: f.state,
      travel_span: f.travel_span,
      verwendete_kurtaxe: f.verwendete_kurtaxe,
      kurtaxe_calc: f.kurtaxe_calc,
      personen: f.personen.map((g) => ({
        id: g.id,
        tarif_id: g.tarif_id,
        anzahl: g.anzahl,
        arrival_date: g.arrival_date,
        departure_date: g.departure_date,
        kurtaxe_calc: g.kurtaxe_calc,
      })),
    });
    expect(figures(read)).toEqual(figures(old));
    expect(read.personen[0]).toMatchObject({
      Gast_Vorname: null,
      Gast_Name: null,
      Gast_Geburtsdatum: null,
      Gast_Ausweisnummer: null,
      Gast_Email: null,
      Gast_Staatsangehoerigkeit: 'PL',
    });
    expect(read.user_note).toBeNull();
  });

  it('changes nothing on a second run', async () => {
    const form = await bookWithHistory(addDays(departed, 10));
    const at = after(addDays(departed, 10), 400);
    await sweepRetention(t.db, at, 365);
    const first = await stored(form.id);
    expect(await sweepRetention(t.db, at, 365)).toBe(0);
    expect(await stored(form.id)).toEqual(first);
  });

  it('is safe when two sweeps run at once', async () => {
    const day = addDays(departed, 20);
    const forms = [await bookWithHistory(day), await bookWithHistory(day)];
    const at = after(day, 366);
    const counts = await Promise.all([
      sweepRetention(t.db, at, 365),
      sweepRetention(t.db, at, 365),
    ]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(2);
    for (const f of forms) {
      const s = await stored(f.id);
      expect(s.anonymised).toBe(true);
      expect(s.fields + s.history).not.toContain('Kowalczyk');
    }
  });
});
