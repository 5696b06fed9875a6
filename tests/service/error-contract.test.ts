// Every error the service gives (each code of ERROR_STATUS, the table in docs/api.md) reaches a
// client of the municipal service as `{status_code, detail}` (issue 9): status_code equal to the
// HTTP status and a non-empty detail, in JSON and in XML, beside `status`, `error` and `meta`.
// Each one is provoked for real through the service's own front door.

// Read once by lib/env.ts: one password check at a time and a queue of 8, so a small burst of
// sign-ins meets `service_busy` (the default bound is sized for production).
process.env.LOGIN_MAX_CONCURRENT = '1';

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { XMLParser } from 'fast-xml-parser';
import { createServiceHandler } from '@/lib/service';
import { MAX_BODY_BYTES } from '@/lib/service/pipeline';
import { createUser } from '@/lib/service/provisioning';
import { ERROR_STATUS, type ErrorCode } from '@/lib/wire/errors';
import { MAX_IDS_PER_CALL } from '@/lib/wire/meldeschein';
import { head, rawRequest, startServer, type TestServer } from '../helpers/http';
import { useTestDb } from '../helpers/db';
import { formsClient, person, type FormsClient } from './meldeschein-fixtures';

const t = useTestDb();
let c: FormsClient;
let viewer: string;
let server: TestServer;

beforeAll(async () => {
  c = await formsClient(t);
  await createUser(
    t.db,
    {
      username: 'viewer',
      beherberger: [t.demo.beherberger.moewe],
      permissions: ['meldeschein.view_meldeschein'],
    },
    'viewer',
  );
  viewer = await c.api.login('viewer');
  server = await startServer(t);
});
afterAll(() => server.close());

type Format = 'json' | 'xml';
interface Answer {
  status: number;
  /** The body as an object, parsed from JSON or from XML. */
  body: Record<string, unknown>;
}

const xml = new XMLParser({ parseTagValue: false });

function answer(status: number, text: string, format: Format): Answer {
  const body =
    format === 'json'
      ? (JSON.parse(text) as Record<string, unknown>)
      : (xml.parse(text) as { root: Record<string, unknown> }).root;
  return { status, body };
}

const post = async (path: string, body: unknown, format: Format, o = {}) => {
  const res = await c.api.post(path, body, { format, token: c.token, ...o });
  return answer(res.status, res.text, format);
};

let requestCounter = 0;
const fresh = () => `contract-${++requestCounter}`;

/** One way to meet each error code for real. */
const PROVOKE: Record<ErrorCode, (format: Format) => Promise<Answer>> = {
  async malformed_request(format) {
    // Only a real HTTP connection can carry a Host header the service refuses.
    const res = await rawRequest(
      server.port,
      head(`GET /api/health/?format=${format} HTTP/1.1`, {}, 'a b'),
    );
    return answer(res.status, res.body, format);
  },
  malformed_body: (format) =>
    post('import/meldeschein/buchen/', undefined, format, { raw: '{"meta":' }),
  validation_error: (format) =>
    post('import/meldeschein/buchen/', { meta: c.meta, meldescheine: [] }, format),
  unknown_field: (format) =>
    post(
      'import/meldeschein/buchen/',
      { meta: c.meta, meldescheine: [{ personen: [person({ Gast_Vornam: 'Typo' })] }] },
      format,
    ),
  async guest_not_in_form(format) {
    const form = await c.bookOk([person()]);
    const other = await c.bookOk([person()]);
    const body = { id: form.id, personen: [{ id: other.personen[0]!.id, Gast_Name: 'X' }] };
    return post(
      'import/meldeschein/aktualisieren/',
      { meta: c.meta, meldescheine: [body] },
      format,
    );
  },
  async form_must_keep_a_guest(format) {
    const form = await c.bookOk([person()]);
    const body = { id: form.id, personen: [{ id: form.personen[0]!.id, delete: true }] };
    return post(
      'import/meldeschein/aktualisieren/',
      { meta: c.meta, meldescheine: [body] },
      format,
    );
  },
  too_many_items: (format) =>
    post(
      'import/meldeschein/get/',
      {
        meta: c.meta,
        meldescheine: Array.from({ length: MAX_IDS_PER_CALL + 1 }, (_, i) => i + 1),
      },
      format,
    ),
  not_authenticated: (format) =>
    post('import/meldeschein/get/', { meta: c.meta, meldescheine: [1] }, format, { token: '' }),
  token_invalid: (format) =>
    post('import/meldeschein/get/', { meta: c.meta, meldescheine: [1] }, format, {
      token: 'not.a.token',
    }),
  async token_expired(format) {
    const { SignJWT } = await import('jose');
    const token = await new SignJWT({ username: 'demo' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 100)
      .setJti('expired')
      .setIssuer('test')
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(new TextEncoder().encode(process.env.JWT_SECRET));
    return post('import/meldeschein/get/', { meta: c.meta, meldescheine: [1] }, format, { token });
  },
  forbidden: (format) => post('token/', {}, format, { userAgent: null }),
  permission_denied: (format) =>
    post(
      'import/meldeschein/buchen/',
      { meta: c.meta, meldescheine: [{ personen: [person()] }] },
      format,
      {
        token: viewer,
      },
    ),
  meta_forbidden: (format) =>
    post(
      'import/meldeschein/get/',
      { meta: { ...c.meta, objekt: t.demo.objekte.agenturA }, meldescheine: [1] },
      format,
    ),
  not_found: (format) =>
    post('import/meldeschein/get/', { meta: c.meta, meldescheine: [2_147_483_000] }, format),
  async method_not_allowed(format) {
    const res = await c.api.get('import/meldeschein/buchen/', { format, token: c.token });
    return answer(res.status, res.text, format);
  },
  async duplicate_request(format) {
    const meta = { ...c.meta, requestId: fresh(), idempotent: true };
    const body = { meta, meldescheine: [{ personen: [person()] }] };
    expect((await c.post('buchen/', body)).status).toBe(200);
    return post('import/meldeschein/buchen/', body, format);
  },
  async form_not_changeable(format) {
    const form = await c.bookOk([person()]);
    await c.cancel([form.id]);
    const body = { id: form.id, personen: [{ id: form.personen[0]!.id, Gast_Name: 'X' }] };
    return post(
      'import/meldeschein/aktualisieren/',
      { meta: c.meta, meldescheine: [body] },
      format,
    );
  },
  payload_too_large: (format) =>
    post('token/', undefined, format, { raw: `"${'x'.repeat(MAX_BODY_BYTES)}"` }),
  unsupported_media_type: (format) => post('token/', {}, format, { contentType: 'text/plain' }),
  async rate_limited(format) {
    const address = `192.0.2.${format === 'json' ? 1 : 2}`;
    let last: Answer | null = null;
    for (let i = 0; i < 12; i++) {
      const res = await c.api.post(
        'token/',
        // One name from one address: its pair budget (LOGIN_MAX_FAILURES) ends first.
        { username: `nobody-${format}`, password: 'x' },
        { format, clientAddress: address },
      );
      last = answer(res.status, res.text, format);
    }
    return last!;
  },
  async service_busy(format) {
    // One check at a time, 8 waiting: of 16 parallel sign-ins some are turned away at once.
    const all = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        c.api.post(
          'token/',
          { username: `busy-${format}-${i}`, password: 'x' },
          { format, clientAddress: `198.18.${format === 'json' ? 1 : 2}.${i}` },
        ),
      ),
    );
    const busy = all.find((r) => r.status === 503) ?? all[0]!;
    return answer(busy.status, busy.text, format);
  },
  async internal_error(format) {
    // The database is unreachable: the one fault a client can meet without a bug of ours.
    const broken = createServiceHandler({
      db: () => Promise.reject(new Error('connection refused (test)')),
    });
    // The service logs the fault (expected here); the test setup fails on an unexpected one.
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const res = await broken(
        new Request(`http://service.test/api/health/?format=${format}`, {
          headers: { 'content-type': 'application/json', 'user-agent': 'contract-test' },
        }),
      );
      expect(log).toHaveBeenCalledWith('service: unexpected error', expect.anything());
      return answer(res.status, await res.text(), format);
    } finally {
      log.mockRestore();
    }
  },
};

describe('error contract', () => {
  it('has a way to provoke every code of the table', () => {
    expect(Object.keys(PROVOKE).sort()).toEqual(Object.keys(ERROR_STATUS).sort());
  });

  for (const code of Object.keys(ERROR_STATUS) as ErrorCode[]) {
    it.each(['json', 'xml'] as const)(
      `${code} carries status_code and detail (%s)`,
      async (format) => {
        const { status, body } = await PROVOKE[code](format);
        expect(status).toBe(ERROR_STATUS[code]);
        expect(body.status).toBe('error');
        expect((body.error as { code: unknown }).code).toBe(code);
        // XML carries text: the number comes back as its digits.
        expect(Number(body.status_code)).toBe(status);
        expect(typeof body.detail).toBe('string');
        expect((body.detail as string).trim()).not.toBe('');
        expect(body.detail).toBe((body.error as { message: unknown }).message);
      },
    );
  }

  it('gives every detail a code', async () => {
    const res = await c.book([person({ Gast_Name: 'x'.repeat(500), Gast_Land: 'Atlantis' })]);
    for (const d of res.json.error!.details) expect(d.code).toMatch(/^[a-z_]+$/);
    expect(res.json.error!.details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: 'too_long', params: { max: 60, length: 500 } }),
        expect.objectContaining({ code: 'invalid_country' }),
      ]),
    );
  });
});
