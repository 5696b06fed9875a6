// No input, however malformed, gets a 500 (DECISIONS 2.3): property-based tests over every form
// endpoint, in JSON and XML: arbitrary bodies, valid bodies with one part replaced by anything,
// and raw text. A 500 would also log console.error, which fails the test by itself.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDb } from '../helpers/db';
import { formsClient, group, person, type FormsClient } from './meldeschein-fixtures';

const t = useTestDb();
let c: FormsClient;
const bases: Record<string, () => unknown> = {};
const ENDPOINTS = ['buchen/', 'aktualisieren/', 'get/', 'stornieren/'] as const;
const RUNS = Number(process.env.FUZZ_RUNS ?? 60);

beforeAll(async () => {
  c = await formsClient(t);
  const form = await c.bookOk([person(), person({ Gast_Vorname: 'Max' }), group(3)]);
  const meta = () => ({ ...c.meta });
  bases['buchen/'] = () => ({
    meta: meta(),
    meldescheine: [{ ms_type: 'ems', personen: [person(), group(2)] }],
  });
  bases['aktualisieren/'] = () => ({
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
  });
  bases['get/'] = () => ({ meta: meta(), meldescheine: [form.id] });
  bases['stornieren/'] = () => ({
    meta: { ...meta(), idempotent: true, requestId: 'fuzz' },
    meldescheine: [99_999],
  });
});

const nasty = fc.constantFrom(
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '𝄞😀',
  '',
  ' ',
  '<root/>',
  '1e309',
  '-0',
  'null',
  'true',
  '2026-02-30',
  '9999-12-31',
  '0000-01-01',
);
const numbers = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 2 ** 31 - 1, 2 ** 31, 2 ** 53, -(2 ** 53), 1e308, 0.5),
);
const leaf = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  nasty,
  numbers,
  fc.boolean(),
  fc.constant(null),
);
const anyJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, leaf, tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 4 }),
  object: fc.dictionary(
    fc.oneof(
      fc.string(),
      fc.constantFrom(
        'id',
        'meta',
        'personen',
        'tarif_id',
        'anzahl',
        'arrival_date',
        'Gast_Land',
        'delete',
      ),
    ),
    tie('value'),
    { maxKeys: 4 },
  ),
})).value;

/** Every path of a JSON value, objects' keys and arrays' indexes. */
function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const out = [prefix];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...pathsOf(v, [...prefix, i])));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) out.push(...pathsOf(v, [...prefix, k]));
  }
  return out;
}

/** `value` with the thing at `path` replaced (or removed, for `undefined`). */
function replaced(value: unknown, path: (string | number)[], by: unknown): unknown {
  if (!path.length) return by;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  if (rest.length === 0 && by === undefined) delete copy[head!];
  else copy[head!] = replaced(copy[head!], rest, by);
  return copy;
}

function toXml(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map((v) => `<list-item>${toXml(v)}</list-item>`).join('');
  if (typeof value === 'object') {
    return Object.entries(value)
      .map(([k, v]) => {
        const tag = /^[A-Za-z_][\w.-]*$/.test(k) ? k : 'x';
        return `<${tag}>${toXml(v)}</${tag}>`;
      })
      .join('');
  }
  return String(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

async function expectNo500(path: string, body: unknown, xml: boolean) {
  const res = xml
    ? await c.post(path, undefined, {
        raw: `<root>${toXml(body)}</root>`,
        contentType: 'application/xml',
      })
    : await c.post(path, undefined, { raw: JSON.stringify(body) ?? 'null' });
  expect(res.status, `${path} ${res.text}`).toBeLessThan(500);
}

describe.each(ENDPOINTS)('%s never answers 500', (path) => {
  it('for arbitrary JSON bodies', async () => {
    await fc.assert(
      fc.asyncProperty(anyJson, fc.boolean(), (body, xml) => expectNo500(path, body, xml)),
      { numRuns: RUNS },
    );
  });

  it('for a valid body with one part replaced or removed', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat(),
        fc.oneof(anyJson, fc.constant(undefined)),
        fc.boolean(),
        async (pick, by, xml) => {
          const base = bases[path]!();
          const all = pathsOf(base).filter((p) => p.length > 0);
          await expectNo500(path, replaced(base, all[pick % all.length]!, by), xml);
        },
      ),
      { numRuns: RUNS * 2 },
    );
  });

  it('for raw text in either content type', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string(),
          fc.string({ unit: 'binary' }),
          fc.constantFrom(
            '<root><meta>',
            '<!DOCTYPE x []><root/>',
            '{"meta":',
            '[]',
            '<root><meldescheine><list-item>1e999</list-item></meldescheine></root>',
          ),
        ),
        fc.constantFrom('application/json', 'application/xml'),
        async (raw, contentType) => {
          const res = await c.post(path, undefined, { raw, contentType });
          expect(res.status).toBeLessThan(500);
        },
      ),
      { numRuns: RUNS },
    );
  });
});
