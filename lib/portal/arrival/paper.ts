import 'server-only';
// The paper route (BMG § 29(2)): a pre-filled registration form per signer, A4, the § 30(2) data
// only, German with English beside it (the portal speaks German and English; English is the
// language a foreign guest is most likely to read), and a line for place, date and the signature
// by hand. The paper stays with the landlord, who marks it signed in the portal.
// Text is drawn by pdfkit as text (never markup), in the guest card's embedded DejaVu font, which
// draws Latin, Greek and Cyrillic names; pdfkit embeds only the glyphs used.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import type { Counted } from '@/lib/wire/arrival-duty';
import { formatDate } from '../format';
import type { ArrivalParty, PartyGuest } from './party';

// The card's font files, read as files (lib/portal never imports lib/service's code).
const FONT_DIR = path.join(process.cwd(), 'lib', 'service', 'kurkarte', 'fonts');
let fonts: { regular: Buffer; bold: Buffer } | undefined;
function loadFonts() {
  fonts ??= {
    regular: readFileSync(path.join(FONT_DIR, 'DejaVuSans.ttf')),
    bold: readFileSync(path.join(FONT_DIR, 'DejaVuSans-Bold.ttf')),
  };
  return fonts;
}

export interface PaperSigner {
  guest: PartyGuest;
  counted: Counted[];
}

const deNames = new Intl.DisplayNames('de', { type: 'region' });
const enNames = new Intl.DisplayNames('en', { type: 'region' });
function country(code: string | null): string {
  if (!code) return '';
  try {
    const de = deNames.of(code);
    const en = enNames.of(code);
    return de && en && de !== en ? `${de} / ${en} (${code})` : `${de ?? code} (${code})`;
  } catch {
    return code;
  }
}

// Characters a PDF text run should not carry (controls): dropped.
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/g;
const clean = (s: string | null | undefined) => (s ?? '').replace(CONTROL, ' ').trim();

const MARGIN = 50;
const WIDTH = 595.28 - 2 * MARGIN;
const INK = '#0f172a';
const MUTED = '#475569';

/** The forms of the given signers, one page each. */
export async function paperForms(party: ArrivalParty, signers: PaperSigner[]): Promise<Uint8Array> {
  const f = loadFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    font: '',
    autoFirstPage: false,
    info: { Title: 'Besonderer Meldeschein / Registration form', Creator: 'Meldeportal' },
  });
  doc.registerFont('regular', f.regular);
  doc.registerFont('bold', f.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  for (const s of signers) page(doc, party, s);
  doc.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}

function page(doc: PDFKit.PDFDocument, party: ArrivalParty, { guest, counted }: PaperSigner) {
  doc.addPage();
  doc.fillColor(INK).font('bold').fontSize(15);
  doc.text('Besonderer Meldeschein für Beherbergungsstätten', MARGIN, MARGIN, { width: WIDTH });
  doc.font('regular').fontSize(10).fillColor(MUTED);
  doc.text('Special registration form for accommodation establishments', { width: WIDTH });
  doc.text('§§ 29, 30 Bundesmeldegesetz (Federal Registration Act)', { width: WIDTH });
  doc.moveDown(0.6);
  doc.fillColor(INK).fontSize(9);
  doc.text(
    `Beherbergungsstätte / Accommodation: ${clean(party.objekt.alias)}, ${clean(party.objekt.address)} · ${clean(party.objekt.landlord)}`,
    { width: WIDTH },
  );
  doc.text(`Meldeschein-Nr. / Form no.: ${clean(party.meldescheinnummer)}`, { width: WIDTH });
  doc.moveDown(0.8);

  const address = [
    clean(guest.street),
    [clean(guest.postcode), clean(guest.town)].filter(Boolean).join(' '),
    country(guest.country),
  ]
    .filter(Boolean)
    .join(', ');
  const coTravellers = counted.length
    ? counted
        .map(
          (c) =>
            `${c.count} × ${c.nationality ? country(c.nationality) : 'ohne Angabe / not given'}`,
        )
        .join('; ')
    : '–';
  const rows: [string, string, string][] = [
    ['Tag der Ankunft', 'Day of arrival', formatDate(guest.arrival, 'de')],
    [
      'Voraussichtlicher Tag der Abreise',
      'Expected day of departure',
      formatDate(guest.departure, 'de'),
    ],
    ['Familienname', 'Family name', clean(guest.familyName)],
    ['Vornamen', 'First names', clean(guest.firstNames)],
    ['Geburtsdatum', 'Date of birth', guest.birthDate ? formatDate(guest.birthDate, 'de') : ''],
    ['Staatsangehörigkeit(en)', 'Nationality', country(guest.nationality)],
    ['Anschrift', 'Address', address],
    [
      'Mitreisende: Zahl und Staatsangehörigkeit',
      'Persons travelling along: number and nationality',
      coTravellers,
    ],
    [
      'Seriennummer des Passes oder Passersatzpapiers',
      'Serial number of the passport or ID document',
      clean(guest.documentNumber),
    ],
  ];
  for (const [de, en, value] of rows) field(doc, de, en, value);

  doc.moveDown(1);
  doc.font('regular').fontSize(8.5).fillColor(MUTED);
  doc.text(
    'Ich bestätige die Richtigkeit der Angaben. Die Angaben werden nach § 30 Abs. 4 BMG ein Jahr ' +
      'nach der Abreise vernichtet. / I confirm that the data are correct. They are destroyed one ' +
      'year after departure (§ 30(4) BMG).',
    { width: WIDTH },
  );
  doc.moveDown(2.5);
  const y = doc.y;
  const half = WIDTH / 2 - 10;
  doc.strokeColor(INK).lineWidth(0.7);
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + half, y)
    .stroke();
  doc
    .moveTo(MARGIN + half + 20, y)
    .lineTo(MARGIN + WIDTH, y)
    .stroke();
  doc.font('regular').fontSize(8.5).fillColor(MUTED);
  doc.text('Ort, Datum / Place, date', MARGIN, y + 4, { width: half });
  doc.text('Unterschrift / Signature', MARGIN + half + 20, y + 4, { width: half });

  doc.moveDown(2);
  doc.font('bold').fontSize(9).fillColor(INK);
  doc.text('Vom Beherberger auszufüllen / For the landlord', MARGIN, doc.y, { width: WIDTH });
  doc.font('regular').fontSize(8.5).fillColor(MUTED);
  doc.text(
    '☐ mit dem Ausweis verglichen   ☐ Abweichung: ____________________________   ☐ kein gültiges Dokument vorgelegt',
    { width: WIDTH },
  );
}

function field(doc: PDFKit.PDFDocument, de: string, en: string, value: string) {
  const top = doc.y;
  const labelWidth = 190;
  doc.font('bold').fontSize(9).fillColor(INK).text(de, MARGIN, top, { width: labelWidth });
  doc.font('regular').fontSize(8).fillColor(MUTED).text(en, MARGIN, doc.y, { width: labelWidth });
  const labelBottom = doc.y;
  doc
    .font('regular')
    .fontSize(11)
    .fillColor(INK)
    .text(value || ' ', MARGIN + labelWidth + 10, top, { width: WIDTH - labelWidth - 10 });
  const bottom = Math.max(labelBottom, doc.y) + 4;
  doc
    .strokeColor('#cbd5e1')
    .lineWidth(0.5)
    .moveTo(MARGIN, bottom)
    .lineTo(MARGIN + WIDTH, bottom)
    .stroke();
  doc.y = bottom + 6;
  doc.x = MARGIN;
}
