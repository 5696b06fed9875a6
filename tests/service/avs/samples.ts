// Every kind of request and answer of the AVS face, made against a seeded database: the
// conformance tests validate each with xmllint against our XSDs and, when AVS_SCHEMA_DIR is set,
// against AVS's published ones.
import type { TestDb } from '../../helpers/db';
import { avsClient, ident } from '../../helpers/avs';

export interface Sample {
  name: string;
  envelope: string;
}

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
  const wrongPassword = await avsClient(t, 'demo', 'wrong').raw(out[0]!.envelope);
  out.push({ name: 'wrong password (fault)', envelope: wrongPassword.text });
  const broken = await avs.raw('<soap:Envelope');
  out.push({ name: 'malformed XML (fault)', envelope: broken.text });
  return out;
}
