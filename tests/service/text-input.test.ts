// Text the database cannot store or a person cannot see (issue 8): NUL and other control
// characters anywhere in a request are 400, never 500, and nothing of the request reaches the logs;
// a value of only invisible characters does not fill a required field.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { isBlankText } from '@/lib/wire/text';
import { useTestDb } from '../helpers/db';
import { formsClient, paths, person, type FormsClient } from './meldeschein-fixtures';

const t = useTestDb();
let c: FormsClient;

beforeAll(async () => {
  c = await formsClient(t);
});

/** Everything written to the console during a test, to prove no credential is in it. */
function consoleOutput(): () => string {
  const spies = (['error', 'warn', 'info', 'log'] as const).map((m) => vi.spyOn(console, m));
  return () => spies.flatMap((s) => s.mock.calls.flat().map((a) => String(a))).join('\n');
}
afterEach(() => vi.restoreAllMocks());

const CONTROLS = ['\u0000', '\u0001', '\u001b', '\u007f'];
const SECRET = 'Geheim-Passwort-4711';

describe('control characters in the user name of token/', () => {
  it.each(CONTROLS)('%j in JSON is 400 and logs nothing', async (ch) => {
    const logged = consoleOutput();
    const res = await c.api.post('token/', { username: `de${ch}mo`, password: SECRET });
    expect(res.status).toBe(400);
    expect(paths(res)).toContain('username');
    expect(logged()).not.toContain(SECRET);
  });

  it('NUL in form data is 400', async () => {
    const logged = consoleOutput();
    const res = await c.api.post('token/', undefined, {
      contentType: 'application/x-www-form-urlencoded',
      raw: `username=de%00mo&password=${SECRET}`,
    });
    expect(res.status).toBe(400);
    expect(logged()).not.toContain(SECRET);
  });

  it('a control character in XML is 400', async () => {
    const res = await c.api.post('token/', undefined, {
      contentType: 'application/xml',
      raw: `<root><username>de\u0001mo</username><password>${SECRET}</password></root>`,
    });
    expect(res.status).toBe(400);
  });

  it('NUL in the password is refused without a database error', async () => {
    const res = await c.api.post('token/', { username: 'demo', password: `de\u0000mo` });
    expect(res.status).toBeLessThan(500);
  });
});

describe('control characters in the text of the form calls', () => {
  it.each(CONTROLS)('%j in a guest name on buchen/ is 400 naming the field', async (ch) => {
    const res = await c.book([person({ Gast_Name: `Muster${ch}mann` })]);
    expect(res.status).toBe(400);
    expect(paths(res)).toContain('meldescheine[0].personen[0].Gast_Name');
  });

  it('NUL in input_id and in meta.requestId is 400', async () => {
    const a = await c.book([person()], { input_id: undefined }, { requestId: 'r\u0000' });
    expect(a.status).toBe(400);
    const res = await c.post('buchen/', {
      meta: c.meta,
      meldescheine: [{ input_id: 'x\u0000', personen: [person()] }],
    });
    expect(res.status).toBe(400);
  });

  it('NUL in a field on aktualisieren/ is 400; names the update ignores (spec 4.3) never 500', async () => {
    const form = await c.bookOk([person()]);
    const guest = form.personen[0]!.id;
    const known = await c.update({
      id: form.id,
      personen: [{ id: guest, Gast_Vorname: 'A\u0000' }],
    });
    expect(known.status).toBe(400);
    for (const change of [{ 'Gast\u0000': 'x' }, { x: 'a\u0000' }]) {
      const res = await c.update({ id: form.id, personen: [{ id: guest, ...change }] });
      expect(res.status, JSON.stringify(change)).toBeLessThan(500);
    }
  });

  it('NUL in XML on buchen/ is 400', async () => {
    const res = await c.post('buchen/', undefined, {
      contentType: 'application/xml',
      raw:
        `<root><meta><gemeinde>${c.meta.gemeinde}</gemeinde><objekt>${c.meta.objekt}</objekt></meta>` +
        '<meldescheine><list-item><personen><list-item><tarif_id>1</tarif_id>' +
        '<gast_type>person</gast_type><Gast_Name>A\u0000B</Gast_Name></list-item></personen>' +
        '</list-item></meldescheine></root>',
    });
    expect(res.status).toBe(400);
  });
});

describe('invisible-only values', () => {
  const INVISIBLE = [
    '\u200b',
    ' \u200b\u00a0',
    '\u200d\u200c',
    '\ufeff',
    '\u2060',
    '\u3164',
    '\u2800',
    '\u00ad\u034f',
  ];

  it.each(INVISIBLE)('%j does not fill the required guest name', async (value) => {
    const res = await c.book([person({ Gast_Name: value })]);
    expect(res.status).toBe(400);
    expect(paths(res)).toContain('meldescheine[0].personen[0].Gast_Name');
  });

  it('does not clear a required field on update either', async () => {
    const form = await c.bookOk([person()]);
    const res = await c.update({
      id: form.id,
      personen: [{ id: form.personen[0]!.id, Gast_Name: '\u200b' }],
    });
    expect(res.status).toBe(400);
  });

  it('visible text with invisible characters in it is kept', async () => {
    const form = await c.bookOk([person({ Gast_Name: 'Müller\u200d-Lüdenscheidt' })]);
    expect(form.personen[0]!.Gast_Name).toBe('Müller\u200d-Lüdenscheidt');
  });

  it('one rule for the service and the portal form', () => {
    for (const value of INVISIBLE) expect(isBlankText(value)).toBe(true);
    for (const value of ['a', 'Ø', '李', '\u200ba']) expect(isBlankText(value)).toBe(false);
  });
});
