// No input, however malformed, gets a 5xx (DECISIONS 2.3, issue 8): one seeded property over every
// endpoint of the service, in JSON and XML: arbitrary bodies, valid bodies with one part replaced
// or removed, and raw text, answered in either format. Every answer must be well-formed in its
// format and every failure in the error shape. A 500 would also log console.error, which fails
// the test by itself. FUZZ_BODIES sets the number of bodies (5,000 here; the bench runs more),
// FUZZ_SEED reproduces a run.
import fc from 'fast-check';
import { XMLValidator } from 'fast-xml-parser';
import { beforeAll, expect, it } from 'vitest';
import { ErrorBody } from '@/lib/wire/errors';
import { useTestDb } from '../helpers/db';
import { anyJson, FUZZ_SEED, mutated, rawText, toXml } from './fuzz-support';
import { formsClient, group, person, type FormsClient } from './meldeschein-fixtures';

const t = useTestDb();
let c: FormsClient;
const BODIES = Number(process.env.FUZZ_BODIES ?? 5000);

interface Endpoint {
  path: string;
  method: 'GET' | 'POST';
  base: () => unknown;
  /** Relative weight: endpoints that hash passwords or draw cards are slower. */
  weight: number;
}
const endpoints: Endpoint[] = [];

beforeAll(async () => {
  c = await formsClient(t);
  const form = await c.bookOk([person(), person({ Gast_Vorname: 'Max' }), group(3)]);
  const card = await c.bookOk([person()]);
  const meta = () => ({ ...c.meta });
  const forms = (path: string, base: () => unknown, weight = 20) =>
    endpoints.push({ path: `import/meldeschein/${path}`, method: 'POST', base, weight });
  forms('buchen/', () => ({
    meta: meta(),
    params: { append_pdf: false },
    meldescheine: [{ ms_type: 'ems', input_id: 'fuzz', personen: [person(), group(2)] }],
  }));
  forms('aktualisieren/', () => ({
    meta: meta(),
    meldescheine: [
      {
        id: form.id,
        personen: [
          { id: form.personen[0]!.id, Gast_Vorname: 'Neu' },
          { id: form.personen[2]!.id, anzahl: 4 },
          person({ Gast_Vorname: 'Dazu' }),
        ],
      },
    ],
  }));
  forms('get/', () => ({ meta: meta(), meldescheine: [form.id, card.id] }));
  forms('stornieren/', () => ({
    meta: { ...meta(), idempotent: true, requestId: 'fuzz' },
    meldescheine: [99_999],
  }));
  forms('get-pdf/', () => ({ meta: meta(), meldescheine: [card.id] }), 4);
  endpoints.push(
    {
      path: 'token/',
      method: 'POST',
      base: () => ({ username: 'demo', password: 'x' }),
      weight: 2,
    },
    { path: 'token/refresh/', method: 'POST', base: () => ({}), weight: 4 },
    { path: 'users/get_current_user/', method: 'GET', base: () => ({}), weight: 1 },
    { path: 'health/', method: 'GET', base: () => ({}), weight: 1 },
    { path: 'schema/meldeschein-buchen/', method: 'GET', base: () => ({}), weight: 1 },
  );
});

type Kind = 'any' | 'mutated' | 'raw';

async function expectWellFormedAnswer(
  e: Endpoint,
  kind: Kind,
  body: unknown,
  xmlBody: boolean,
  xmlReply: boolean,
  query: string,
) {
  const raw =
    kind === 'raw'
      ? String(body)
      : xmlBody
        ? `<root>${toXml(body)}</root>`
        : (JSON.stringify(body) ?? 'null');
  const res = await c.api.call(e.method, e.path, undefined, {
    token: c.token,
    raw: e.method === 'POST' ? raw : undefined,
    contentType: xmlBody ? 'application/xml' : 'application/json',
    query: { ...(xmlReply ? { format: 'xml' } : {}), ...(query ? { q: query } : {}) },
  });
  const context = `${e.method} ${e.path} ${raw.slice(0, 300)} -> ${res.status} ${res.text.slice(0, 300)}`;
  expect(res.status, context).toBeLessThan(500);
  if (res.headers.get('content-type')?.startsWith('application/xml')) {
    expect(XMLValidator.validate(res.text), context).toBe(true);
  } else if (res.status >= 400) {
    expect(ErrorBody.safeParse(res.json).success, context).toBe(true);
  }
}

it(`no endpoint answers 5xx to ${BODIES} fuzzed bodies (seed ${FUZZ_SEED})`, async () => {
  const endpoint = fc.oneof(
    ...endpoints.map((e) => ({ arbitrary: fc.constant(e), weight: e.weight })),
  );
  const sample = endpoint.chain((e) =>
    fc
      .record({
        e: fc.constant(e),
        kind: fc.constantFrom<Kind>('any', 'mutated', 'mutated', 'raw'),
        xmlBody: fc.boolean(),
        xmlReply: fc.boolean(),
        query: fc.oneof(fc.constant(''), fc.string({ maxLength: 8 })),
      })
      .chain((s) =>
        (s.kind === 'raw' ? rawText : s.kind === 'any' ? anyJson : mutated(e.base)).map((body) => ({
          ...s,
          body,
        })),
      ),
  );
  await fc.assert(
    fc.asyncProperty(sample, (s) =>
      expectWellFormedAnswer(s.e, s.kind, s.body, s.xmlBody, s.xmlReply, s.query),
    ),
    { numRuns: BODIES, seed: FUZZ_SEED, endOnFailure: true },
  );
}, 600_000);
