// Guest card (Kurkarte) PDF: one A6 landscape page per card, print-ready (DECISIONS 2.8).
// Pure: data in, PDF bytes out. Logging the print and loading the data is the caller's job.
import { daysBetween, germanDate, isCalendarDate } from '../../wire/time';
import PDFDocument from 'pdfkit';

import { cardFonts, printable, type CardFonts } from './fonts';
import { drawFitted, fitText, textWidth, type Cmyk, type Face, type FitRule } from './layout';
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
const QR_BOX = mm(36);
const FOOTER_RULE = H - SAFE - mm(5.5);
const ROW = 40;

// CMYK, because the file goes to print; text in pure black prints crisp without registration.
const BRAND: Cmyk = [90, 40, 30, 20];
const BRAND_TINT: Cmyk = [12, 4, 4, 0];
const INK: Cmyk = [0, 0, 0, 100];
const MUTED: Cmyk = [0, 0, 0, 62];
const RULE: Cmyk = [0, 0, 0, 18];
const PAPER: Cmyk = [0, 0, 0, 0];

const HEADLINE: FitRule = { size: 22, minSize: 14, wrap: { size: 14, minSize: 8 } };
const VALUE: FitRule = { size: 10, minSize: 8, wrap: { size: 9, minSize: 6.5 } };
const DETAIL: FitRule = { size: 7.5, minSize: 6 };

// Drawing is CPU work on the event loop (about 1.4 ms per card on a quiet machine): a get-pdf of
// 50 forms x 200 guests held every other request for ~14 s. Drawing gives other requests a turn
// at least every SLICE_MS instead; the decision and the measurements: docs/decisions/003.
const SLICE_MS = 10;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

// The card's fixed wording. Its words are laid out once per process (fonts.ts: rememberLayouts);
// shaping them again for every card was a sixth of a one-card PDF (issue 19).
const TEXT = {
  kicker: 'KURKARTE · GÄSTEKARTE',
  number: 'KARTENNUMMER',
  guest: 'Gast',
  group: 'Gast · Gruppe',
  original: 'Originalschreibweise:',
  unprintable: 'Name enthält nicht druckbare Zeichen',
  check: 'Karte prüfen',
  scan: 'QR-Code scannen',
  stay: 'Aufenthalt',
  persons: 'Personen',
  tariff: 'Tarif',
  landlord: 'Vermieter',
  lodging: 'Unterkunft',
  single: 'Einzelkarte',
  groupCard: 'Gruppenkarte',
  valid: 'Gültig nur mit Lichtbildausweis',
  terms: 'Nicht übertragbar · Bei Kontrollen bitte vorzeigen',
} as const;
const LABELS = [
  TEXT.guest,
  TEXT.group,
  TEXT.stay,
  TEXT.persons,
  TEXT.tariff,
  TEXT.landlord,
  TEXT.lodging,
];
const FIXED_WORDING = [
  ...Object.values(TEXT),
  ...LABELS.map((l) => l.toUpperCase()),
  '1 Nacht Nächte 1 Person Gruppe · – ',
];
let wordingRemembered = false;

/** Render one PDF holding one card per entry, in order; other work runs between cards. */
export async function renderKurkarten(cards: KurkarteData[]): Promise<Uint8Array> {
  const first = cards[0];
  if (!first) throw new RangeError('renderKurkarten needs at least one card');
  // A card naming a wrong number of persons is worse than no card: refuse it.
  const badCount = cards.find((c) => !Number.isSafeInteger(c.anzahl) || c.anzahl < 1);
  if (badCount)
    throw new RangeError(`anzahl must be a positive integer (${badCount.kartennummer})`);
  const fonts = cardFonts();
  if (!wordingRemembered) {
    fonts.rememberLayouts(FIXED_WORDING);
    wordingRemembered = true;
  }
  const doc = new PDFDocument({
    autoFirstPage: false,
    // No default font: pdfkit would parse its Helvetica metrics for every document (~0.5 ms), and
    // every text call here names its face anyway.
    font: '',
    pdfVersion: '1.7',
    lang: 'de-DE',
    displayTitle: true,
    info: {
      Title: cards.length === 1 ? `Kurkarte ${first.kartennummer}` : `Kurkarten (${cards.length})`,
      Author: first.gemeinde,
      Creator: 'Meldeportal',
    },
  });
  doc.registerFont('regular', fonts.regular);
  doc.registerFont('bold', fonts.bold);
  const done = collect(doc);
  let sliceStart = performance.now();
  for (const card of cards) {
    if (performance.now() - sliceStart >= SLICE_MS) {
      await nextTurn();
      sliceStart = performance.now();
    }
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
  const clean = (s: string | null | undefined) => printable(s ?? '', fonts.covered).text;
  const { objekt } = card;
  const plzOrt = [clean(objekt.plz), clean(objekt.ort)].filter(Boolean).join(' ');
  const printed: Printed = {
    gemeinde: clean(card.gemeinde),
    tarif: clean(card.tarif),
    beherberger: clean(card.beherberger),
    lodging: clean(objekt.alias),
    address: [clean(objekt.strasse), plzOrt].filter(Boolean).join(', '),
  };
  // The configuration on the card, the same on every card of a landlord: its words are shaped
  // once, not for every PDF (about a tenth of a one-card PDF). The guest's name is not among them.
  fonts.keepRecentLayouts(Object.values(printed));
  drawBand(doc, printed.gemeinde, clean(card.kartennummer));

  // Guest: the largest thing on the card, across the full width.
  const name = printable(card.gastName ?? '', fonts.covered);
  const latin = clean(card.gastNameLatin);
  const group = card.anzahl > 1;
  const useLatin = name.lossy && latin !== '';
  const fallback = group ? `Gruppe · ${personen(card.anzahl)}` : '–';
  const headline = useLatin ? latin : name.text || fallback;
  label(doc, group ? TEXT.group : TEXT.guest, LEFT, BODY_TOP);
  const fitted = fitText(doc, 'bold', headline, RIGHT - LEFT, HEADLINE);
  let y = BODY_TOP + 9 + drawFitted(doc, 'bold', fitted, LEFT, BODY_TOP + 9, INK, HEADLINE.size);
  if (name.lossy) {
    // Visible fallback: the name as far as the font can draw it, so nothing is silently lost.
    const note = useLatin ? `${TEXT.original} ${name.text}` : TEXT.unprintable;
    y += drawFitted(
      doc,
      'regular',
      fitText(doc, 'regular', note, RIGHT - LEFT, DETAIL),
      LEFT,
      y,
      MUTED,
    );
  }
  doc
    .moveTo(LEFT, y + 4)
    .lineTo(RIGHT, y + 4)
    .lineWidth(0.5)
    .stroke(RULE);
  y += 14;

  const symbolLeft = drawQrBlock(doc, card.qrPayload, y);
  drawFields(doc, card, printed, y, symbolLeft - mm(6));
  drawFooter(doc);
}

function drawBand(doc: PDFKit.PDFDocument, gemeinde: string, kartennummer: string): void {
  doc.roundedRect(SAFE, SAFE, W - 2 * SAFE, BAND_H, mm(2)).fill(BRAND);
  const kickerY = SAFE + mm(3);
  const valueY = SAFE + mm(6.2);
  const number = fitText(doc, 'bold', kartennummer, mm(50), { size: 12, minSize: 8 });
  const numberWidth = textWidth(doc, 'bold', number.lines[0] ?? '', number.size);
  drawFitted(doc, 'bold', number, RIGHT - numberWidth, valueY, PAPER, 12);
  kicker(doc, TEXT.number, RIGHT, kickerY, 'right');
  kicker(doc, TEXT.kicker, LEFT, kickerY, 'left');
  const width = RIGHT - numberWidth - mm(6) - LEFT;
  const place = fitText(doc, 'bold', gemeinde, width, { size: 15, minSize: 9 });
  drawFitted(doc, 'bold', place, LEFT, valueY, PAPER, 15);
}

function kicker(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  align: 'left' | 'right',
): void {
  const spacing = 0.8;
  const left = align === 'left' ? x : x - textWidth(doc, 'bold', text, 6, spacing);
  doc.font('bold').fontSize(6).fillColor(BRAND_TINT);
  doc.text(text, left, y, { lineBreak: false, characterSpacing: spacing });
}

/** QR code with its caption, dark modules top-aligned with the first field; returns its left edge. */
function drawQrBlock(doc: PDFKit.PDFDocument, payload: string, top: number): number {
  const matrix = qrMatrix(payload);
  const quiet = (QR_BOX / (matrix.size + 2 * QUIET_ZONE_MODULES)) * QUIET_ZONE_MODULES;
  const symbol = QR_BOX - 2 * quiet;
  // Align the dark modules, not the invisible quiet zone, with the text edges.
  const x = RIGHT - symbol;
  drawQr(doc, matrix, x - quiet, top - quiet, QR_BOX);
  const captionY = top + symbol + 5;
  centred(doc, 'bold', TEXT.check, x, captionY, symbol, 7, INK);
  centred(doc, 'regular', TEXT.scan, x, captionY + 9, symbol, 6.5, MUTED);
  return x;
}

/** The configuration a card prints, cleaned for the font. */
interface Printed {
  gemeinde: string;
  tarif: string;
  beherberger: string;
  lodging: string;
  address: string;
}

/** Two columns of labelled values between the left edge and `right`. */
function drawFields(
  doc: PDFKit.PDFDocument,
  card: KurkarteData,
  printed: Printed,
  top: number,
  right: number,
): void {
  const stay = `${germanDate(card.arrivalDate)} – ${germanDate(card.departureDate)}`;
  // Column A just as wide as the stay dates need, so column B (landlord) keeps the rest.
  const colA = Math.max((right - LEFT) * 0.5, textWidth(doc, 'bold', stay, VALUE.size) + 1);
  const xB = LEFT + colA + mm(4);
  const widthB = right - xB;
  const nights = nightsBetween(card.arrivalDate, card.departureDate);
  const kind = card.anzahl > 1 ? TEXT.groupCard : TEXT.single;
  field(doc, TEXT.stay, stay, nights === null ? '' : nightsLabel(nights), LEFT, top, colA);
  field(doc, TEXT.persons, personen(card.anzahl), kind, xB, top, widthB);
  field(doc, TEXT.tariff, printed.tarif, '', LEFT, top + ROW, colA);
  field(doc, TEXT.landlord, printed.beherberger, '', xB, top + ROW, widthB);
  const { lodging, address } = printed;
  field(doc, TEXT.lodging, lodging, address, LEFT, top + 2 * ROW, right - LEFT);
}

/** Conditions of use, inside the safe area like everything else. */
function drawFooter(doc: PDFKit.PDFDocument): void {
  doc.moveTo(LEFT, FOOTER_RULE).lineTo(RIGHT, FOOTER_RULE).lineWidth(0.5).stroke(RULE);
  const y = FOOTER_RULE + 5;
  doc.font('bold').fontSize(6.5).fillColor(INK);
  doc.text(TEXT.valid, LEFT, y, { lineBreak: false });
  const terms = TEXT.terms;
  const width = textWidth(doc, 'regular', terms, 6.5);
  doc.font('regular').fontSize(6.5).fillColor(MUTED);
  doc.text(terms, RIGHT - width, y, { lineBreak: false });
}

/** Label above a value; a value without a detail line may wrap onto the detail's place. */
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
  const rule = detail ? { size: VALUE.size, minSize: 7 } : VALUE;
  const fitted = fitText(doc, 'bold', value || '–', width, rule);
  const used = drawFitted(doc, 'bold', fitted, x, y + 9, INK, VALUE.size);
  if (detail)
    drawFitted(
      doc,
      'regular',
      fitText(doc, 'regular', detail, width, DETAIL),
      x,
      y + 9 + used,
      MUTED,
      DETAIL.size,
    );
}

function label(doc: PDFKit.PDFDocument, text: string, x: number, y: number): void {
  doc.font('regular').fontSize(6.5).fillColor(MUTED);
  doc.text(text.toUpperCase(), x, y, { lineBreak: false, characterSpacing: 0.6 });
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
  doc.font(face).fontSize(size).fillColor(color);
  doc.text(text, x + (width - w) / 2, y, { lineBreak: false });
}

function nightsBetween(arrival: string, departure: string): number | null {
  if (!isCalendarDate(arrival) || !isCalendarDate(departure)) return null;
  const days = daysBetween(arrival, departure);
  return days > 0 ? days : null;
}

const nightsLabel = (n: number): string => (n === 1 ? '1 Nacht' : `${n} Nächte`);
const personen = (n: number): string => (n === 1 ? '1 Person' : `${n} Personen`);
