// Guest card (Kurkarte) PDF: one A6 landscape page per card, print-ready (DECISIONS 2.8).
// Pure: data in, PDF bytes out. Logging the print and loading the data is the caller's job.
import PDFDocument from 'pdfkit';

import { cardFonts, printable, type CardFonts } from './fonts';
import { drawQr, qrMatrix, QUIET_ZONE_MODULES } from './qr';

export interface KurkarteData {
  /** Municipality name for the header band. */
  gemeinde: string;
  /** `<meldescheinnummer>-<position>`, e.g. `2026-000042-1`. */
  kartennummer: string;
  /** "Vorname Name" of the guest; null for a group guest booked without names. */
  gastName: string | null;
  /** Latin transliteration, shown when `gastName` holds characters the font cannot draw. */
  gastNameLatin?: string | null;
  /** Persons on this card: 1 for a person, `anzahl` for a group guest. */
  anzahl: number;
  /** Tariff alias, e.g. `Erwachsene`. */
  tarif: string;
  /** YYYY-MM-DD. */
  arrivalDate: string;
  /** YYYY-MM-DD. */
  departureDate: string;
  objekt: { alias: string; strasse?: string | null; plz?: string | null; ort?: string | null };
  /** Landlord's display name (firm, or first and last name). */
  beherberger: string;
  /** Exact text the QR code encodes: the verification URL with the signed card id. */
  qrPayload: string;
}

const mm = (v: number): number => (v * 72) / 25.4;

// A6 landscape, 148 x 105 mm. Nothing is drawn closer than SAFE to the trim: a guillotine or an
// office printer's unprintable edge never cuts into the card.
const W = mm(148);
const H = mm(105);
const SAFE = mm(6);
const PAD = mm(4);
const LEFT = SAFE + PAD;
const RIGHT = W - SAFE - PAD;
const BAND_H = mm(15);
const BODY_TOP = SAFE + BAND_H + mm(5);
const QR_BOX = mm(37);
const FOOTER_RULE = H - SAFE - mm(6.5);

type Cmyk = [number, number, number, number];
// CMYK, because the file goes to print; text in pure black prints crisp without registration.
const BRAND: Cmyk = [90, 40, 30, 20];
const BRAND_TINT: Cmyk = [12, 4, 4, 0];
const INK: Cmyk = [0, 0, 0, 100];
const MUTED: Cmyk = [0, 0, 0, 62];
const RULE: Cmyk = [0, 0, 0, 18];
const PAPER: Cmyk = [0, 0, 0, 0];

type Face = 'regular' | 'bold';

/** Render one PDF holding one card per entry, in order. */
export async function renderKurkarten(cards: KurkarteData[]): Promise<Uint8Array> {
  if (cards.length === 0) throw new RangeError('renderKurkarten needs at least one card');
  const fonts = cardFonts();
  const first = cards[0];
  const doc = new PDFDocument({
    autoFirstPage: false,
    pdfVersion: '1.7',
    lang: 'de-DE',
    displayTitle: true,
    info: {
      Title:
        cards.length === 1 && first
          ? `Kurkarte ${first.kartennummer}`
          : `Kurkarten (${cards.length})`,
      Author: first ? first.gemeinde : '',
      Creator: 'Meldeportal',
    },
  });
  doc.registerFont('regular', fonts.regular);
  doc.registerFont('bold', fonts.bold);
  const done = collect(doc);
  for (const card of cards) {
    doc.addPage({ size: [W, H], margin: 0 });
    drawCard(doc, card, fonts);
  }
  doc.end();
  return done;
}

function collect(doc: PDFKit.PDFDocument): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

function drawCard(doc: PDFKit.PDFDocument, card: KurkarteData, fonts: CardFonts): void {
  const clean = (s: string | null | undefined): string => printable(s ?? '', fonts.covered).text;
  const matrix = qrMatrix(card.qrPayload);
  const unit = QR_BOX / (matrix.size + 2 * QUIET_ZONE_MODULES);
  const quiet = QUIET_ZONE_MODULES * unit;
  // Align the dark modules, not the invisible quiet zone, with the text edges.
  const qrX = RIGHT - QR_BOX + quiet;
  const qrY = BODY_TOP - quiet;
  const symbol = QR_BOX - 2 * quiet;
  const columnRight = RIGHT - symbol - mm(7);

  drawBand(doc, clean(card.gemeinde), clean(card.kartennummer));

  // Guest: the largest thing on the card, shrunk (not wrapped) to one line.
  const name = printable(card.gastName ?? '', fonts.covered);
  const latin = clean(card.gastNameLatin);
  const group = card.anzahl > 1;
  const useLatin = name.lossy && latin !== '';
  const headline = useLatin
    ? latin
    : name.text || (group ? `Gruppe (${personen(card.anzahl)})` : '–');
  label(doc, group ? 'Gast · Gruppe' : 'Gast', LEFT, BODY_TOP);
  line(doc, 'bold', headline, LEFT, BODY_TOP + 9, columnRight - LEFT, 22, 11, INK);
  let y = BODY_TOP + 38;
  if (useLatin || name.lossy) {
    const note = useLatin ? name.text : 'Name enthält nicht druckbare Zeichen';
    line(doc, 'regular', note, LEFT, y, columnRight - LEFT, 8, 6, MUTED);
    y += 11;
  }
  doc
    .moveTo(LEFT, y + 4)
    .lineTo(columnRight, y + 4)
    .lineWidth(0.5)
    .stroke(RULE);
  y += 14;

  // Field grid: two columns, label above value, optional grey detail line.
  const gap = mm(5);
  const colA = (columnRight - LEFT) * 0.56;
  const xB = LEFT + colA + gap;
  const widthB = columnRight - xB;
  const row = 40;
  const stay = `${germanDate(card.arrivalDate)} – ${germanDate(card.departureDate)}`;
  const nights = nightsBetween(card.arrivalDate, card.departureDate);
  field(doc, 'Aufenthalt', stay, nights === null ? '' : nightsLabel(nights), LEFT, y, colA);
  field(
    doc,
    'Personen',
    personen(card.anzahl),
    group ? 'Gruppenkarte' : 'Einzelkarte',
    xB,
    y,
    widthB,
  );
  y += row;
  field(doc, 'Tarif', clean(card.tarif), '', LEFT, y, colA);
  field(doc, 'Vermieter', clean(card.beherberger), '', xB, y, widthB);
  y += row;
  const plzOrt = [clean(card.objekt.plz), clean(card.objekt.ort)].filter(Boolean).join(' ');
  const address = [clean(card.objekt.strasse), plzOrt].filter(Boolean).join(', ');
  field(doc, 'Unterkunft', clean(card.objekt.alias), address, LEFT, y, columnRight - LEFT);

  // QR with a caption centred under the symbol.
  drawQr(doc, matrix, qrX - quiet, qrY, QR_BOX);
  const captionY = qrY + QR_BOX - quiet + 5;
  centred(doc, 'bold', 'Karte prüfen', qrX, captionY, symbol, 7, INK);
  centred(doc, 'regular', 'QR-Code scannen', qrX, captionY + 9, symbol, 6.5, MUTED);

  // Footer: conditions of use, inside the safe area like everything else.
  doc.moveTo(LEFT, FOOTER_RULE).lineTo(RIGHT, FOOTER_RULE).lineWidth(0.5).stroke(RULE);
  const footY = FOOTER_RULE + 5;
  line(doc, 'bold', 'Gültig nur mit Lichtbildausweis', LEFT, footY, 150, 6.5, 6.5, INK);
  const terms = 'Nicht übertragbar · Bei Kontrollen bitte vorzeigen';
  const termsWidth = textWidth(doc, 'regular', terms, 6.5);
  line(doc, 'regular', terms, RIGHT - termsWidth, footY, termsWidth + 1, 6.5, 6.5, MUTED);
}

function drawBand(doc: PDFKit.PDFDocument, gemeinde: string, kartennummer: string): void {
  doc.roundedRect(SAFE, SAFE, W - 2 * SAFE, BAND_H, mm(2)).fill(BRAND);
  const numberSize = 12;
  const numberWidth = textWidth(doc, 'bold', kartennummer, numberSize);
  const numberX = RIGHT - numberWidth;
  const kicker = 'KARTENNUMMER';
  const kickerWidth = textWidth(doc, 'bold', kicker, 6, 0.8);
  doc.font('bold').fontSize(6).fillColor(BRAND_TINT);
  doc.text(kicker, RIGHT - kickerWidth, SAFE + mm(3), { lineBreak: false, characterSpacing: 0.8 });
  line(
    doc,
    'bold',
    kartennummer,
    numberX,
    SAFE + mm(6.2),
    numberWidth + 1,
    numberSize,
    numberSize,
    PAPER,
  );

  doc.font('bold').fontSize(6).fillColor(BRAND_TINT);
  doc.text('KURKARTE · GÄSTEKARTE', LEFT, SAFE + mm(3), {
    lineBreak: false,
    characterSpacing: 0.8,
  });
  line(doc, 'bold', gemeinde, LEFT, SAFE + mm(6.2), numberX - mm(6) - LEFT, 15, 9, PAPER);
}

function field(
  doc: PDFKit.PDFDocument,
  name: string,
  value: string,
  detail: string,
  x: number,
  y: number,
  width: number,
): void {
  label(doc, name, x, y);
  line(doc, 'bold', value || '–', x, y + 9, width, 10, 7, INK);
  if (detail) line(doc, 'regular', detail, x, y + 21, width, 7.5, 6, MUTED);
}

function label(doc: PDFKit.PDFDocument, text: string, x: number, y: number): void {
  doc.font('regular').fontSize(6.5).fillColor(MUTED);
  doc.text(text.toUpperCase(), x, y, { lineBreak: false, characterSpacing: 0.6 });
}

/**
 * One line of text within `width`: shrunk step by step down to `minSize`, then cut with an
 * ellipsis. A card never wraps into the next field or runs off the page, whatever the data.
 */
function line(
  doc: PDFKit.PDFDocument,
  face: Face,
  text: string,
  x: number,
  y: number,
  width: number,
  size: number,
  minSize: number,
  color: Cmyk,
): void {
  let fontSize = size;
  while (fontSize > minSize && textWidth(doc, face, text, fontSize) > width) fontSize -= 0.5;
  let shown = text;
  if (textWidth(doc, face, shown, fontSize) > width) {
    const chars = [...text];
    while (
      chars.length > 1 &&
      textWidth(doc, face, `${chars.join('').trimEnd()}…`, fontSize) > width
    )
      chars.pop();
    shown = `${chars.join('').trimEnd()}…`;
  }
  doc.font(face).fontSize(fontSize).fillColor(color);
  doc.text(shown, x, y + (size - fontSize) * 0.7, { lineBreak: false });
}

function centred(
  doc: PDFKit.PDFDocument,
  face: Face,
  text: string,
  x: number,
  y: number,
  width: number,
  size: number,
  color: Cmyk,
): void {
  const w = Math.min(textWidth(doc, face, text, size), width);
  line(doc, face, text, x + (width - w) / 2, y, width, size, size, color);
}

function textWidth(
  doc: PDFKit.PDFDocument,
  face: Face,
  text: string,
  size: number,
  characterSpacing = 0,
): number {
  return doc.font(face).fontSize(size).widthOfString(text, { characterSpacing });
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 2026-07-14 -> 14.07.2026; anything else is printed as given rather than guessed at. */
export function germanDate(iso: string): string {
  const m = ISO_DATE.exec(iso);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : iso;
}

function nightsBetween(arrival: string, departure: string): number | null {
  if (!ISO_DATE.test(arrival) || !ISO_DATE.test(departure)) return null;
  const days =
    (Date.parse(`${departure}T00:00:00Z`) - Date.parse(`${arrival}T00:00:00Z`)) / 86_400_000;
  return Number.isFinite(days) && days > 0 ? Math.round(days) : null;
}

const nightsLabel = (n: number): string => (n === 1 ? '1 Nacht' : `${n} Nächte`);
const personen = (n: number): string => (n === 1 ? '1 Person' : `${n} Personen`);
