// Renders a sample set of guest cards to docs/kurkarte-sample.pdf and, through poppler's
// pdftoppm, to docs/kurkarte-sample-<page>.png, to look at the layout without a running service.
// Usage: npm run render:card
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { cardUrl, signCardId } from '../lib/service/kurkarte/card-id';
import { renderKurkarten, type KurkarteData } from '../lib/service/kurkarte/render';

// A fixed demo key: the sample must look the same on every machine and needs no data directory.
const SAMPLE_KEY = 'sample-only-not-a-secret-0123456789abcdef';
const BASE_URL = 'https://meldeportal.example.de';

const objekt = {
  alias: 'Ferienwohnung Dünenblick',
  strasse: 'Strandstraße 12',
  plz: '18225',
  ort: 'Kühlungsborn',
};
const common = {
  gemeinde: 'Ostseebad Kühlungsborn',
  tarif: 'Erwachsene (Hauptsaison)',
  arrivalDate: '2026-07-14',
  departureDate: '2026-07-17',
  objekt,
  beherberger: 'Pension Seeblick GmbH',
};

const qr = (formId: number, personId: number): string =>
  cardUrl(BASE_URL, signCardId({ formId, personId }, SAMPLE_KEY));

const SAMPLE_CARDS: KurkarteData[] = [
  {
    ...common,
    kartennummer: '2026-000042-1',
    gastName: 'Anna-Lena Müller-Lüdenscheidt',
    anzahl: 1,
    qrPayload: qr(42, 101),
  },
  {
    ...common,
    kartennummer: '2026-000043-1',
    gastName: null,
    anzahl: 4,
    tarif: 'Familie / Gruppe',
    departureDate: '2026-07-21',
    qrPayload: qr(43, 102),
  },
  {
    ...common,
    kartennummer: '2026-000044-2',
    gastName: 'Γιώργος Παπαδόπουλος',
    anzahl: 1,
    tarif: 'Erwachsene (Nebensaison)',
    arrivalDate: '2026-10-02',
    departureDate: '2026-10-03',
    qrPayload: qr(44, 103),
  },
];

async function main(): Promise<void> {
  const outDir = path.join(process.cwd(), 'docs');
  mkdirSync(outDir, { recursive: true });
  const pdf = await renderKurkarten(SAMPLE_CARDS);
  const pdfPath = path.join(outDir, 'kurkarte-sample.pdf');
  writeFileSync(pdfPath, pdf);
  for (const old of readdirSync(outDir).filter((f) => /^kurkarte-sample-\d+\.png$/.test(f))) {
    rmSync(path.join(outDir, old));
  }
  execFileSync('pdftoppm', ['-png', '-r', '150', pdfPath, path.join(outDir, 'kurkarte-sample')]);
  const pngs = readdirSync(outDir).filter((f) => /^kurkarte-sample-\d+\.png$/.test(f));
  console.info(
    `${pdfPath}: ${SAMPLE_CARDS.length} cards, ${pdf.byteLength} bytes; ${pngs.join(', ')}`,
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
