// Guest card rendering speed and size. Figures only, no thresholds: timing assertions flake on
// shared CI machines. Run alone with `npx tsx bench/kurkarte.ts`.
import { cardUrl, signCardId } from '../lib/service/kurkarte/card-id';
import { renderKurkarten, type KurkarteData } from '../lib/service/kurkarte/render';

export interface KurkarteBench {
  /** Mean wall time of a one-card PDF (one guest, one get-pdf form): the least amortised case. */
  msPerCard: number;
  /** Cards per second over a get-pdf call at its limit: 50 forms of 3 guests, one PDF per form. */
  cardsPerSecond50Forms: number;
  /** Size of a one-card PDF (fonts subset and embedded once per PDF, so more cards share them). */
  bytesPerCard: number;
}

const KEY = 'bench-only-not-a-secret-0123456789abcdef';

function card(formId: number, position: number): KurkarteData {
  return {
    gemeinde: 'Ostseebad Kühlungsborn',
    kartennummer: `2026-${String(formId).padStart(6, '0')}-${position}`,
    gastName: ['Anna-Lena Müller', 'Żółć Łukasz', 'Γιώργος Παπαδόπουλος', 'Иван Петров'][
      (formId + position) % 4
    ] as string,
    anzahl: 1,
    tarif: 'Erwachsene (Hauptsaison)',
    arrivalDate: '2026-07-14',
    departureDate: '2026-07-17',
    objekt: {
      alias: 'Ferienwohnung Dünenblick',
      strasse: 'Strandstraße 12',
      plz: '18225',
      ort: 'Kühlungsborn',
    },
    beherberger: 'Pension Seeblick GmbH',
    qrPayload: cardUrl(
      'https://meldeportal.example.de',
      signCardId({ formId, personId: formId * 10 + position }, KEY),
    ),
  };
}

export async function benchKurkarte(): Promise<KurkarteBench> {
  // Warm-up: JIT, font file read, fontkit's lazily parsed tables.
  for (let i = 0; i < 30; i++) await renderKurkarten([card(i + 1, 1)]);

  const single = 300;
  let bytes = 0;
  let start = performance.now();
  for (let i = 0; i < single; i++) bytes += (await renderKurkarten([card(1000 + i, 1)])).byteLength;
  const msPerCard = (performance.now() - start) / single;

  const forms = 50;
  const guests = 3;
  const rounds = 5;
  start = performance.now();
  for (let r = 0; r < rounds; r++) {
    for (let f = 0; f < forms; f++) {
      const formId = 5000 + r * forms + f;
      await renderKurkarten(Array.from({ length: guests }, (_, g) => card(formId, g + 1)));
    }
  }
  const seconds = (performance.now() - start) / 1000;
  const cardsPerSecond50Forms = (rounds * forms * guests) / seconds;

  return { msPerCard, cardsPerSecond50Forms, bytesPerCard: Math.round(bytes / single) };
}

if (/bench[\\/]kurkarte\.ts$/.test(process.argv[1] ?? '')) {
  benchKurkarte().then(
    (r) => {
      console.info(`Kurkarte: ${r.msPerCard.toFixed(2)} ms per one-card PDF`);
      console.info(
        `Kurkarte: ${Math.round(r.cardsPerSecond50Forms)} cards/s (50 forms x 3 guests)`,
      );
      console.info(`Kurkarte: ${r.bytesPerCard} bytes per one-card PDF`);
    },
    (err: unknown) => {
      console.error(err);
      process.exitCode = 1;
    },
  );
}
