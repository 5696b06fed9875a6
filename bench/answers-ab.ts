// Old and new answers side by side (issue 19's booking work): BENCH_BASELINE (another checkout's
// root, e.g. the code before a change) and this checkout each serve their own fresh database of
// the same kind (seeded alike), and the same calls go to both in lockstep: bookings in JSON and
// XML (one and two forms, groups, a stay already over, with and without a request id, idempotent
// twice, with cards), refusals (schema, meta, token, headers, size, method, path), get/, list/,
// stornieren/, the configuration and its 304. Status, headers in order (without `Date`) and body
// must be equal byte for byte; masked are only the clock's digits (the two databases write
// `created` at slightly different instants), fresh request ids (UUIDs), a card PDF's bytes (it
// holds its time of making) and the ETag and Content-Length that follow from those.
// `BENCH_BASELINE=/path/to/old npx tsx bench/answers-ab.ts` (BENCH_TARGETS, BENCH_PORT).
import http from 'node:http';
import { env } from '../lib/env';
import { guest, HEADERS, login, metaOf } from './fixtures';
import { embeddedTarget, postgresTarget, startServer, type Target } from './servers';

interface Answer {
  status: number;
  headers: string[];
  body: Buffer;
}

function call(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const raw: string[] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          if (res.rawHeaders[i]!.toLowerCase() !== 'date') {
            raw.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`);
          }
        }
        resolve({ status: res.statusCode ?? 0, headers: raw, body: Buffer.concat(chunks) });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

// Times of the call (`2026-11-25T09:14:03`, with fractions and offsets) keep their length.
const TIME = /\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:\.\d+)?/g;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

// A card PDF holds its time of making; its bytes are compared by length class only.
const PDF = /("pdf":"|<pdf>)[A-Za-z0-9+/=]+/g;

function masked(a: Answer, maskIds: boolean): string {
  let text = a.body.toString('utf8').replace(TIME, (t) => t.replace(/\d/g, '0'));
  if (maskIds) text = text.replace(UUID, '<uuid>');
  text = text.replace(PDF, (_, open: string) => `${open}<pdf>`);
  // The ETag and Content-Length follow from the bytes above (times, the PDF): masked with them.
  const headers = a.headers.map((h) =>
    (/^etag: /i.test(h) && /\d{4}-\d{2}-\d{2}T/.test(text)) ||
    (/^content-length: /i.test(h) && text.includes('<pdf>'))
      ? h.replace(/: .*/, ': <masked>')
      : h,
  );
  return `${a.status}\n${headers.join('\n')}\n\n${text}`;
}

interface Case {
  name: string;
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

function cases(token: string, m: Awaited<ReturnType<typeof metaOf>>): Case[] {
  const auth = { ...HEADERS, authorization: `JWT ${token}` };
  const y = new Date().getFullYear();
  const erika = guest(m.erw, 'Erika');
  const max = guest(m.kind, 'Max');
  const group = { ...guest(m.erw, 'Reisegruppe'), gast_type: 'gruppe', anzahl: 4 };
  const past = {
    ...guest(m.erw, 'Vergangen'),
    arrival_date: `${y}-01-03`,
    departure_date: `${y}-01-05`,
  };
  const meta = (requestId?: string, extra: Record<string, unknown> = {}) => ({
    ...m.meta,
    ...(requestId ? { requestId } : {}),
    ...extra,
  });
  const book = (body: unknown, more: Partial<Case> = {}): Case => ({
    name: more.name ?? 'buchen',
    method: 'POST',
    path: more.path ?? '/api/import/meldeschein/buchen/',
    headers: more.headers ?? auth,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const one = (personen: unknown[]) => [{ ms_type: 'ems', personen }];
  const xmlGuest = (g: Record<string, unknown>) =>
    `<list-item>${Object.entries(g)
      .map(([k, v]) => `<${k}>${String(v)}</${k}>`)
      .join('')}</list-item>`;
  const xml = `<?xml version="1.0" encoding="UTF-8"?><root><meta><gemeinde>${m.meta.gemeinde}</gemeinde><objekt>${m.meta.objekt}</objekt><requestId>x-1</requestId></meta><meldescheine><list-item><input_id>x1</input_id><ms_type>ems</ms_type><personen>${[erika, max].map(xmlGuest).join('')}</personen></list-item></meldescheine></root>`;
  const list = (over: Record<string, unknown> = {}) => ({
    name: 'list',
    method: 'POST',
    path: '/api/import/meldeschein/list/',
    headers: auth,
    body: JSON.stringify({ meta: { gemeinde: m.meta.gemeinde, requestId: 'l-1' }, ...over }),
  });
  return [
    book({ meta: meta('r-1'), meldescheine: one([erika, max]) }, { name: 'buchen 2 guests' }),
    book({ meta: meta(), meldescheine: one([erika, max]) }, { name: 'no id' }),
    book(
      { meta: meta('r-2'), meldescheine: one([erika, max]) },
      { name: 'buchen ?format=xml', path: '/api/import/meldeschein/buchen/?format=xml' },
    ),
    book(xml, { name: 'buchen XML body', headers: { ...auth, 'content-type': 'application/xml' } }),
    book(
      {
        meta: meta('r-3'),
        meldescheine: [
          { ms_type: 'ems', input_id: 'a', personen: [erika, group] },
          { ms_type: 'ems', input_id: 'b', personen: [max, past] },
        ],
      },
      { name: 'two forms, a group, a past guest' },
    ),
    book({ meta: meta('r-4'), meldescheine: one([past]) }, { name: 'a stay already over' }),
    book(
      { meta: meta('idem-1', { idempotent: true }), meldescheine: one([erika]) },
      { name: 'idempotent' },
    ),
    book(
      { meta: meta('idem-1', { idempotent: true }), meldescheine: one([erika]) },
      { name: 'idempotent again' },
    ),
    book(
      { meta: meta('r-5'), params: { append_pdf: true }, meldescheine: one([erika, max]) },
      { name: 'append_pdf' },
    ),
    book(
      { meta: meta('r-6'), meldescheine: one([{ ...erika, Gast_Name: undefined }]) },
      { name: 'a missing field' },
    ),
    book(
      { meta: meta('r-7'), meldescheine: one([{ ...erika, departure_date: `${y}-07-10` }]) },
      { name: 'departure before arrival' },
    ),
    book(
      { meta: { ...m.meta, objekt: 999999 }, meldescheine: one([erika]) },
      { name: 'not yours' },
    ),
    book('{"meta":', { name: 'bad JSON' }),
    book({ meta: meta('r-8'), meldescheine: one([erika]) }, { name: 'no token', headers: HEADERS }),
    book(
      { meta: meta('r-9'), meldescheine: one([erika]) },
      { name: 'bad token', headers: { ...auth, authorization: 'JWT x.y.z' } },
    ),
    book(
      { meta: meta('r-10'), meldescheine: one([erika]) },
      { name: 'text/plain', headers: { ...auth, 'content-type': 'text/plain' } },
    ),
    book('x'.repeat(1024 * 1024 + 10), { name: 'too large' }),
    { name: 'GET buchen', path: '/api/import/meldeschein/buchen/', headers: auth },
    { name: 'no slash', path: '/api/import/meldeschein/buchen', headers: auth },
    list(),
    list({ params: { limit: 2 } }),
    {
      name: 'get',
      method: 'POST',
      path: '/api/import/meldeschein/get/',
      headers: auth,
      body: JSON.stringify({ meta: meta('g-1'), meldescheine: [1, 2, 3, 999999] }),
    },
    {
      name: 'get',
      method: 'POST',
      path: '/api/import/meldeschein/get/?format=xml',
      headers: auth,
      body: JSON.stringify({ meta: meta('g-2'), meldescheine: [1, 2] }),
    },
    {
      name: 'stornieren',
      method: 'POST',
      path: '/api/import/meldeschein/stornieren/',
      headers: auth,
      body: JSON.stringify({ meta: meta('s-1'), meldescheine: [2] }),
    },
    { name: 'configuration', path: '/api/users/get_current_user/', headers: auth },
    { name: 'configuration XML', path: '/api/users/get_current_user/?format=xml', headers: auth },
    { name: 'health', path: '/api/health/', headers: HEADERS },
    { name: 'unknown', path: '/api/nothing/', headers: HEADERS },
  ];
}

async function compareOn(target: [Target, Target], baseline: string, port: number) {
  const old = await startServer(target[0], port, false, {}, { root: baseline });
  const now = await startServer(target[1], port + 1);
  let differences = 0;
  let compared = 0;
  try {
    const token = await login(old.url);
    const tokenNew = await login(now.url);
    const m = await metaOf(old.url, token);
    const mNew = await metaOf(now.url, tokenNew);
    const a = cases(token, m);
    const b = cases(tokenNew, mNew);
    // The configuration's ETag: the 304 of each.
    for (let i = 0; i < a.length; i++) {
      const x = a[i]!;
      const y = b[i]!;
      const [ra, rb] = [
        await call(old.url, x.method ?? 'GET', x.path, x.headers ?? {}, x.body),
        await call(now.url, y.method ?? 'GET', y.path, y.headers ?? {}, y.body),
      ];
      // Tokens differ (their signature and time): bodies that echo nothing of them compare as is.
      const [ta, tb] = [masked(ra, true), masked(rb, true)];
      compared++;
      if (ta !== tb) {
        differences++;
        let at = 0;
        while (ta[at] === tb[at]) at++;
        const near = (t: string) => t.slice(Math.max(0, at - 300), at + 300);
        console.error(
          `  DIFFERENT: ${x.name} at ${at}\n--- old\n${near(ta)}\n--- new\n${near(tb)}`,
        );
      }
    }
    for (const [server, tok] of [
      [old, token],
      [now, tokenNew],
    ] as const) {
      const first = await call(server.url, 'GET', '/api/users/get_current_user/', {
        ...HEADERS,
        authorization: `JWT ${tok}`,
      });
      const etag = first.headers.find((h) => h.toLowerCase().startsWith('etag: '))?.slice(6);
      const again = await call(server.url, 'GET', '/api/users/get_current_user/', {
        ...HEADERS,
        authorization: `JWT ${tok}`,
        'if-none-match': etag ?? '',
      });
      if (again.status !== 304 || again.body.length) differences++;
    }
  } finally {
    await old.stop();
    await now.stop();
  }
  return { compared, differences };
}

async function main(): Promise<void> {
  const { BENCH_TARGETS, BENCH_BASELINE } = env();
  if (!BENCH_BASELINE) throw new Error('BENCH_BASELINE: the old checkout to compare with');
  const port = env().BENCH_PORT ?? 3900 + (process.pid % 50);
  let failed = 0;
  for (const name of BENCH_TARGETS) {
    const make = name === 'postgres' ? postgresTarget : embeddedTarget;
    const targets: [Target, Target] = [await make(), await make()];
    try {
      const r = await compareOn(targets, BENCH_BASELINE, port);
      console.info(`[${name}] ${r.compared} calls: ${r.differences} answers differ`);
      failed += r.differences;
    } finally {
      for (const t of targets) await t.dispose();
    }
  }
  if (failed) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
