// Arbitraries and helpers of the fuzz tests: any JSON value with the nasty leaves that broke
// services before (NUL, lone surrogates, huge numbers, invisible text), one part of a valid body
// replaced, and a JSON value written as the service's XML.
import fc from 'fast-check';

/** Runs are seeded so a failure is reproducible: FUZZ_SEED=<seed> reruns it. */
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20_260_808);

const nasty = fc.constantFrom(
  '\u0000',
  'a\u0000b',
  '\u0007',
  '\u001b[31m',
  '\ud800',
  'x\udfff',
  '𝄞😀',
  '\u200b',
  '\u202e',
  '',
  ' ',
  '<root/>',
  '&amp;',
  ']]>',
  '1e309',
  '-0',
  'null',
  'true',
  '2026-02-30',
  '9999-12-31',
  '0000-01-01',
  'constructor',
  '__proto__',
  'x'.repeat(1200),
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
const keys = fc.oneof(
  fc.string(),
  fc.constantFrom(
    'id',
    'meta',
    'meldescheine',
    'personen',
    'tarif_id',
    'anzahl',
    'arrival_date',
    'Gast_Land',
    'Gast_Name',
    'delete',
    'username',
    'password',
    'requestId',
    'idempotent',
    'params',
    'append_pdf',
    '__proto__',
    'constructor',
    'Gast\u0000',
  ),
);

export const anyJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, leaf, tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 4 }),
  object: fc.dictionary(keys, tie('value'), { maxKeys: 4 }),
})).value;

/** Every path of a JSON value, objects' keys and arrays' indexes. */
export function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const out = [prefix];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...pathsOf(v, [...prefix, i])));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) out.push(...pathsOf(v, [...prefix, k]));
  }
  return out;
}

/** `value` with the thing at `path` replaced (or removed, for `undefined`). */
export function replaced(value: unknown, path: (string | number)[], by: unknown): unknown {
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

/** A valid body with one of its parts replaced by anything, or removed. */
export function mutated(base: () => unknown): fc.Arbitrary<unknown> {
  return fc.tuple(fc.nat(), fc.oneof(anyJson, fc.constant(undefined))).map(([pick, by]) => {
    const body = base();
    const all = pathsOf(body).filter((p) => p.length > 0);
    return all.length ? replaced(body, all[pick % all.length]!, by) : body;
  });
}

/** A JSON value as the service's XML (`<list-item>` for array items). */
export function toXml(value: unknown): string {
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

/** Raw text that is almost a body: truncated documents, DOCTYPEs, huge numbers. */
export const rawText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom(
    '<root><meta>',
    '<!DOCTYPE x []><root/>',
    '<root><__proto__><x>1</x></__proto__></root>',
    '<root><constructor>1</constructor></root>',
    '{"meta":',
    '{"__proto__":{"x":1}}',
    '[]',
    'null',
    '<root><meldescheine><list-item>1e999</list-item></meldescheine></root>',
    '<root>\u0000</root>',
    '<root><username>a&#0;b</username></root>',
  ),
);
