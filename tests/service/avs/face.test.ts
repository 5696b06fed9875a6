// The AVS face's front: the interface documents, HTTP Basic sign-in, the identification block,
// the configuration lists and every kind of bad input, each answered in the protocol's shape and
// valid against our XSDs.
import { describe, expect, it } from 'vitest';
import { createObjekt } from '@/lib/service/provisioning';
import { readFault, type Konfigdatensatz } from '@/lib/wire/avs';
import { avsClient, ident, schemaErrors } from '../../helpers/avs';
import { useTestDb } from '../../helpers/db';

const t = useTestDb();
const avs = () => avsClient(t);

const ENVELOPE = (payload: string, ns = 'http://schemas.xmlsoap.org/soap/envelope/') =>
  `<?xml version="1.0"?><soap:Envelope xmlns:soap="${ns}" xmlns:ns="http://www.avs.meldeschein.de/ns/"><soap:Body>${payload}</soap:Body></soap:Envelope>`;
const CONFIG = (verarbeitung = 'CONFIG-L-ANREDE', extra = '') =>
  ENVELOPE(
    `<ns:configuration-lists><identifikation><erzeugung>2026-08-17</erzeugung><schnittstelle>demo</schnittstelle><kurverwaltung>0</kurverwaltung><verarbeitung>${verarbeitung}</verarbeitung></identifikation>${extra}</ns:configuration-lists>`,
  );

async function list(verarbeitung: string, kurverwaltung = '0', schnittstelle = 'demo') {
  const res = await avs().call('getKonfigurationsListe', {
    identifikation: ident(verarbeitung, schnittstelle, kurverwaltung),
  });
  expect(res.status).toBe(200);
  expect(schemaErrors(res.text)).toBeNull();
  if (res.answer.kind !== 'answer') throw new Error(res.text);
  return {
    codes: res.answer.value.fehlermeldungen?.fehler?.map((f) => f.code),
    entries: res.answer.value.konfigliste?.konfigdatensatz ?? ([] as Konfigdatensatz[]),
  };
}

function expectFault(res: { status: number; text: string }, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(schemaErrors(res.text)).toBeNull();
  expect(readFault(res.text)?.faultcode).toBe(`S:${code}`);
}

describe('interface documents', () => {
  it('serves the WSDL at ?wsdl with this installation\u2019s address, and the XSDs it names', async () => {
    const wsdl = await avs().get('/avs/JMeldescheinWebservices?wsdl');
    expect(wsdl.status).toBe(200);
    expect(wsdl.headers.get('content-type')).toBe('text/xml; charset=utf-8');
    expect(wsdl.text).toContain('location="http://localhost:3000/avs/JMeldescheinWebservices"');
    for (const name of wsdl.text.matchAll(/schemaLocation="([^"]+)"/g)) {
      const xsd = await avs().get(`/avs/${name[1]}`);
      expect(xsd.status).toBe(200);
      expect(xsd.text).toContain('targetNamespace="http://www.avs.meldeschein.de/ns/"');
    }
    expect((await avs().get('/avs/meldeschein_datentypen.xsd')).status).toBe(404);
    expect((await avs().get('/avs/JMeldescheinWebservices')).status).toBe(404);
  });

  it('has XSDs that refuse what the interface does not allow (the checks can fail)', () => {
    const wrong = `<S:Envelope xmlns:S="http://schemas.xmlsoap.org/soap/envelope/"><S:Body><ms:configuration-lists xmlns:ms="http://www.avs.meldeschein.de/ns/"><unbekannt/></ms:configuration-lists></S:Body></S:Envelope>`;
    expect(schemaErrors(wrong)).toMatch(/unbekannt/);
  });
});

describe('configuration lists', () => {
  it('lists salutations, countries (Germany 1, then by German name) and the account\u2019s categories', async () => {
    expect((await list('CONFIG-L-ANREDE')).entries.map((e) => e.text1)).toEqual([
      'Herr',
      'Frau',
      'Divers',
    ]);
    const countries = (await list('CONFIG-L-LAND')).entries;
    expect(countries[0]).toMatchObject({ id: 1, text1: 'Deutschland', text3: 'DE' });
    expect(countries.find((c) => c.text3 === 'NL')).toMatchObject({
      id: 1412,
      text1: 'Niederlande',
    });
    const kat = await list('CONFIG-L-KAT');
    expect(kat.codes).toEqual(['10001']);
    expect(kat.entries.map((e) => e.text2)).toEqual(['ERW', 'KIND', 'KLEIN', 'SB']);
  });

  it('lists the account\u2019s municipalities, landlords, objects and guest fields (extensions)', async () => {
    const { moewe } = t.demo.beherberger;
    const { moeweA, moeweB } = t.demo.objekte;
    const seeblick = t.demo.gemeinden.seeblick.id;
    expect((await list('CONFIG-L-ORT')).entries).toEqual([
      { id: seeblick, text1: 'Ostseebad Seeblick' },
    ]);
    expect((await list('CONFIG-L-FIRMA')).entries.map((e) => e.id)).toEqual([moewe]);
    const zones = (await list('CONFIG-L-ZONE')).entries;
    expect(zones.map((z) => [z.text1, z.text2])).toEqual([
      ['Zone I', String(seeblick)],
      ['Zone II', String(seeblick)],
    ]);
    const [zone1, zone2] = zones.map((z) => z.id);
    expect((await list('CONFIG-L-OBJEKT')).entries).toEqual([
      { id: moeweA, text1: 'Möwennest', text2: String(moewe), text3: `${seeblick};${zone1};4` },
      { id: moeweB, text1: 'Dünenhaus', text2: String(moewe), text3: `${seeblick};${zone2};6` },
    ]);
    expect((await list('CONFIG-L-ADRESSE')).entries).toEqual([
      { id: moeweA, text1: 'Strandweg 3', text2: '18999', text3: 'Seeblick' },
      { id: moeweB, text1: 'Am Deich 12', text2: '18999', text3: 'Dünenhagen' },
    ]);
    const felder = (await list('CONFIG-L-FELD', String(seeblick))).entries;
    expect(felder.find((f) => f.text1 === 'Gast_Name')?.text3).toBe('text;required;60');
    expect(felder.find((f) => f.text1 === 'Gast_Ausweisnummer')?.text3).toBe('text;foreign;20');
  });

  it('lists a change of the account at its next call (the configuration is kept per version)', async () => {
    const before = (await list('CONFIG-L-OBJEKT')).entries.map((e) => e.text1);
    const zone = (await list('CONFIG-L-ZONE')).entries[0]!.id;
    await createObjekt(t.db, {
      beherberger: t.demo.beherberger.moewe,
      tarifzone: zone,
      alias: 'Strandkorb',
      anzahl_betten: 2,
    });
    expect((await list('CONFIG-L-OBJEKT')).entries.map((e) => e.text1)).toEqual([
      ...before,
      'Strandkorb',
    ]);
  });

  it('refuses an unknown list (11501), another municipality or interface name (11900), none (11500)', async () => {
    expect((await list('CONFIG-L-NICHTS')).codes).toEqual(['11501']);
    const hohenwald = String(t.demo.gemeinden.hohenwald.id);
    expect((await list('CONFIG-L-KAT', hohenwald)).codes).toEqual(['11900']);
    expect((await list('CONFIG-L-KAT', 'x1')).codes).toEqual(['11900']);
    expect((await list('CONFIG-L-KAT', '0', 'demo2')).codes).toEqual(['11900']);
    expect((await list('CONFIG-L-KAT', '0', ' ')).codes).toEqual(['11500']);
    expect((await list('BUCHEN')).codes).toEqual(['11501']);
    // The interface name is the account's user name, in any case (AVS's clients write it upper-case).
    expect((await list('CONFIG-L-ANREDE', '0', 'DEMO')).codes).toEqual(['10001']);
  });
});

describe('a request text read before (the portal asks the salutations on every page)', () => {
  it('answers it as the first time, checking its block against whoever signs in', async () => {
    const first = await avs().raw(CONFIG());
    expect(first.status).toBe(200);
    expect(schemaErrors(first.text)).toBeNull();
    const again = await avs().raw(CONFIG());
    expect(again.text).toBe(first.text);
    // The same text from another account names someone else in its block: refused, as the first.
    const other = await avsClient(t, 'demo2', 'demo2').raw(CONFIG());
    expect(other.status).toBe(200);
    expect(other.text).toContain('<code>11900</code>');
    expect(other.text).not.toContain('Herr');
    // Wrong credentials with that text: 401, as ever.
    expectFault(await avs().raw(CONFIG(), { auth: 'demo:wrong' }), 401, 'Client');
    // A list of the account is read at every call, never answered from an earlier text.
    const objekte = CONFIG('CONFIG-L-OBJEKT');
    expect((await avs().raw(objekte)).text).not.toContain('Dünenblick');
    await createObjekt(t.db, {
      beherberger: t.demo.beherberger.moewe,
      tarifzone: (await list('CONFIG-L-ZONE')).entries[0]!.id,
      alias: 'Dünenblick',
      anzahl_betten: 2,
    });
    expect((await avs().raw(objekte)).text).toContain('Dünenblick');
  });
});

describe('sign-in', () => {
  it('answers 401 with a Basic challenge without or with wrong credentials', async () => {
    for (const auth of [null, 'demo:wrong', 'nobody:demo', 'no-colon']) {
      const res = await avs().raw(CONFIG(), { auth });
      expectFault(res, 401, 'Client');
      expect(res.headers.get('www-authenticate')).toMatch(/^Basic realm=/);
    }
  });

  it('signs in with the e-mail address too', async () => {
    const res = await avsClient(t, 'anna@fewo-moewe.example', 'demo').raw(CONFIG());
    expect(res.status).toBe(200);
  });
});

describe('bad input, each in the protocol\u2019s shape', () => {
  it('refuses XML that is not well-formed, and a DOCTYPE without resolving it', async () => {
    expectFault(await avs().raw('<soap:Envelope><soap:Body>'), 400, 'Client');
    const xxe = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>${CONFIG('&e;')}`;
    const res = await avs().raw(xxe);
    expectFault(res, 400, 'Client');
    expect(res.text).not.toContain('root:');
    const lol = `<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>${CONFIG('&c;')}`;
    expectFault(await avs().raw(lol), 400, 'Client');
  });

  it('refuses another envelope, namespace, operation or SOAPAction', async () => {
    expectFault(
      await avs().raw(CONFIG().replace(/xmlns:soap="[^"]+"/, 'xmlns:soap="urn:x"')),
      400,
      'Client',
    );
    expectFault(
      await avs().raw(ENVELOPE('<x/>', 'http://www.w3.org/2003/05/soap-envelope')),
      400,
      'VersionMismatch',
    );
    expectFault(await avs().raw(ENVELOPE('<configuration-lists/>')), 400, 'Client');
    expectFault(await avs().raw(ENVELOPE('<ns:loescheMeldeschein/>')), 400, 'Client');
    expectFault(
      await avs().raw(CONFIG(), { soapAction: '"urn:oracle:bucheMeldeschein"' }),
      400,
      'Client',
    );
    expectFault(await avs().raw(CONFIG(), { soapAction: 'urn:oracle:nichts' }), 400, 'Client');
    expect(
      (await avs().raw(CONFIG(), { soapAction: '"urn:oracle:getKonfigurationsListe"' })).status,
    ).toBe(200);
    expect((await avs().raw(CONFIG(), { soapAction: '""' })).status).toBe(200);
    const header = CONFIG().replace(
      '<soap:Body>',
      '<soap:Header><x:Sec xmlns:x="urn:x" soap:mustUnderstand="1"/></soap:Header><soap:Body>',
    );
    expectFault(await avs().raw(header), 400, 'MustUnderstand');
  });

  it('refuses a wrong Content-Type (415) and a body over 1 MiB (413)', async () => {
    expectFault(await avs().raw(CONFIG(), { contentType: 'application/json' }), 415, 'Client');
    expectFault(
      await avs().raw(CONFIG(), { contentType: 'text/xml; charset=iso-8859-1' }),
      415,
      'Client',
    );
    const big = CONFIG('CONFIG-L-ANREDE', `<!--${'x'.repeat(1024 * 1024)}-->`);
    expectFault(await avs().raw(big), 413, 'Client');
  });

  it('answers a payload of the wrong structure with 10003 in the operation\u2019s own element', async () => {
    const res = await avs().raw(CONFIG('CONFIG-L-ANREDE', '<unbekannt>1</unbekannt>'));
    expect(res.status).toBe(200);
    expect(schemaErrors(res.text)).toBeNull();
    expect(res.text).toContain('<code>10003</code>');
    const empty = await avs().raw(ENVELOPE('<ns:configuration-lists/>'));
    expect(schemaErrors(empty.text)).toBeNull();
    expect(empty.text).toContain('generic-response');
  });
});
