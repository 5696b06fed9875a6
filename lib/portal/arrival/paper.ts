import 'server-only';
// The paper route (BMG § 29(2)): a pre-filled registration form per signer, A4, the § 30(2) data
// only, in German with the signer's language beside it (`signerLang`: i18n/guest/paper), and a
// line for place, date and the signature by hand. The paper stays with the landlord, who marks it
// signed in the portal.
// Text is drawn by pdfkit as text (never markup), in the guest card's embedded DejaVu font, which
// draws Latin (Polish and Czech letters too), Greek and Cyrillic; pdfkit embeds only the glyphs
// used (tests/arrival/paper-languages.test.ts holds every dictionary's letters against it).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { ageOn, type Counted } from '@/lib/wire/arrival-duty';
import { formatDate } from '../format';
import { languageOfCountry, type GuestLang } from '../i18n/guest/languages';
import { guestPaper, type GuestPaper } from '../i18n/guest/paper';
import type { ArrivalParty, PartyGuest } from './party';

// The card's font files, read as files (lib/portal never imports lib/service's code).
export const FONT_DIR = path.join(process.cwd(), 'lib', 'service', 'kurkarte', 'fonts');
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

/**
 * The signer's language beside German: the one their nationality reads where it is one language's
 * alone, else the one the party chose (the check-in, the landlord's mail), else English. A
 * German-reading signer gets the German form alone.
 */
export function signerLang(nationality: string | null, partyLang: GuestLang | null): GuestLang {
  return languageOfCountry(nationality) ?? (partyLang && partyLang !== 'de' ? partyLang : 'en');
}

const regionNames = new Map<GuestLang, Intl.DisplayNames>();
function regionName(code: string, lang: GuestLang): string | undefined {
  let names = regionNames.get(lang);
  if (!names) regionNames.set(lang, (names = new Intl.DisplayNames([lang], { type: 'region' })));
  return names.of(code);
}

/** `Niederlande / Nederland (NL)`: the country in German and, where it differs, the other. */
function country(code: string | null, second: GuestLang | null): string {
  if (!code) return '';
  try {
    const de = regionName(code, 'de') ?? code;
    const other = second ? regionName(code, second) : undefined;
    return other && other !== de ? `${de} / ${other} (${code})` : `${de} (${code})`;
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

/** The languages a form prints: German, and the signer's beside it (none for a German reader). */
interface Words {
  de: GuestPaper;
  other: GuestPaper | null;
  otherLang: GuestLang | null;
}

function wordsFor(lang: GuestLang): Words {
  const de = guestPaper('de');
  return lang === 'de'
    ? { de, other: null, otherLang: null }
    : { de, other: guestPaper(lang), otherLang: lang };
}

/** `Ort, Datum / Miejscowość, data`: a German text and, where there is one, the other's. */
const both = (de: string, other: string | undefined) => (other ? `${de} / ${other}` : de);

/**
 * The forms of the given signers, one page each, each in German and the signer's language:
 * `lang` where the landlord chose one, else `signerLang` of the signer's nationality and the
 * party's language (`partyLang`: the one the guests chose, if known).
 */
export async function paperForms(
  party: ArrivalParty,
  signers: PaperSigner[],
  { partyLang = null, lang }: { partyLang?: GuestLang | null; lang?: GuestLang } = {},
): Promise<Uint8Array> {
  const f = loadFonts();
  const pages = signers.map((s) => ({
    signer: s,
    words: wordsFor(lang ?? signerLang(s.guest.nationality, partyLang)),
  }));
  const first = pages[0]?.words;
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    font: '',
    autoFirstPage: false,
    info: {
      Title: both(guestPaper('de').title, first?.other?.title),
      Creator: 'Meldeportal',
    },
    lang: first?.otherLang ?? 'de',
  });
  doc.registerFont('regular', f.regular);
  doc.registerFont('bold', f.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  for (const p of pages) page(doc, party, p.signer, p.words);
  doc.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}

function page(
  doc: PDFKit.PDFDocument,
  party: ArrivalParty,
  { guest, counted }: PaperSigner,
  { de, other, otherLang }: Words,
) {
  doc.addPage();
  doc.fillColor(INK).font('bold').fontSize(15);
  doc.text(de.title, MARGIN, MARGIN, { width: WIDTH });
  doc.font('regular').fontSize(10).fillColor(MUTED);
  if (other) doc.text(other.title, { width: WIDTH });
  doc.text(`§§ 29, 30 ${de.law}${other ? ` (${other.law})` : ''}`, { width: WIDTH });
  doc.moveDown(0.6);
  doc.fillColor(INK).fontSize(9);
  doc.text(
    `${both(de.accommodation, other?.accommodation)}: ${clean(party.objekt.alias)}, ${clean(party.objekt.address)} · ${clean(party.objekt.landlord)}`,
    { width: WIDTH },
  );
  doc.text(`${both(de.formNumber, other?.formNumber)}: ${clean(party.meldescheinnummer)}`, {
    width: WIDTH,
  });
  doc.moveDown(0.8);

  const countryName = (code: string | null) => country(code, otherLang);
  const address = [
    clean(guest.street),
    [clean(guest.postcode), clean(guest.town)].filter(Boolean).join(' '),
    countryName(guest.country),
  ]
    .filter(Boolean)
    .join(', ');
  const notGiven = both(de.notGiven, other?.notGiven);
  const coTravellers = counted.length
    ? counted
        .map((c) => `${c.count} × ${c.nationality ? countryName(c.nationality) : notGiven}`)
        .join('; ')
    : '–';
  const rows: [keyof GuestPaper['fields'], string][] = [
    ['arrival', formatDate(guest.arrival, 'de')],
    ['departure', formatDate(guest.departure, 'de')],
    ['familyName', clean(guest.familyName)],
    ['firstNames', clean(guest.firstNames)],
    ['birthDate', guest.birthDate ? formatDate(guest.birthDate, 'de') : ''],
    ['nationality', countryName(guest.nationality)],
    ['address', address],
    ['coTravellers', coTravellers],
    ['document', clean(guest.documentNumber)],
  ];
  for (const [key, value] of rows) field(doc, de.fields[key], other?.fields[key], value);

  doc.moveDown(1);
  doc.font('regular').fontSize(8.5).fillColor(MUTED);
  doc.text(both(de.confirm, other?.confirm), { width: WIDTH });
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
  doc.text(both(de.placeDate, other?.placeDate), MARGIN, y + 4, { width: half });
  // A minor's own form (a foreign child travelling with German parents: decision 028): the line
  // names the parent or guardian who signs for the child.
  const minor = !!guest.birthDate && ageOn(guest.birthDate, guest.arrival) < 18;
  const signature = minor
    ? both(de.signatureMinor, other?.signatureMinor)
    : both(de.signature, other?.signature);
  doc.text(signature, MARGIN + half + 20, y + 4, { width: half });

  doc.moveDown(2);
  doc.font('bold').fontSize(9).fillColor(INK);
  doc.text(both(de.landlord, other?.landlord), MARGIN, doc.y, { width: WIDTH });
  // The landlord's own marks: in the landlord's German.
  doc.font('regular').fontSize(8.5).fillColor(MUTED);
  doc.text(
    '☐ mit dem Ausweis verglichen   ☐ Abweichung: ____________________________   ☐ kein gültiges Dokument vorgelegt',
    { width: WIDTH },
  );
}

function field(doc: PDFKit.PDFDocument, de: string, other: string | undefined, value: string) {
  const top = doc.y;
  const labelWidth = 190;
  doc.font('bold').fontSize(9).fillColor(INK).text(de, MARGIN, top, { width: labelWidth });
  if (other) {
    doc
      .font('regular')
      .fontSize(8)
      .fillColor(MUTED)
      .text(other, MARGIN, doc.y, { width: labelWidth });
  }
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
