// A landlord's month statement: its lines (billingLines) drawn as a PDF in the office's language.
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { beherberger } from '../../db/schema';
import { intArray } from '../../service/meldescheine/load';
import { fill, type OfficeLang, type OfficeMessages } from '../i18n';
import { billingLines } from './billing';
import { statementPdf } from './statement-pdf';

export function officeFormat(lang: OfficeLang) {
  const locale = lang === 'en' ? 'en-GB' : 'de-DE';
  const number = new Intl.NumberFormat(locale);
  const euro = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' });
  const date = new Intl.DateTimeFormat(locale, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const monthName = new Intl.DateTimeFormat(locale, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return {
    number: (n: number) => number.format(n),
    euro: (cents: number) => euro.format(cents / 100),
    date: (iso: string) => date.format(new Date(`${iso.slice(0, 10)}T00:00:00Z`)),
    month: (yyyyMm: string) => monthName.format(new Date(`${yyyyMm}-01T00:00:00Z`)),
  };
}

/**
 * The statement of one landlord of the municipalities `gemeindeIds` (registered there, or with an
 * object in one of their zones: the billing list shows such a landlord's stays there); null if
 * not one of theirs, exactly as for an unknown landlord.
 */
export async function landlordStatementPdf(
  db: Db,
  gemeindeIds: readonly number[],
  beherbergerId: number,
  month: string,
  today: string,
  lang: OfficeLang,
  m: OfficeMessages['billing'],
): Promise<Uint8Array | null> {
  const [b] = await db
    .select()
    .from(beherberger)
    .where(
      and(
        eq(beherberger.id, beherbergerId),
        or(
          inArray(beherberger.gemeindeId, [...gemeindeIds]),
          sql`exists (select 1 from objekte o join tarifzonen z on z.id = o.tarifzone_id
            where o.beherberger_id = ${beherberger.id}
              and z.gemeinde_id = any(${intArray(gemeindeIds)}::int[]))`,
        ),
      ),
    );
  if (!b) return null;
  const f = officeFormat(lang);
  const person = [b.anrede, b.vorname, b.nachname].filter(Boolean).join(' ');
  return statementPdf(billingLines(db, gemeindeIds, month, today, { beherbergerId }), {
    title: fill(m.pdfTitle, { month: f.month(month) }),
    lines: [
      b.firma || b.alias,
      ...(person ? [person] : []),
      ...(b.strasse ? [b.strasse] : []),
      [b.plz, b.ort].filter(Boolean).join(' '),
      [
        b.vermieterNr ? `${m.cols.vermieterNr} ${b.vermieterNr}` : '',
        b.debitorNr ? `Debitor ${b.debitorNr}` : '',
      ]
        .filter(Boolean)
        .join(' · '),
    ].filter(Boolean),
    head: [
      m.cols.number,
      m.cols.objekt,
      m.cols.arrival,
      m.cols.departure,
      m.cols.persons,
      m.cols.nights,
      m.cols.amount,
      m.cols.invoice,
    ],
    totalLabel: m.total,
    footer: fill(m.pdfFooter, { today: f.date(today) }),
    invoice: (l) =>
      l.invoice && l.fakturaDate
        ? fill(m.pdfInvoice, { invoice: l.invoice, date: f.date(l.fakturaDate) })
        : m.pdfOpen,
    format: f,
  });
}
