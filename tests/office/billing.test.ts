// Billing: forms ready for billing (stay over before "today", not cancelled) per landlord and month
// of departure with the amount due (the manual amount where the municipality set one), marking a
// landlord's month billed (invoice and faktura date on its forms, audited, once), the month's CSV
// (header, escaping of a landlord's name, batches that lose nothing) and the PDF statement's text.
import { desc, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { beherberger, meldescheine, objekte, staffAudit, tarife } from '@/lib/db/schema';
import { rowsOf } from '@/lib/db/rows';
import type { Actor } from '@/lib/office/audit/audit';
import { billingByLandlord, markBilled } from '@/lib/office/billing/billing';
import { BILLING_CSV_HEADER, billingCsv } from '@/lib/office/billing/export';
import { landlordStatementPdf } from '@/lib/office/billing/statement';
import { officeWords } from '@/lib/office/i18n';
import { useSecondInstance, useTestDb } from '../helpers/db';
import { readBack } from '../kurkarte/pdf-tools';
import { formsClient, person, group, Y } from '../service/meldeschein-fixtures';

const t = useTestDb();
const second = useSecondInstance(t);
const clerk: Actor = { staffId: null, name: 'kasse' };
const JULY = `${Y}-07`;
const AUG_15 = `${Y}-08-15`;

async function csvText(stream: ReadableStream<Uint8Array>): Promise<string> {
  // Bytes as sent: Response.text() would drop the byte order mark.
  const bytes = await new Response(stream).arrayBuffer();
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
}

/** Parse RFC 4180 lines (quoted cells with doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted && ch === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (quoted) {
      if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') {
      quoted = true;
    } else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else {
      cell += ch;
    }
  }
  return rows;
}

describe('office billing', () => {
  it('lists, bills once, exports and prints the forms ready for billing', async () => {
    const g = t.demo.gemeinden.seeblick.id;
    const demo = await formsClient(t, 'demo');
    const berg = await formsClient(t, 'demo2', {
      gemeinde: g,
      objekt: t.demo.objekte.seeblickObjekt,
    });
    const a = await demo.bookOk([person(), person()]); // departs 17 July
    const b = await berg.bookOk([
      group(3, { arrival_date: `${Y}-07-20`, departure_date: `${Y}-07-22` }),
    ]);
    const c = await demo.bookOk([
      person({ arrival_date: `${Y}-07-25`, departure_date: `${Y}-07-31` }),
    ]);
    // Departs in August: billed with August, not July.
    await demo.bookOk([person({ arrival_date: `${Y}-07-30`, departure_date: `${Y}-08-02` })]);
    const cancelled = await demo.bookOk([group(5)]);
    await demo.cancel([cancelled.id]);
    const cents = (f: { kurtaxe_calc: number }) => Math.round(f.kurtaxe_calc * 100);
    expect(cents(a)).toBe(1800);

    // The municipality set a manual amount on c: that is what is due.
    await t.db.execute(
      sql`update meldescheine set kz_manueller_betrag = true, manueller_betrag_cents = 1234 where id = ${c.id}`,
    );
    const july = await billingByLandlord(t.db, [g], JULY, AUG_15);
    expect(july.map((r) => [r.alias, r.forms, r.amountCents, r.openCents])).toEqual([
      ['Ferienwohnungen Möwe', 2, cents(a) + 1234, cents(a) + 1234],
      ['Haus Seeblick', 1, cents(b), cents(b)],
    ]);
    // On 20 July only the stay that ended on the 17th is over.
    expect(
      (await billingByLandlord(t.db, [g], JULY, `${Y}-07-20`)).map((r) => [r.alias, r.forms]),
    ).toEqual([['Ferienwohnungen Möwe', 1]]);
    // Another municipality's office sees none of it.
    expect(await billingByLandlord(t.db, [t.demo.gemeinden.hohenwald.id], JULY, AUG_15)).toEqual(
      [],
    );

    // Mark Möwe's July billed: both forms get the invoice and the date, in the API too.
    const moewe = t.demo.beherberger.moewe;
    expect(
      await markBilled(t.db, clerk, [t.demo.gemeinden.hohenwald.id], moewe, JULY, AUG_15),
    ).toEqual([]);
    const [marked] = await markBilled(t.db, clerk, [g], moewe, JULY, AUG_15);
    expect(marked).toEqual({
      gemeindeId: g,
      invoice: `KT-${Y}-00001`,
      fakturaDate: AUG_15,
      forms: 2,
      amountCents: cents(a) + 1234,
    });
    const got = await demo.get([a.id, c.id]);
    expect(got.json.response.map((f) => [f.invoice, f.faktura_date])).toEqual([
      [marked!.invoice, AUG_15],
      [marked!.invoice, AUG_15],
    ]);
    // Nothing left: a second marking bills nothing and writes no entry.
    expect(await markBilled(t.db, clerk, [g], moewe, JULY, AUG_15)).toEqual([]);
    const audit = await t.db
      .select()
      .from(staffAudit)
      .where(eq(staffAudit.subject, `beherberger:${moewe}`));
    expect(audit.map((e) => [e.actor, e.action, e.details])).toEqual([
      [
        'kasse',
        'billing.mark_billed',
        {
          month: JULY,
          invoice: marked!.invoice,
          faktura_date: AUG_15,
          forms: 2,
          amount_cents: cents(a) + 1234,
        },
      ],
    ]);
    const after = await billingByLandlord(t.db, [g], JULY, AUG_15);
    expect(after[0]).toMatchObject({
      forms: 2,
      openForms: 0,
      openCents: 0,
      invoices: [marked!.invoice],
    });
    // A stay of July entered later goes on the month's second invoice.
    const late = await demo.bookOk([
      person({ arrival_date: `${Y}-07-10`, departure_date: `${Y}-07-12` }),
    ]);
    const second = await markBilled(t.db, clerk, [g], moewe, JULY, AUG_15);
    expect(second).toMatchObject([
      {
        invoice: `KT-${Y}-00002`,
        forms: 1,
        amountCents: cents(late),
      },
    ]);

    // The PDF statement: landlord, each form, its invoice, the total.
    const pdf = await landlordStatementPdf(
      t.db,
      [g],
      moewe,
      JULY,
      AUG_15,
      'de',
      officeWords('de').m.billing,
    );
    const text = readBack(pdf!).text.join('\n').replace(/\s+/g, ' ');
    expect(text).toContain('Kurtaxe-Abrechnung Juli');
    expect(text).toContain('Ferienwohnungen Möwe GbR');
    for (const f of [a, c, late]) expect(text).toContain(f.meldescheinnummer);
    expect(text).not.toContain(cancelled.meldescheinnummer);
    expect(text).toContain(`${marked!.invoice} vom 15.08.${Y}`);
    const euro = (n: number) =>
      new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(n / 100);
    expect(text).toContain(euro(cents(a) + 1234 + cents(late)).replace(/\s/g, ' '));
    expect(
      await landlordStatementPdf(
        t.db,
        [t.demo.gemeinden.hohenwald.id],
        moewe,
        JULY,
        AUG_15,
        'de',
        officeWords('de').m.billing,
      ),
    ).toBeNull();
  });

  it('exports the month as CSV: header, escaped names, the same lines in any batch size', async () => {
    const g = t.demo.gemeinden.seeblick.id;
    const name = '=HYPERLINK("x"), Haus "Sonne"';
    const id = t.demo.beherberger.seeblickHaus;
    // Names as landlords type them (the office's landlord forms take any text).
    await t.db.update(beherberger).set({ alias: name }).where(eq(beherberger.id, id));
    await t.db
      .update(objekte)
      .set({ alias: '+Whg, 1' })
      .where(eq(objekte.id, t.demo.objekte.seeblickObjekt));
    const berg = await formsClient(t, 'demo2', {
      gemeinde: g,
      objekt: t.demo.objekte.seeblickObjekt,
    });
    await berg.bookOk([group(2, { arrival_date: `${Y}-07-01`, departure_date: `${Y}-07-04` })]);

    const text = await csvText(billingCsv(t.db, [g], JULY, AUG_15));
    expect(text.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(text.slice(1));
    expect(rows[0]).toEqual(BILLING_CSV_HEADER);
    const sonne = rows.find((r) => r[0] === String(id) && r[8] === '2')!;
    // Quoted because of comma and quotes; a formula's first character made harmless.
    expect(sonne[2]).toBe(`'${name}`);
    expect(sonne[5]).toBe("'+Whg, 1");
    expect(text).toContain(`"'=HYPERLINK(""x""), Haus ""Sonne"""`);
    expect(sonne.slice(8, 11)).toEqual(['2', '6', '18.00']);
    expect(rows.slice(1).every((r) => r.length === BILLING_CSV_HEADER.length)).toBe(true);
    // Batches of one line read the same lines as one batch of all.
    expect(await csvText(billingCsv(t.db, [g], JULY, AUG_15, 1))).toBe(text);
  });

  it('numbers each municipality’s invoices by its own counter: a landlord billed in two gets the next of each', async () => {
    const sb = t.demo.gemeinden.seeblick.id;
    const hw = t.demo.gemeinden.hohenwald.id;
    const JUNE = `${Y}-06`;
    const june = { arrival_date: `${Y}-06-10`, departure_date: `${Y}-06-12` };
    const agency = t.demo.beherberger.agentur;
    const inSeeblick = await formsClient(t, 'multi', {
      gemeinde: sb,
      objekt: t.demo.objekte.agenturA,
    });
    const inHohenwald = await formsClient(t, 'multi', {
      gemeinde: hw,
      objekt: t.demo.objekte.agenturB,
    });
    const a = await inSeeblick.bookOk([person(june)]);
    const [waldTarif] = await t.db
      .select({ id: tarife.id })
      .from(tarife)
      .where(eq(tarife.gemeindeId, hw))
      .orderBy(tarife.id)
      .limit(1);
    const b = await inHohenwald.bookOk([
      {
        tarif_id: waldTarif!.id,
        gast_type: 'person',
        ...june,
        Gast_Vorname: 'Wanda',
        Gast_Name: 'Wald',
        Gast_Land: 'DE',
      },
    ]);
    // Seeblick has billed before (above); Hohenwald not yet.
    const [{ last }] = rowsOf<{ last: number }>(
      await t.db.execute(sql`select coalesce(max(last), 0)::int as last from invoice_counters
        where gemeinde_id = ${sb}`),
    ) as [{ last: number }];
    const marked = await markBilled(t.db, clerk, [sb, hw], agency, JUNE, AUG_15);
    const number = (n: number) => `KT-${Y}-${String(n).padStart(5, '0')}`;
    expect(marked.map((m) => [m.gemeindeId, m.invoice, m.forms])).toEqual([
      [sb, number(last + 1), 1],
      [hw, number(1), 1],
    ]);
    // Each form carries its municipality's invoice, and each invoice has its entry there.
    const forms = await t.db
      .select({ id: meldescheine.id, invoice: meldescheine.invoice })
      .from(meldescheine)
      .where(inArray(meldescheine.id, [a.id, b.id]))
      .orderBy(meldescheine.id);
    expect(forms.map((f) => f.invoice)).toEqual([number(last + 1), number(1)]);
    const entries = await t.db
      .select({ gemeinde: staffAudit.gemeindeId, details: staffAudit.details })
      .from(staffAudit)
      .where(eq(staffAudit.action, 'billing.mark_billed'))
      .orderBy(desc(staffAudit.id))
      .limit(2);
    expect(entries.map((e) => [e.gemeinde, e.details.invoice]).sort()).toEqual(
      [
        [sb, number(last + 1)],
        [hw, number(1)],
      ].sort(),
    );
  });

  it('gives parallel billings of one municipality consecutive numbers, each once', async () => {
    const sb = t.demo.gemeinden.seeblick.id;
    const MAY = `${Y}-05`;
    const may = { arrival_date: `${Y}-05-10`, departure_date: `${Y}-05-12` };
    await (await formsClient(t, 'demo')).bookOk([person(may)]);
    const seeblickHaus = await formsClient(t, 'demo2', {
      gemeinde: sb,
      objekt: t.demo.objekte.seeblickObjekt,
    });
    await seeblickHaus.bookOk([person(may)]);
    const landlords = [t.demo.beherberger.moewe, t.demo.beherberger.seeblickHaus];
    const marked = (
      await Promise.all(landlords.map((l) => markBilled(second.db, clerk, [sb], l, MAY, AUG_15)))
    ).flat();
    const numbers = marked.map((m) => Number(m.invoice.slice(-5))).sort((x, y) => x - y);
    expect(numbers).toHaveLength(2);
    expect(numbers[1]).toBe(numbers[0]! + 1);
  });
});
