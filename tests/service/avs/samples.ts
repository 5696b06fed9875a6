// Every kind of request and answer of the AVS face, made against a seeded database: the
// conformance tests validate each with xmllint against our XSDs and, when AVS_SCHEMA_DIR is set,
// against AVS's published ones.
import type { TestDb } from '../../helpers/db';
import { avsClient, ident } from '../../helpers/avs';
import { avsForm } from './forms';

export interface Sample {
  name: string;
  envelope: string;
}

let runs = 0;

export async function collectSamples(t: TestDb): Promise<Sample[]> {
  const avs = avsClient(t);
  const out: Sample[] = [];
  const keep = (name: string, res: { request: string; text: string }) => {
    out.push({ name: `${name} (request)`, envelope: res.request });
    out.push({ name: `${name} (answer)`, envelope: res.text });
  };
  for (const list of ['ANREDE', 'LAND', 'KAT', 'ORT', 'FIRMA', 'OBJEKT', 'FELD', 'NICHTS']) {
    keep(
      `getKonfigurationsListe CONFIG-L-${list}`,
      await avs.call('getKonfigurationsListe', { identifikation: ident(`CONFIG-L-${list}`) }),
    );
  }
  keep(
    'getKonfigurationsListe, another municipality (11900)',
    await avs.call('getKonfigurationsListe', {
      identifikation: ident('CONFIG-L-KAT', 'demo', String(t.demo.gemeinden.hohenwald.id)),
    }),
  );
  keep(
    'getKonfigurationsListe, another interface name (11900)',
    await avs.call('getKonfigurationsListe', { identifikation: ident('CONFIG-L-KAT', 'demo2') }),
  );
  // Booking, correction, reading, listing, printing and cancelling, and their refusals.
  // Booking numbers of their own per run: a file may collect the samples more than once.
  const run = ++runs;
  const form = avsForm(t, `SAMPLE-${run}-1`);
  const booked = await avs.call('bucheMeldeschein', {
    identifikation: ident('BUCHEN'),
    meldeschein: form,
  });
  keep('bucheMeldeschein, a new form', booked);
  if (booked.answer.kind !== 'answer') throw new Error(booked.text);
  const ms = booked.answer.value.meldeschein!;
  const nummer = ms.meldescheinnummer!;
  keep(
    'bucheMeldeschein, a group form',
    await avs.call('bucheMeldeschein', {
      identifikation: ident('BUCHEN'),
      meldeschein: {
        ...form,
        buchungsnummer: `SAMPLE-${run}-2`,
        begleitperson: undefined,
        begleitgruppe: [{ kategorieid: form.kategorieid!, anzahl: 3 }],
        zusatzfelder: { firmenname: 'AVS GmbH', 'freie-tage': 2 },
        'ue-e-gelt': 13050,
        manueller_betrag: 1000,
      },
    }),
  );
  keep(
    'bucheMeldeschein, the same booking number again (10104)',
    await avs.call('bucheMeldeschein', { identifikation: ident('BUCHEN'), meldeschein: form }),
  );
  keep(
    'bucheMeldeschein, a correction',
    await avs.call('bucheMeldeschein', {
      identifikation: ident('BUCHEN'),
      meldeschein: { ...ms, vorname: 'Piet' },
    }),
  );
  keep(
    'holeMeldeschein by meldescheinnummer',
    await avs.call('holeMeldeschein', {
      identifikation: ident('MS-HOLEN'),
      anfragedaten: { meldescheinnummer: nummer },
    }),
  );
  keep(
    'holeMeldeschein by booking number and object',
    await avs.call('holeMeldeschein', {
      identifikation: ident('MS-HOLEN'),
      anfragedaten: { buchungsnummer: `SAMPLE-${run}-2`, objektid: form.objektid },
    }),
  );
  keep(
    'holeMeldeschein, none (10106)',
    await avs.call('holeMeldeschein', {
      identifikation: ident('MS-HOLEN'),
      anfragedaten: { meldescheinnummer: '2000000001' },
    }),
  );
  keep(
    'holeMeldescheine by municipality',
    await avs.call('holeMeldescheine', {
      identifikation: ident('MS-HOLEN'),
      anfragedaten: { 'ort-id': t.demo.gemeinden.seeblick.id },
    }),
  );
  keep(
    'druckeMeldescheine',
    await avs.call('druckeMeldescheine', {
      identifikation: ident('MS-DRUCKEN'),
      meldeschein: [{ meldescheinnummer: nummer }],
    }),
  );
  keep(
    'bucheMeldeschein, a cancellation',
    await avs.call('bucheMeldeschein', {
      identifikation: ident('BUCHEN'),
      meldeschein: { ...ms, abrechnungstatusid: 4 },
    }),
  );
  keep(
    'druckeMeldescheine, cancelled (10110)',
    await avs.call('druckeMeldescheine', {
      identifikation: ident('MS-DRUCKEN'),
      meldeschein: [{ meldescheinnummer: nummer }],
    }),
  );
  const wrongPassword = await avsClient(t, 'demo', 'wrong').raw(out[0]!.envelope);
  out.push({ name: 'wrong password (fault)', envelope: wrongPassword.text });
  const broken = await avs.raw('<soap:Envelope');
  out.push({ name: 'malformed XML (fault)', envelope: broken.text });
  return out;
}
