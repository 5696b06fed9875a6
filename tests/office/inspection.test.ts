// The inspection export (BMG § 30(4)): a landlord's forms whose stay touches the range, with the
// guests' data, as CSV and JSON; forms erased by retention, cancelled forms, other landlords' forms
// and stays outside the range are absent; the export is audited without guest data; staff without
// `office.inspect` and posts from elsewhere get nothing.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { objekte, staffAudit } from '@/lib/db/schema';
import { sweepRetention } from '@/lib/service/meldescheine/retention';
import { CLI_ACTOR } from '@/lib/office/audit/audit';
import { countInspection, InspectionQuery } from '@/lib/office/inspection/inspection';
import { inspectionExport } from '@/lib/office/inspection/route';
import { createStaff } from '@/lib/office/staff/staff';
import type { Staff } from '@/lib/office/sign-in/session-seal';
import { addDays, berlinToday } from '@/lib/wire/time';
import { useTestDb } from '../helpers/db';
import { formsClient, person, tarif, type FormsClient } from '../service/meldeschein-fixtures';

const t = useTestDb();
let c: FormsClient;
let landlord: number;

let inspector: Staff = {
  id: 0,
  username: 'pruefer',
  displayName: 'Prüfer',
  permissions: new Set(['office.inspect']),
  gemeindeId: null,
};

const today = berlinToday();
const from = addDays(today, 10);
const to = addDays(today, 40);

function post(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return new Request('http://office.test/verwaltung/auskunft/export', {
    method: 'POST',
    headers: { 'sec-fetch-site': 'same-origin', ...headers },
    body: new URLSearchParams(fields),
  });
}

const guest = (name: string, arrival: string, nights = 3) =>
  person({ Gast_Name: name, arrival_date: arrival, departure_date: addDays(arrival, nights) });

const ids: Record<string, number> = {};

beforeAll(async () => {
  c = await formsClient(t);
  const id = await createStaff(t.db, { username: 'pruefer' }, 'ein langes Passwort', CLI_ACTOR);
  inspector = { ...inspector, id };
  const [objekt] = await t.db
    .select({ landlord: objekte.beherbergerId })
    .from(objekte)
    .where(eq(objekte.id, c.meta.objekt));
  landlord = objekt!.landlord;
  ids.inside = (await c.bookOk([guest('Innerhalb', addDays(from, 2)), guest('=Formel', from)])).id;
  ids.touching = (await c.bookOk([guest('Randlage', addDays(from, -2), 3)])).id;
  ids.outside = (await c.bookOk([guest('Ausserhalb', addDays(to, 5))])).id;
  ids.cancelled = (await c.bookOk([guest('Storniert', addDays(from, 3))])).id;
  expect((await c.cancel([ids.cancelled])).status).toBe(200);
  // Departed two years ago: the retention sweep erases it.
  ids.erased = (await c.bookOk([guest('Geloescht', addDays(today, -800))])).id;
  expect(await sweepRetention(t.db)).toBeGreaterThanOrEqual(1);
});

describe('inspection export', () => {
  it('holds only the forms filed with the landlord’s own municipality', async () => {
    // The agency is registered in Seeblick and has an object (Waldhütte) in a Hohenwald zone.
    const agency = t.demo.beherberger.agentur;
    const inWald = await formsClient(t, 'multi', {
      gemeinde: t.demo.gemeinden.hohenwald.id,
      objekt: t.demo.objekte.agenturB,
    });
    const wald = await inWald.bookOk([
      {
        tarif_id: await tarif(t, t.demo.gemeinden.hohenwald.id, 'ERW'),
        gast_type: 'person',
        arrival_date: addDays(from, 3),
        departure_date: addDays(from, 5),
        Gast_Vorname: 'Wanda',
        Gast_Name: 'Wald',
        Gast_Land: 'DE',
      },
    ]);
    const res = await inspectionExport(
      post({ beherberger: String(agency), from, to, format: 'json' }),
      inspector,
      t.db,
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { meldescheine: { id: number }[] };
    expect(body.meldescheine.map((f) => f.id)).not.toContain(wald.id);
    const q = InspectionQuery.parse({ beherberger: agency, from, to });
    expect(await countInspection(t.db, q, t.demo.gemeinden.seeblick.id)).toEqual({
      forms: 0,
      guests: 0,
    });
  });

  it('exports the landlord’s forms in the range as CSV, without erased or cancelled ones', async () => {
    const res = await inspectionExport(
      post({ beherberger: String(landlord), from, to, format: 'csv' }),
      inspector,
      t.db,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toContain('attachment');
    const text = await res.text();
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toContain('meldeschein_id');
    expect(lines[0]).toContain('Gast_Name');
    const formIds = new Set(lines.slice(1).map((l) => Number(l.split(',')[0])));
    expect(formIds).toEqual(new Set([ids.inside, ids.touching]));
    expect(text).toContain('Innerhalb');
    expect(text).toContain('Randlage');
    // A guest's text never starts a spreadsheet formula.
    expect(text).toContain("'=Formel");
    expect(text).not.toMatch(/,=Formel/);
    for (const absent of ['Ausserhalb', 'Storniert', 'Geloescht'])
      expect(text).not.toContain(absent);
    // The page's count before the download says the same.
    const q = InspectionQuery.parse({ beherberger: landlord, from, to });
    expect(await countInspection(t.db, q, t.demo.gemeinden.seeblick.id)).toEqual({
      forms: 2,
      guests: 3,
    });
  });

  it('exports JSON with the forms and their guests, and audits without guest data', async () => {
    const before = await t.db.select().from(staffAudit);
    const res = await inspectionExport(
      post({ beherberger: String(landlord), from, to, format: 'json' }),
      inspector,
      t.db,
    );
    expect(res.status).toBe(200);
    const body = JSON.parse(await res.text()) as {
      beherberger: { id: number };
      meldescheine: { id: number; personen: { fields: Record<string, unknown> }[] }[];
    };
    expect(body.beherberger.id).toBe(landlord);
    expect(body.meldescheine.map((f) => f.id).sort()).toEqual([ids.inside, ids.touching].sort());
    const inside = body.meldescheine.find((f) => f.id === ids.inside)!;
    expect(inside.personen.map((p) => p.fields.Gast_Name)).toEqual(['Innerhalb', '=Formel']);

    const entries = (await t.db.select().from(staffAudit)).slice(before.length);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      staffId: inspector.id,
      actor: 'pruefer',
      action: 'inspection.export',
      subject: `beherberger:${landlord}`,
      details: { from, to, format: 'json' },
    });
    expect(JSON.stringify(entries[0])).not.toMatch(/Innerhalb|Erika|Formel/);
  });

  it('refuses staff without the right, posts from elsewhere and bad ranges, auditing nothing', async () => {
    const before = (await t.db.select().from(staffAudit)).length;
    const fields = { beherberger: String(landlord), from, to, format: 'csv' };
    const figuresOnly: Staff = { ...inspector, permissions: new Set(['office.view_figures']) };
    const noRight = await inspectionExport(post(fields), figuresOnly, t.db);
    expect(noRight.status).toBe(303);
    expect(noRight.headers.get('location')).toBe('/verwaltung?fehlt=office.inspect');
    const signedOut = await inspectionExport(post(fields), null, t.db);
    expect(signedOut.status).toBe(303);
    expect(signedOut.headers.get('location')).toContain('/verwaltung/anmelden');
    const crossSite = await inspectionExport(
      post(fields, { 'sec-fetch-site': 'cross-site' }),
      inspector,
      t.db,
    );
    expect(crossSite.status).toBe(403);
    const backwards = await inspectionExport(
      post({ ...fields, from: to, to: from }),
      inspector,
      t.db,
    );
    expect(backwards.status).toBe(400);
    expect(await backwards.text()).toContain('to');
    const notADate = await inspectionExport(
      post({ ...fields, from: '2026-02-30' }),
      inspector,
      t.db,
    );
    expect(notADate.status).toBe(400);
    const unknown = await inspectionExport(
      post({ ...fields, beherberger: '999999' }),
      inspector,
      t.db,
    );
    expect(unknown.status).toBe(404);
    expect((await t.db.select().from(staffAudit)).length).toBe(before);
  });
});
