// The wire rules every endpoint shares (spec 1.1, DECISIONS 2.2-2.3).
import { describe, expect, it } from 'vitest';
import { ErrorBody } from '@/lib/wire/errors';
import { apiClient } from '../helpers/api';
import { useTestDb } from '../helpers/db';

const t = useTestDb();
const api = () => apiClient(t);
const creds = { username: 'demo', password: 'demo' };

function errorCode(res: { json: unknown }) {
  return ErrorBody.parse(res.json).error.code;
}

describe('trailing slash', () => {
  it('refuses a path without the slash with 404 naming the right URL, also for a POST', async () => {
    const res = await api().post('token', creds);
    expect(res.status).toBe(404);
    expect(errorCode(res)).toBe('not_found');
    expect(ErrorBody.parse(res.json).error.message).toContain('/api/token/');
  });

  it('answers unknown paths with 404 in the error envelope', async () => {
    const res = await api().get('nothing/here/');
    expect(res.status).toBe(404);
    expect(ErrorBody.parse(res.json).status).toBe('error');
  });

  it('answers a wrong method with 405 and Allow', async () => {
    const res = await api().get('token/');
    expect(res.status).toBe(405);
    expect(errorCode(res)).toBe('method_not_allowed');
    expect(res.headers.get('allow')).toBe('POST');
  });
});

describe('mandatory headers', () => {
  it.each([
    ['Content-Type missing', { contentType: null }],
    ['User-Agent missing', { userAgent: null }],
    ['User-Agent empty', { userAgent: '' }],
    ['Content-Type empty', { contentType: '' }],
  ])('%s on POST is 403', async (_name, o) => {
    const res = await api().post('token/', creds, o);
    expect(res.status).toBe(403);
    expect(errorCode(res)).toBe('forbidden');
  });

  it('applies to GET too', async () => {
    const token = await api().login('demo');
    const res = await api().get('users/get_current_user/', { token, contentType: null });
    expect(res.status).toBe(403);
  });

  it('refuses an unsupported Content-Type with 415', async () => {
    const res = await api().post('token/', creds, { contentType: 'text/plain' });
    expect(res.status).toBe(415);
    expect(errorCode(res)).toBe('unsupported_media_type');
  });

  it('refuses form data where only token/ takes it', async () => {
    const token = await api().login('demo');
    const res = await api().post('token/refresh/', undefined, {
      token,
      contentType: 'application/x-www-form-urlencoded',
      raw: '',
    });
    expect(res.status).toBe(415);
  });

  it('refuses a charset other than UTF-8 with 415', async () => {
    const res = await api().post('token/', creds, {
      contentType: 'application/json; charset=latin1',
    });
    expect(res.status).toBe(415);
  });
});

describe('format', () => {
  it('refuses an unknown format with 400', async () => {
    const res = await api().post('token/', creds, { query: { format: 'yaml' } });
    expect(res.status).toBe(400);
    expect(ErrorBody.parse(res.json).error.details[0]?.path).toBe('format');
  });

  it('answers XML errors in <root> with status, status_code, detail, code and message', async () => {
    const res = await api().post('token/', { username: 'demo' }, { format: 'xml' });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/xml');
    expect(res.text).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?><root><status>error<\/status><status_code>400<\/status_code><detail>The request body is invalid[^<]*<\/detail><error><code>validation_error<\/code>/,
    );
    expect(res.text).toContain(
      '<details><list-item><path>password</path><code>required</code><message>',
    );
  });
});

describe('body', () => {
  it('answers malformed JSON with 400 malformed_body', async () => {
    const res = await api().post('token/', undefined, { raw: '{"username": "demo",' });
    expect(res.status).toBe(400);
    expect(errorCode(res)).toBe('malformed_body');
  });

  it('answers a JSON array body with 400', async () => {
    const res = await api().post('token/', undefined, { raw: '[1,2]' });
    expect(res.status).toBe(400);
    expect(errorCode(res)).toBe('malformed_body');
  });

  it('answers a body over 1 MiB with 413', async () => {
    const raw = JSON.stringify({ username: 'demo', password: 'x'.repeat(1024 * 1024) });
    const res = await api().post('token/', undefined, { raw });
    expect(res.status).toBe(413);
    expect(errorCode(res)).toBe('payload_too_large');
  });

  it('answers invalid UTF-8 with 400', async () => {
    const handler = api().handler;
    const res = await handler(
      new Request('http://service.test/api/token/', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'x' },
        body: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]),
      }),
    );
    expect(res.status).toBe(400);
  });

  it('refuses XML with a DOCTYPE (no entity expansion)', async () => {
    const raw =
      '<?xml version="1.0"?><!DOCTYPE root [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><root><username>&b;</username><password>x</password></root>';
    const res = await api().post('token/', undefined, { raw, contentType: 'application/xml' });
    expect(res.status).toBe(400);
    expect(errorCode(res)).toBe('malformed_body');
  });

  it('refuses XML that is not well-formed', async () => {
    const raw = '<root><username>demo</password></root>';
    const res = await api().post('token/', undefined, { raw, contentType: 'application/xml' });
    expect(res.status).toBe(400);
    expect(errorCode(res)).toBe('malformed_body');
  });

  it('refuses an XML document whose root is not <root>', async () => {
    const raw = '<login><username>demo</username><password>demo</password></login>';
    const res = await api().post('token/', undefined, { raw, contentType: 'application/xml' });
    expect(res.status).toBe(400);
  });
});

describe('extensions', () => {
  it('health/ reports the database', async () => {
    const res = await api().get('health/');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: 'ok', database: true });
  });

  it('schema/<name>/ serves the JSON Schema of a request', async () => {
    const res = await api().get<{ properties: Record<string, unknown>; required: string[] }>(
      'schema/token/',
    );
    expect(res.status).toBe(200);
    expect(Object.keys(res.json.properties)).toEqual(['username', 'password']);
    expect(res.json.required).toEqual(['username', 'password']);
  });

  it('schema/<unknown>/ is 404', async () => {
    const res = await api().get('schema/nope/');
    expect(res.status).toBe(404);
  });
});
